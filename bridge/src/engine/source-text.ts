import type { SiteCorpus } from './site-corpus.js';
import type { Stem } from './stemmer.js';
import { tokenizeWithWords, type Tokens } from './tokenizer.js';

/** The source page's text ready for anchor search: tokens, their term ids, and where anchors may go. */
export interface SourceText {
  text: string;
  tokens: Tokens;
  /** Term id per token, -1 for words the site's vocabulary does not know. */
  termIds: Int32Array;
  /** Eligible span index per token, -1 when the token may not be part of an anchor. */
  spans: Int32Array;
  /** The eligible spans themselves: flattened [start, end) text offsets. */
  eligible: ArrayLike<number>;
  /** 1 for stopwords: an anchor neither starts nor ends with one. */
  stop: Uint8Array;
  /** The page's primary language subtag ("en", "de"): which cue words are read before an anchor. */
  language: string;
}

/** Where the block (text between line breaks) holding the character at `offset` starts. */
export function blockStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset) + 1;
}

/** Where the block holding the character at `offset` ends: its line break, or the end of the text. */
export function blockEnd(text: string, offset: number): number {
  const newline = text.indexOf('\n', offset);
  return newline === -1 ? text.length : newline;
}

/** A page's stored text: the visible text, its eligible spans and, when known, the term id of each distinct word. */
export interface StoredSourceText {
  text: string;
  eligible: ArrayLike<number>;
  wordTermIds: Int32Array | null;
}

/** The source's text, read with its language's stemmer and stop words (`stem`). */
export function readSourceText(stored: StoredSourceText, corpus: SiteCorpus, stem: Stem): SourceText {
  const { text, eligible } = stored;
  const { tokens, words } = tokenizeWithWords(text);
  // Term ids stored at sync save stemming and a vocabulary look-up per word; pages indexed before they were stored
  // (or whose tokenisation changed since) are looked up word by word.
  const { distinct } = words;
  let wordTerm = stored.wordTermIds;
  if (wordTerm === null || wordTerm.length !== distinct.length) {
    wordTerm = new Int32Array(distinct.length);
    for (let word = 0; word < distinct.length; word += 1) wordTerm[word] = corpus.termIdOfWord(distinct[word]!, stem);
  }
  // Loops, not TypedArray.from(list, map), which goes through the iterator protocol and a call per word.
  const wordStop = new Uint8Array(distinct.length);
  for (let word = 0; word < distinct.length; word += 1) wordStop[word] = stem.isStopword(distinct[word]!) ? 1 : 0;
  const termIds = new Int32Array(tokens.count);
  const spans = new Int32Array(tokens.count).fill(-1);
  const stop = new Uint8Array(tokens.count);
  let span = 0;
  for (let i = 0; i < tokens.count; i += 1) {
    const word = words.wordOf[i]!;
    termIds[i] = word === -1 ? -1 : wordTerm[word]!;
    stop[i] = word === -1 ? 0 : wordStop[word]!;
    const start = tokens.starts[i]!;
    while (span * 2 < eligible.length && eligible[span * 2 + 1]! <= start) span += 1;
    if (span * 2 < eligible.length && eligible[span * 2]! <= start && tokens.ends[i]! <= eligible[span * 2 + 1]!) spans[i] = span;
  }
  return { text, tokens, termIds, spans, eligible, stop, language: stem.language };
}

/** Whether tokens first..last can form one anchor: one eligible text node, joined by single spaces or hyphens. */
export function isAnchorRun(source: SourceText, first: number, last: number): boolean {
  const span = source.spans[first]!;
  if (span === -1) return false;
  for (let i = first + 1; i <= last; i += 1) {
    if (source.spans[i] !== span || source.tokens.joined[i] === 0) return false;
  }
  return true;
}
