import { isStopword } from './stopwords.js';

/** Word tokens of a text with their character offsets (UTF-16 code units, as String.prototype.slice counts). */
export interface Tokens {
  count: number;
  starts: Int32Array;
  ends: Int32Array;
  /** Lower-case words, typographic apostrophes folded to "'". */
  words: string[];
  /** 1 when the gap before the token is a single space, hyphen or slash, so a phrase may run across it. */
  joined: Uint8Array;
}

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu;
const JOINING_GAPS: ReadonlySet<string> = new Set([' ', '-', '‐', '/']);

export function tokenize(text: string): Tokens {
  const starts: number[] = [];
  const ends: number[] = [];
  const words: string[] = [];
  for (const match of text.matchAll(WORD)) {
    const start = match.index;
    starts.push(start);
    ends.push(start + match[0].length);
    words.push(match[0].toLowerCase().replaceAll('’', "'"));
  }
  const count = words.length;
  const joined = new Uint8Array(count);
  for (let i = 1; i < count; i += 1) {
    const gapStart = ends[i - 1]!;
    const gapEnd = starts[i]!;
    if (gapEnd - gapStart === 1 && JOINING_GAPS.has(text[gapStart]!)) joined[i] = 1;
  }
  return { count, starts: Int32Array.from(starts), ends: Int32Array.from(ends), words, joined };
}

const DIGITS = /^\d+$/;

/** Whether a word can describe a topic: not a function word, not a bare number, not a single character. */
export function isContentWord(word: string): boolean {
  return word.length > 1 && !isStopword(word) && !DIGITS.test(word);
}
