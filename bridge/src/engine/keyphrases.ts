import type { Stem } from './stemmer.js';
import { isContentWord, tokenize } from './tokenizer.js';

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
  while (first <= last && stem.isStopword(words[first]!)) first += 1;
  while (last >= first && stem.isStopword(words[last]!)) last -= 1;
  if (first > last || last - first + 1 > MAX_PHRASE_WORDS) return null;
  const kept = words.slice(first, last + 1);
  if (!kept.some((word) => isContentWord(word, stem))) return null;
  return kept.map(stem);
}
