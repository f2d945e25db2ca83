import { blockDelimiters, maskBlockDelimiters } from './block-delimiters.js';

/** Quoted attribute values looked through in one tag for a "]" WordPress would end the tag at. */
const MAX_QUOTED_VALUES = 32;

/** Characters a shortcode name cannot hold (add_shortcode() refuses them); every other character may be in one. */
function isNameChar(code: number): boolean {
  return code > 0x20 && code !== 0x3c && code !== 0x3e && code !== 0x26 && code !== 0x2f && code !== 0x5b && code !== 0x5d && code !== 0x3d;
}

function nameLength(text: string, from: number): number {
  let at = from;
  while (at < text.length && isNameChar(text.charCodeAt(at))) at += 1;
  return at - from;
}

function positions(text: string, char: string): number[] {
  const found: number[] = [];
  for (let at = text.indexOf(char); at !== -1; at = text.indexOf(char, at + 1)) found.push(at);
  return found;
}

/** The first of the sorted `list` at or after `from`, or -1. */
function next(list: readonly number[], from: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (list[middle]! < from) low = middle + 1;
    else high = middle;
  }
  return list[low] ?? -1;
}

/**
 * The shortcodes of post content as sorted, non-overlapping, flattened [start, end) pairs: the plugin's
 * Shortcode_Spans, which follows WordPress's get_shortcode_regex() for every name, registered or not. A tag runs from
 * "[" and a name to the first "]", "[" included; a tag followed later by its closing tag covers everything up to it;
 * the brackets of an escaped "[[gallery]]" belong to it. Wider than WordPress where it is safer: a "]" inside a
 * quoted value does not end the tag, and every "[name" is a tag, nested or not. Brackets inside block delimiters are
 * not shortcodes. O(n log n) whatever the brackets and quotes.
 */
export function shortcodeSpans(html: string): number[] {
  if (!html.includes('[')) return [];
  const text = maskBlockDelimiters(html, blockDelimiters(html));
  const closes = positions(text, ']');
  const quotes = { '"': positions(text, '"'), "'": positions(text, "'") };
  // A quote opens a value after "=" or a space (shortcode_parse_atts()); elsewhere it is an apostrophe.
  const opensValue = (at: number): boolean => at > 0 && (text[at - 1] === '=' || text.charCodeAt(at - 1) <= 0x20);
  const opening = { '"': quotes['"'].filter(opensValue), "'": quotes["'"].filter(opensValue) };

  const throughQuotes = (start: number, firstBracket: number): number => {
    let bracket = firstBracket;
    let from = start;
    for (let i = 0; i < MAX_QUOTED_VALUES; i += 1) {
      let open = -1;
      let quote: '"' | "'" = '"';
      for (const kind of ['"', "'"] as const) {
        const at = next(opening[kind], from);
        if (at >= 0 && at < bracket && (open < 0 || at < open)) {
          open = at;
          quote = kind;
        }
      }
      if (open < 0) break;
      const close = next(quotes[quote], open + 1);
      if (close < 0) break;
      if (close > bracket) {
        const after = next(closes, close + 1);
        if (after < 0) break;
        bracket = after;
      }
      from = close + 1;
    }
    return bracket;
  };

  const closers = new Map<string, number[]>();
  // Closing tags and opening tags are each found in document order: two sorted lists, merged below without a sort.
  const closing: number[] = [];
  const openingTags: number[] = [];
  for (let at = text.indexOf('[/'); at !== -1; at = text.indexOf('[/', at + 2)) {
    const length = nameLength(text, at + 2);
    if (length > 0 && text[at + 2 + length] === ']') {
      const name = asciiLower(text.slice(at + 2, at + 2 + length));
      const list = closers.get(name);
      if (list) list.push(at);
      else closers.set(name, [at]);
      closing.push(at, at + 3 + length);
    }
  }
  for (let at = text.indexOf('['); at !== -1; at = text.indexOf('[', at + 1)) {
    const length = nameLength(text, at + 1);
    if (length === 0) continue;
    const after = at + 1 + length;
    const bracket = next(closes, after);
    if (bracket < 0) break;
    let end = throughQuotes(after, bracket) + 1;
    if (text[bracket - 1] !== '/') {
      // Enclosing: WordPress takes the first closing tag after the opening tag's first "]".
      const closer = next(closers.get(asciiLower(text.slice(at + 1, after))) ?? [], bracket + 1);
      if (closer >= 0) end = Math.max(end, closer + 3 + length);
    }
    openingTags.push(at, end);
  }
  const merged: number[] = [];
  let c = 0;
  let o = 0;
  while (c < closing.length || o < openingTags.length) {
    const fromClosing = o >= openingTags.length || (c < closing.length && closing[c]! < openingTags[o]!);
    const list = fromClosing ? closing : openingTags;
    const at = fromClosing ? c : o;
    if (fromClosing) c += 2;
    else o += 2;
    let start = list[at]!;
    let end = list[at + 1]!;
    // "[[gallery]]" prints "[gallery]": its outer brackets are the shortcode's too.
    if (start > 0 && text[start - 1] === '[') start -= 1;
    if (end < text.length && text[end] === ']') end += 1;
    const last = merged.length - 1;
    if (last > 0 && start <= merged[last]!) merged[last] = Math.max(merged[last]!, end);
    else merged.push(start, end);
  }
  return merged;
}

/** Lower case as PHP's strtolower() does it: ASCII only, so the plugin and the engine pair the same tags. */
function asciiLower(name: string): string {
  return name.replace(/[A-Z]+/g, (upper) => upper.toLowerCase());
}
