import type { Stem } from './stemmer.js';
import { isContentWord, tokenize, type Tokens, type WordTable } from './tokenizer.js';

/** Title words count as this many body occurrences: a title names the topic more surely than any paragraph. */
export const TITLE_WEIGHT = 3;

export interface DocumentTerms {
  /** Distinct content stems and their (title-weighted) frequencies; parallel arrays. */
  stems: string[];
  counts: number[];
  /** Content words in the body: the length BM25 normalises by. */
  length: number;
  /** Per stem of the StemTable: its index in `stems`, or -1 when it stems no content word of the body. */
  stemIndex: Int32Array;
}

/** Stems per distinct word, and per token the index of its stem in `stems` (a page-local stem id). */
export interface StemTable {
  stems: string[];
  /** -1 for a token whose word is not in the WordTable. */
  stemOf: Int32Array;
  /** Per distinct word (of the WordTable): the index of its stem in `stems`. */
  stemOfWord: Int32Array;
  /** Per distinct stem: 1 when it comes from a content word. */
  content: Uint8Array;
  /** Per distinct word (of the WordTable): 1 for a content word. */
  contentWord: Uint8Array;
}

export function stemTable(tokens: Tokens, words: WordTable, stem: Stem): StemTable {
  const index = new Map<string, number>();
  const stems: string[] = [];
  const contentFlags: number[] = [];
  const byWord = new Int32Array(words.distinct.length);
  const contentWord = new Uint8Array(words.distinct.length);
  words.distinct.forEach((word, w) => {
    const s = stem(word);
    let id = index.get(s);
    if (id === undefined) {
      id = stems.length;
      index.set(s, id);
      stems.push(s);
      contentFlags.push(0);
    }
    if (isContentWord(word, stem)) {
      contentWord[w] = 1;
      contentFlags[id] = 1;
    }
    byWord[w] = id;
  });
  const stemOf = new Int32Array(tokens.count);
  for (let i = 0; i < tokens.count; i += 1) {
    const word = words.wordOf[i]!;
    stemOf[i] = word === -1 ? -1 : byWord[word]!;
  }
  return { stems, stemOf, stemOfWord: byWord, content: Uint8Array.from(contentFlags), contentWord };
}

/** The bag of content stems of a page: body words plus weighted title words. */
export function documentTerms(tokens: Tokens, words: WordTable, table: StemTable, title: string, stem: Stem): DocumentTerms {
  const { contentWord } = table;
  const counts = new Int32Array(table.stems.length);
  let length = 0;
  for (let i = 0; i < tokens.count; i += 1) {
    const word = words.wordOf[i]!;
    // Words beyond the page's vocabulary (MAX_DISTINCT_WORDS) are no terms.
    if (word === -1 || contentWord[word] === 0) continue;
    length += 1;
    const id = table.stemOf[i]!;
    counts[id] = counts[id]! + 1;
  }
  const result = new Map<string, number>();
  const stemIndex = new Int32Array(table.stems.length).fill(-1);
  table.stems.forEach((s, id) => {
    if (counts[id]! === 0) return;
    stemIndex[id] = result.size;
    result.set(s, counts[id]!);
  });
  for (const word of tokenize(title).words) {
    if (!isContentWord(word, stem)) continue;
    const s = stem(word);
    result.set(s, (result.get(s) ?? 0) + TITLE_WEIGHT);
  }
  // Title words only add to the end or to counts in place, so body stems keep their index.
  return { stems: [...result.keys()], counts: [...result.values()], length, stemIndex };
}
