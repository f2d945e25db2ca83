import snowball from 'snowball-stemmers';
import { DEFAULT_LANGUAGE, primaryLanguage } from './language.js';
import { stopwordsOf } from './stopwords.js';

/**
 * One language's analysis of words: maps a lower-case word to its stem (stopwords stem to themselves so phrases keep
 * them recognisable), and says which words are that language's function words.
 *
 * English stems are the Snowball stems themselves. Another language's carry its primary subtag ("de:haus"): a site's
 * pages share one term dictionary, and a tag no word can contain (words are letters, digits and apostrophes) keeps
 * the German "die" apart from the English "die", and "information" in French from "information" in English, each
 * with its own document frequency. English stays untagged, so dictionaries stored before pages had a language stay
 * valid.
 */
export interface Stem {
  (word: string): string;
  /** The primary language subtag ("en", "de"). */
  readonly language: string;
  readonly isStopword: (word: string) => boolean;
}

const CACHE_LIMIT = 200_000;

/** Snowball's algorithm for each primary language subtag it has one for; other languages are only lower-cased. */
const SNOWBALL_ALGORITHMS: Readonly<Record<string, string>> = {
  ar: 'arabic',
  ca: 'catalan',
  cs: 'czech',
  da: 'danish',
  de: 'german',
  en: 'english',
  es: 'spanish',
  eu: 'basque',
  fi: 'finnish',
  fr: 'french',
  ga: 'irish',
  hu: 'hungarian',
  hy: 'armenian',
  it: 'italian',
  nb: 'norwegian',
  nl: 'dutch',
  nn: 'norwegian',
  no: 'norwegian',
  pt: 'portuguese',
  ro: 'romanian',
  ru: 'russian',
  sl: 'slovene',
  sv: 'swedish',
  ta: 'tamil',
  tr: 'turkish',
};

/**
 * Elided articles and pronouns written onto the next word ("l'installation", "dell'utente"): the tokenizer keeps
 * them in the word, and the stem is the stem of what follows, so "l'installation" and "installation" are one term.
 */
const ELISIONS: Readonly<Record<string, RegExp>> = {
  fr: /^(?:[cdjlmnst]|qu|jusqu|lorsqu|puisqu|quoiqu)'(?=\p{L})/u,
  it: /^(?:[cdlmnst]|all|dall|dell|nell|sull|coll|un|quest|quell)'(?=\p{L})/u,
  ca: /^(?:[dlmnst])'(?=\p{L})/u,
};

/** Whether the engine stems a primary language subtag with Snowball (else its words are only lower-cased). */
export function hasStemmer(language: string): boolean {
  return SNOWBALL_ALGORITHMS[language] !== undefined;
}

/**
 * A cached stemmer for a primary language subtag. Word frequencies are Zipfian, so a cache answers almost every call;
 * it is cleared when full rather than tracked as an LRU, which costs a few misses and no bookkeeping.
 */
export function createStemmer(language: string = DEFAULT_LANGUAGE): Stem {
  const algorithm = SNOWBALL_ALGORITHMS[language];
  const snowballStemmer = algorithm === undefined ? null : snowball.newStemmer(algorithm);
  const stopwords = stopwordsOf(language);
  const elision = ELISIONS[language];
  const tag = language === DEFAULT_LANGUAGE ? '' : `${language}:`;
  const cache = new Map<string, string>();
  const stem = (word: string): string => {
    const cached = cache.get(word);
    if (cached !== undefined) return cached;
    const bare = elision === undefined ? word : word.replace(elision, '');
    const stemmed = stopwords.has(bare) || snowballStemmer === null ? bare : snowballStemmer.stem(bare);
    const result = tag + stemmed;
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(word, result);
    return result;
  };
  return Object.assign(stem, { language, isStopword: (word: string): boolean => stopwords.has(word) });
}

const stemmers = new Map<string, Stem>();

/** The stemmer of a language tag's primary subtag ("de-AT" → German), one per subtag and thread with its cache. */
export function stemmerFor(tag: string | undefined): Stem {
  const language = primaryLanguage(tag);
  let stem = stemmers.get(language);
  if (stem === undefined) {
    stem = createStemmer(language);
    stemmers.set(language, stem);
  }
  return stem;
}

/** The language of a term from its stem: the tag before ':' ("de:haus"), English for an untagged stem. */
export function languageOfStem(stem: string): string {
  const colon = stem.indexOf(':');
  return colon === -1 ? DEFAULT_LANGUAGE : stem.slice(0, colon);
}

/** English, the language of every page sent without one. */
export const stemEnglish: Stem = stemmerFor(DEFAULT_LANGUAGE);
