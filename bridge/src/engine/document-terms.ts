import type { Stem } from './stemmer.js';
import { isContentWord, tokenize, type Tokens } from './tokenizer.js';

/** Title words count as this many body occurrences: a title names the topic more surely than any paragraph. */
export const TITLE_WEIGHT = 3;

export interface DocumentTerms {
  /** Distinct content stems and their (title-weighted) frequencies; parallel arrays. */
  stems: string[];
  counts: number[];
  /** Content words in the body: the length BM25 normalises by. */
  length: number;
}

/** The bag of content stems of a page. The same function serves sync and the re-reading of stored text. */
export function documentTerms(bodyTokens: Tokens, bodyStems: readonly string[], title: string, stem: Stem): DocumentTerms {
  const counts = new Map<string, number>();
  let length = 0;
  for (let i = 0; i < bodyTokens.count; i += 1) {
    if (!isContentWord(bodyTokens.words[i]!)) continue;
    length += 1;
    const s = bodyStems[i]!;
    counts.set(s, (counts.get(s) ?? 0) + 1);
  }
  for (const word of tokenize(title).words) {
    if (!isContentWord(word)) continue;
    const s = stem(word);
    counts.set(s, (counts.get(s) ?? 0) + TITLE_WEIGHT);
  }
  return { stems: [...counts.keys()], counts: [...counts.values()], length };
}

export function stemAll(tokens: Tokens, stem: Stem): string[] {
  return tokens.words.map(stem);
}
