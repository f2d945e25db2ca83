import type { Stem } from './stemmer.js';
import { isStopword } from './stopwords.js';
import type { StemTable } from './document-terms.js';
import { isContentWord, tokenize, type Tokens } from './tokenizer.js';

/** Longest phrase the matcher looks for, in words. */
export const MAX_PHRASE_WORDS = 6;

/**
 * The stems of a short text as a phrase: leading and trailing stopwords dropped, inner ones kept.
 * Null when nothing of substance is left or the text is too long to be a name.
 */
export function phraseStems(text: string, stem: Stem): string[] | null {
  const { words } = tokenize(text);
  let first = 0;
  let last = words.length - 1;
  while (first <= last && isStopword(words[first]!)) first += 1;
  while (last >= first && isStopword(words[last]!)) last -= 1;
  if (first > last || last - first + 1 > MAX_PHRASE_WORDS) return null;
  const kept = words.slice(first, last + 1);
  if (!kept.some(isContentWord)) return null;
  return kept.map(stem);
}

/** Local stem ids fit in 17 bits, so an n-gram of up to three packs into one safe integer key. */
const LOCAL_BITS = 17;
const LOCAL_SPACE = 2 ** LOCAL_BITS;

/**
 * Word n-grams (2–3 words) the page repeats: candidates for names of its topic ("package manager", "boot loader").
 * Only runs of words joined by a single space or hyphen count, so phrases never span punctuation or blocks.
 */
export function repeatedNgrams(tokens: Tokens, table: StemTable, limit: number): string[][] {
  const counts = new Map<number, number>();
  const content = (i: number): boolean => table.content[table.stemOf[i]!] === 1 && isContentWord(tokens.words[i]!);
  for (let i = 0; i < tokens.count; i += 1) {
    if (!content(i)) continue;
    if (table.stemOf[i]! >= LOCAL_SPACE - 1) continue;
    // Each digit is a stem id + 1, so no digit is 0 and the key decodes unambiguously.
    let key = table.stemOf[i]! + 1;
    for (let n = 2; n <= 3 && i + n - 1 < tokens.count; n += 1) {
      const j = i + n - 1;
      const next = table.stemOf[j]!;
      if (tokens.joined[j] === 0 || next >= LOCAL_SPACE - 1) break;
      key = key * LOCAL_SPACE + next + 1;
      if (content(j)) counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  const decode = (key: number): string[] => {
    const ids: number[] = [];
    let rest = key;
    while (rest > 0) {
      ids.unshift((rest % LOCAL_SPACE) - 1);
      rest = Math.floor(rest / LOCAL_SPACE);
    }
    return ids.map((id) => table.stems[id]!);
  };
  return [...counts]
    .filter(([, count]) => count >= 2)
    .map(([key, count]) => ({ stems: decode(key), count }))
    .sort((a, b) => b.count * b.stems.length - a.count * a.stems.length || (a.stems.join(' ') < b.stems.join(' ') ? -1 : 1))
    .slice(0, limit)
    .map((ngram) => ngram.stems);
}
