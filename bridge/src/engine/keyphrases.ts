import type { Stem } from './stemmer.js';
import { isStopword } from './stopwords.js';
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

/**
 * Word n-grams (2–3 words) the page repeats: candidates for names of its topic ("package manager", "boot loader").
 * Only runs of words joined by a single space or hyphen count, so phrases never span punctuation or blocks.
 */
export function repeatedNgrams(tokens: Tokens, stems: readonly string[], limit: number): string[][] {
  const counts = new Map<string, number>();
  for (let i = 0; i < tokens.count; i += 1) {
    if (!isContentWord(tokens.words[i]!)) continue;
    let key = stems[i]!;
    for (let n = 2; n <= 3 && i + n - 1 < tokens.count; n += 1) {
      const j = i + n - 1;
      if (tokens.joined[j] === 0) break;
      key += ` ${stems[j]!}`;
      if (isContentWord(tokens.words[j]!)) counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return [...counts]
    .filter(([, count]) => count >= 2)
    .sort((a, b) => b[1] * b[0].length - a[1] * a[0].length || (a[0] < b[0] ? -1 : 1))
    .slice(0, limit)
    .map(([key]) => key.split(' '));
}
