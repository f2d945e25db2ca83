import { describe, expect, test } from 'vitest';
import { HOSTILE_SHAPES } from '../../bench/hostile/hostile-pages.js';
import { sentenceAround } from '../../bridge/src/engine/context.js';
import { walkHtml, type HtmlVisitor } from '../../bridge/src/engine/html-walker.js';
import { blockDelimiters } from '../../bridge/src/engine/block-delimiters.js';
import { analyzePage } from '../../bridge/src/engine/page-analysis.js';
import { shortcodeSpans } from '../../bridge/src/engine/shortcodes.js';
import { MAX_DISTINCT_WORDS, tokenize, wordTable } from '../../bridge/src/engine/tokenizer.js';
import { extractVisibleText } from '../../bridge/src/engine/visible-text.js';
import { timeGrowth } from '../support/time-growth.js';

// Each pattern took time in the square of its length before (8 times the input: 64 times the time); now 8 times
// the input takes about 8 times the time. The bound lies halfway to the square: a step that allocates an object per
// unit measures up to 20 times at the multi-megabyte sizes a slow step is timed at (its larger heap is collected more
// often: 8 ns a character at 1 MB, 15 at 4 MB for blockDelimiters, garbage collected before each run), while a cost
// in the square of the input measures 64 times.
const FACTOR = 8;
const BOUND = 32;

const shape = (name: string) => HOSTILE_SHAPES.find((candidate) => candidate.name === name)!.build;
const ignore: HtmlVisitor = { openTag() {}, closeTag() {}, text() {} };
const page = (html: string) => ({ url: 'https://site.test/p', title: 'Page', html });

describe('analysis time on hostile input', () => {
  test.each([
    { pattern: 'unclosed shortcodes "[a [a …"', step: 'shortcodeSpans', make: (n: number) => '[a '.repeat(Math.floor(n / 3)), work: shortcodeSpans },
    { pattern: 'shortcode attributes holding "[" ("[a b=[ …")', step: 'shortcodeSpans', make: (n: number) => '[a b=[ '.repeat(Math.floor(n / 7)), work: shortcodeSpans },
    { pattern: 'quotes never closed in a shortcode ([a b=" ] …)', step: 'shortcodeSpans', make: (n: number) => '[a b=" ] '.repeat(Math.floor(n / 9)), work: shortcodeSpans },
    { pattern: 'escaped shortcodes "[[a]] …"', step: 'shortcodeSpans', make: (n: number) => '[[a]] [/a] '.repeat(Math.floor(n / 11)), work: shortcodeSpans },
    { pattern: 'block delimiters whose JSON holds "-->"', step: 'blockDelimiters', make: (n: number) => '<!-- wp:p {"a":"-->"} --><p>x</p>'.repeat(Math.floor(n / 33)), work: blockDelimiters },
    { pattern: 'block delimiters whose JSON never closes', step: 'blockDelimiters', make: (n: number) => '<!-- wp:p {"a":"x -->'.repeat(Math.floor(n / 21)), work: blockDelimiters },
    { pattern: 'block delimiters whose JSON never closes, through the whole analysis', step: 'analyzePage', make: (n: number) => '<!-- wp:p {"a":"x --><p>y</p>'.repeat(Math.floor(n / 29)), work: (html: string) => analyzePage(page(html)) },
    { pattern: 'unclosed links "<a href=x><i>y" repeated', step: 'extractVisibleText', make: shape('unclosed-links'), work: extractVisibleText },
    { pattern: 'nesting "<div>" repeated', step: 'walkHtml', make: shape('deep-nesting'), work: (html: string) => walkHtml(html, ignore) },
    { pattern: 'nesting "<b>" repeated', step: 'walkHtml', make: shape('deep-inline-nesting'), work: (html: string) => walkHtml(html, ignore) },
    { pattern: 'end tags of elements never opened', step: 'walkHtml', make: shape('stray-end-tags'), work: (html: string) => walkHtml(html, ignore) },
    { pattern: '"<form>" inside deep nesting', step: 'walkHtml', make: shape('nested-forms'), work: (html: string) => walkHtml(html, ignore) },
    { pattern: 'SVG end tags inside foreignObject', step: 'walkHtml', make: shape('foreign-stray-end-tags'), work: (html: string) => walkHtml(html, ignore) },
    { pattern: 'headings and links never closed', step: 'analyzePage', make: shape('nested-headings-and-links'), work: (html: string) => analyzePage(page(html)) },
    // The Snowball stemmer takes time in the square of a word's length ("yyyy…").
    { pattern: 'one word "yyyy…"', step: 'analyzePage', make: (n: number) => 'y'.repeat(n), work: (html: string) => analyzePage(page(html)) },
  ])('when $pattern grows 8 times, then $step takes at most about 8 times longer', ({ make, work }) => {
    expect(timeGrowth(make, work as (input: string) => unknown, 16 * 1024, FACTOR, 9)).toBeLessThan(BOUND);
  }, 60_000);

  // A request takes each chosen anchor's sentence; in one huge paragraph that once meant segmenting it all each time.
  test.each([
    { pattern: 'one paragraph without a sentence end', make: (n: number) => 'kernel module loads '.repeat(Math.ceil(n / 20)).slice(0, n) },
    { pattern: 'one paragraph of short sentences', make: (n: number) => 'The kernel loads it. '.repeat(Math.ceil(n / 21)).slice(0, n) },
  ])('when $pattern grows 8 times, then the sentences around an anchor every 200 characters take at most about 8 times longer', ({ make }) => {
    const everyAnchor = (text: string) => {
      for (let start = 7; start + 6 < text.length; start += 200) sentenceAround(text, start, start + 6);
    };
    expect(timeGrowth(make, everyAnchor, 16 * 1024, FACTOR)).toBeLessThan(BOUND);
  }, 60_000);

  test('when a word is "yyyy…" of any length, then it is no word: only runs of up to 128 letters are', () => {
    expect(tokenize(`${'y'.repeat(129)} short ${'y'.repeat(128)}`).words).toEqual(['short', 'y'.repeat(128)]);
  });

  // Stemming and interning each distinct word costs microseconds: their number is capped instead.
  test('when a page has more distinct words than MAX_DISTINCT_WORDS, then the later new ones are no terms of it', () => {
    const words = Array.from({ length: MAX_DISTINCT_WORDS + 10 }, (_, i) => `w${i.toString(36)}x`);
    const table = wordTable(tokenize(`${words.join(' ')} w0x`));
    expect(table.distinct).toEqual(words.slice(0, MAX_DISTINCT_WORDS));
    expect(Array.from(table.wordOf.subarray(MAX_DISTINCT_WORDS - 1))).toEqual([MAX_DISTINCT_WORDS - 1, ...Array(10).fill(-1), 0]);
    const analysis = analyzePage(page(`<p>${words.join(' ')}</p>`));
    expect(analysis.wordStems.length).toBe(MAX_DISTINCT_WORDS);
    expect(analysis.stems.length).toBeLessThanOrEqual(MAX_DISTINCT_WORDS + 1);
  });
});
