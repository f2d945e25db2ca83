import { stemEnglish, type Stem } from './stemmer.js';

/** Word tokens of a text with their character offsets (UTF-16 code units, as String.prototype.slice counts). */
export interface Tokens {
  count: number;
  starts: Int32Array;
  ends: Int32Array;
  /** Lower-case words, typographic apostrophes folded to "'". */
  words: string[];
  /**
   * 1 when the gap before the token is one space, hyphen, slash, dot or underscore, so a phrase may run across it
   * ("boot loader", "apt-get", "os.path", "sys_path"); a sentence end has a space after its dot, so it never joins.
   */
  joined: Uint8Array;
}

/**
 * Longest run of letters and digits taken as a word (the quality corpora's longest are 128-character hashes). A longer
 * one is data (base64, a hash, garbage), not language: it is skipped, so that the Snowball stemmer (which takes time
 * in the square of a word's length) and every vocabulary downstream only ever hold words of bounded length.
 */
export const MAX_WORD_LENGTH = 128;

/** A letter or digit in any script: the characters words are made of. */
const WORD_CHARACTER = /^[\p{L}\p{N}]$/u;
const APOSTROPHE = 39;
const TYPOGRAPHIC_APOSTROPHE = 0x2019;
const SPACE = 32;
const HYPHEN = 45;
const SLASH = 47;
const HYPHEN_U2010 = 0x2010;
const DOT = 46;
const UNDERSCORE = 95;

/** Letters and digits of ASCII, looked up by code: text is mostly ASCII, and a table beats a Unicode regex. */
const ASCII_WORD = Uint8Array.from({ length: 128 }, (_, code) => (WORD_CHARACTER.test(String.fromCharCode(code)) ? 1 : 0));

/** Length in UTF-16 units of the letter or digit at `index` (2 for one outside the BMP), or 0 when there is none. */
function wordCharacterAt(text: string, index: number): number {
  const code = text.charCodeAt(index);
  if (code < 128) return ASCII_WORD[code]!;
  if (Number.isNaN(code)) return 0;
  const point = text.codePointAt(index)!;
  const units = point > 0xffff ? 2 : 1;
  return WORD_CHARACTER.test(text.slice(index, index + units)) ? units : 0;
}

/** Where the word starting at `start` ends: letters and digits, joined by single apostrophes ("editor’s"). */
function wordEnd(text: string, start: number): number {
  let end = start;
  for (;;) {
    for (let units = wordCharacterAt(text, end); units > 0; units = wordCharacterAt(text, end)) end += units;
    const next = text.charCodeAt(end);
    if ((next !== APOSTROPHE && next !== TYPOGRAPHIC_APOSTROPHE) || wordCharacterAt(text, end + 1) === 0) return end;
    end += 1;
  }
}

export function tokenize(text: string): Tokens {
  // Lower-casing the whole text once is much faster than per word; it keeps offsets unless a character changes
  // length when lower-cased (e.g. "İ"), which then falls back to per-word lower-casing.
  const lower = text.toLowerCase();
  const sameOffsets = lower.length === text.length;
  let starts: Int32Array = new Int32Array(Math.max(16, text.length >>> 3));
  let ends: Int32Array = new Int32Array(starts.length);
  const words: string[] = [];
  let count = 0;
  for (let start = 0; start < text.length; ) {
    const units = wordCharacterAt(text, start);
    if (units === 0) {
      start += 1;
      continue;
    }
    const end = wordEnd(text, start);
    if (end - start > MAX_WORD_LENGTH) {
      start = end;
      continue;
    }
    if (count === starts.length) {
      starts = grow(starts);
      ends = grow(ends);
    }
    starts[count] = start;
    ends[count] = end;
    let word = sameOffsets ? lower.slice(start, end) : text.slice(start, end).toLowerCase();
    if (word.includes('’')) word = word.replaceAll('’', "'");
    words.push(word);
    count += 1;
    start = end;
  }
  const joined = new Uint8Array(count);
  for (let i = 1; i < count; i += 1) {
    const gapStart = ends[i - 1]!;
    if (starts[i]! - gapStart !== 1) continue;
    const gap = text.charCodeAt(gapStart);
    if (gap === SPACE || gap === HYPHEN || gap === SLASH || gap === HYPHEN_U2010 || gap === DOT || gap === UNDERSCORE) joined[i] = 1;
  }
  return { count, starts: starts.subarray(0, count), ends: ends.subarray(0, count), words, joined };
}

function grow(array: Int32Array): Int32Array {
  const grown = new Int32Array(array.length * 2);
  grown.set(array);
  return grown;
}

/**
 * Distinct words a page's vocabulary holds (the quality corpora's pages have at most 3,516). Each one is stemmed and
 * becomes a term of the site, which costs microseconds apiece: a 2 MiB page of distinct made-up words (420,000) took
 * 7 s. Words first seen after the limit are not terms of the page.
 */
export const MAX_DISTINCT_WORDS = 30_000;

/**
 * The distinct words of a token list and, per token, the index of its word: work per distinct word (stemming,
 * vocabulary look-ups) then costs one pass over a few hundred words instead of every token.
 */
export interface WordTable {
  /** At most MAX_DISTINCT_WORDS, in order of first occurrence. */
  distinct: string[];
  /** -1 for a token whose word is not among `distinct`. */
  wordOf: Int32Array;
}

export function wordTable(tokens: Tokens): WordTable {
  const index = new Map<string, number>();
  const distinct: string[] = [];
  const wordOf = new Int32Array(tokens.count);
  for (let i = 0; i < tokens.count; i += 1) {
    const word = tokens.words[i]!;
    let id = index.get(word);
    if (id === undefined) {
      if (distinct.length === MAX_DISTINCT_WORDS) {
        wordOf[i] = -1;
        continue;
      }
      id = distinct.length;
      index.set(word, id);
      distinct.push(word);
    }
    wordOf[i] = id;
  }
  return { distinct, wordOf };
}

/**
 * `tokenize(text)` and the `wordTable` of its tokens, the same, in one pass: a word seen before is found by hashing
 * its characters where they stand in the lower-cased text and comparing them there, so a repeated word (two tokens
 * in three on a page) costs neither a new string nor a Map look-up of one, and its tokens share its string.
 */
export function tokenizeWithWords(text: string): { tokens: Tokens; words: WordTable } {
  const lower = text.toLowerCase();
  const sameOffsets = lower.length === text.length;
  // A word and its gap take about six characters: room for a quarter of the length rarely has to grow.
  let starts: Int32Array = new Int32Array(Math.max(16, text.length >>> 2));
  let ends: Int32Array = new Int32Array(starts.length);
  let wordOf: Int32Array = new Int32Array(starts.length);
  const words: string[] = [];
  const distinct: string[] = [];
  const hashes: number[] = [];
  /** Per distinct word, where it first stands in `lower`, or -1 when it is not spelled there (see `inPlace`). */
  const firstAt: number[] = [];
  const lengths: number[] = [];
  /**
   * Open addressing: 1 + the index in `distinct` of the word hashed there, 0 for an empty slot. Sized for a page's
   * usual vocabulary (one distinct word in ~20 characters) so that it rarely grows.
   */
  let slots: Int32Array = new Int32Array(Math.min(1 << 16, Math.max(1024, 2 ** Math.ceil(Math.log2(text.length / 8)))));
  let count = 0;
  const { length } = text;
  for (let start = 0; start < length; ) {
    const code = text.charCodeAt(start);
    if (code < 128 ? ASCII_WORD[code] === 0 : wordCharacterAt(text, start) === 0) {
      start += 1;
      continue;
    }
    // The word's end as wordEnd finds it, hashing its characters as lower-cased on the way: the word as tokenize
    // spells it is lower[start, end) unless offsets moved or it holds a typographic apostrophe (then not `inPlace`).
    let end = start;
    let hash = HASH_SEED;
    let inPlace = sameOffsets;
    // Reads stay inside the text: charCodeAt past its end answers NaN, and one NaN makes V8 recompile the loop
    // for doubles, several times slower on every character.
    for (;;) {
      while (end < length) {
        const unit = text.charCodeAt(end);
        if (unit < 128) {
          if (ASCII_WORD[unit] === 0) break;
          // ASCII lower-cases on its own: lower[end] when offsets are the same.
          hash = Math.imul(hash ^ (unit >= 65 && unit <= 90 ? unit + 32 : unit), HASH_PRIME);
          end += 1;
        } else {
          const units = wordCharacterAt(text, end);
          if (units === 0) break;
          hash = Math.imul(hash ^ lower.charCodeAt(end), HASH_PRIME);
          if (units === 2) hash = Math.imul(hash ^ lower.charCodeAt(end + 1), HASH_PRIME);
          end += units;
        }
      }
      if (end + 1 >= length) break;
      const next = text.charCodeAt(end);
      if ((next !== APOSTROPHE && next !== TYPOGRAPHIC_APOSTROPHE) || wordCharacterAt(text, end + 1) === 0) break;
      if (next === TYPOGRAPHIC_APOSTROPHE) inPlace = false;
      hash = Math.imul(hash ^ next, HASH_PRIME);
      end += 1;
    }
    if (end - start > MAX_WORD_LENGTH) {
      start = end;
      continue;
    }
    if (count === starts.length) {
      starts = grow(starts);
      ends = grow(ends);
      wordOf = grow(wordOf);
    }
    starts[count] = start;
    ends[count] = end;
    let spelled: string | null = null;
    if (!inPlace) {
      spelled = sameOffsets ? lower.slice(start, end) : text.slice(start, end).toLowerCase();
      if (spelled.includes('’')) spelled = spelled.replaceAll('’', "'");
      hash = hashOf(spelled);
    }
    const wordLength = spelled === null ? end - start : spelled.length;
    const mask = slots.length - 1;
    let slot = hash & mask;
    let id = -1;
    for (; slots[slot] !== 0; slot = (slot + 1) & mask) {
      const candidate = slots[slot]! - 1;
      if (hashes[candidate] !== hash) continue;
      if (lengths[candidate] !== wordLength) continue;
      const at = firstAt[candidate]!;
      // A word first seen where it stands in `lower` is compared there, character by character, not as a string.
      let same: boolean;
      if (spelled !== null) same = distinct[candidate] === spelled;
      else if (at !== -1) same = sameRun(lower, at, start, wordLength);
      else same = lower.startsWith(distinct[candidate]!, start);
      if (same) {
        id = candidate;
        break;
      }
    }
    if (id !== -1) {
      words.push(distinct[id]!);
      wordOf[count] = id;
    } else {
      const word = spelled ?? lower.slice(start, end);
      words.push(word);
      if (distinct.length === MAX_DISTINCT_WORDS) {
        wordOf[count] = -1;
      } else {
        id = distinct.length;
        distinct.push(word);
        hashes.push(hash);
        firstAt.push(spelled === null ? start : -1);
        lengths.push(wordLength);
        slots[slot] = id + 1;
        wordOf[count] = id;
        if (distinct.length * 2 > slots.length) slots = rehash(slots.length * 2, hashes);
      }
    }
    count += 1;
    start = end;
  }
  const joined = new Uint8Array(count);
  for (let i = 1; i < count; i += 1) {
    const gapStart = ends[i - 1]!;
    if (starts[i]! - gapStart !== 1) continue;
    const gap = text.charCodeAt(gapStart);
    if (gap === SPACE || gap === HYPHEN || gap === SLASH || gap === HYPHEN_U2010 || gap === DOT || gap === UNDERSCORE) joined[i] = 1;
  }
  return {
    tokens: { count, starts: starts.subarray(0, count), ends: ends.subarray(0, count), words, joined },
    words: { distinct, wordOf: wordOf.slice(0, count) },
  };
}

/** Whether the `length` characters of `text` at `first` and at `second` are the same. */
function sameRun(text: string, first: number, second: number, length: number): boolean {
  for (let i = 0; i < length; i += 1) if (text.charCodeAt(first + i) !== text.charCodeAt(second + i)) return false;
  return true;
}

const HASH_SEED = 0x811c9dc5;
const HASH_PRIME = 0x01000193;

function hashOf(word: string): number {
  let hash = HASH_SEED;
  for (let at = 0; at < word.length; at += 1) hash = Math.imul(hash ^ word.charCodeAt(at), HASH_PRIME);
  return hash;
}

/** The slots of `hashes`' words in a table of `size` (a power of two). */
function rehash(size: number, hashes: readonly number[]): Int32Array {
  const slots = new Int32Array(size);
  const mask = size - 1;
  hashes.forEach((hash, id) => {
    let slot = hash & mask;
    while (slots[slot] !== 0) slot = (slot + 1) & mask;
    slots[slot] = id + 1;
  });
  return slots;
}

const DIGITS = /^\d+$/;

/**
 * Whether a word can describe a topic: not a function word of the page's language (`stem`'s), not a bare number, not a
 * single character.
 */
export function isContentWord(word: string, stem: Pick<Stem, 'isStopword'> = stemEnglish): boolean {
  return word.length > 1 && !stem.isStopword(word) && !DIGITS.test(word);
}
