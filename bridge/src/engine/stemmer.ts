import snowball from 'snowball-stemmers';
import { isStopword } from './stopwords.js';

/** Maps a lower-case word to its stem. Stopwords stem to themselves so phrases keep them recognisable. */
export type Stem = (word: string) => string;

const CACHE_LIMIT = 200_000;

/**
 * A cached Snowball stemmer. Word frequencies are Zipfian, so a cache answers almost every call; it is cleared when
 * full rather than tracked as an LRU, which costs a few misses and no bookkeeping.
 */
export function createStemmer(language = 'english'): Stem {
  const stemmer = snowball.newStemmer(language);
  const cache = new Map<string, string>();
  return (word: string): string => {
    const cached = cache.get(word);
    if (cached !== undefined) return cached;
    const stem = isStopword(word) ? word : stemmer.stem(word);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(word, stem);
    return stem;
  };
}

/** The stemmer every analysis uses until pages carry a language. */
export const stemEnglish: Stem = createStemmer('english');
