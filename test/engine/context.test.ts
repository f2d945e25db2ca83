import { describe, expect, test } from 'vitest';
import { SITE_DOMAIN, syntheticPage } from '../../bench/speed/synthetic-site.js';
import { MAX_CONTEXT_LENGTH, sentenceAround } from '../../bridge/src/engine/context.js';
import { analyzePage } from '../../bridge/src/engine/page-analysis.js';

function around(text: string, anchor: string): string {
  const start = text.indexOf(anchor);
  return sentenceAround(text, start, start + anchor.length);
}

describe('sentenceAround', () => {
  test.each([
    { text: 'First one. The boot loader starts Linux. Last one.', anchor: 'boot loader', context: 'The boot loader starts Linux.' },
    { text: 'Heading\nThe boot loader starts.\nNext block', anchor: 'boot loader', context: 'The boot loader starts.' },
    { text: 'Spaces   around\n the boot loader   here', anchor: 'boot loader', context: 'the boot loader here' },
    { text: 'boot loader', anchor: 'boot loader', context: 'boot loader' },
  ])('when the anchor is "$anchor" in "$text", then the context is "$context"', ({ text, anchor, context }) => {
    expect(around(text, anchor)).toBe(context);
  });

  test('when the sentence is very long, then the context is cut around the anchor and still holds it', () => {
    const words = Array.from({ length: 200 }, (_, i) => `word${i}`);
    words.splice(120, 0, 'boot', 'loader');
    const context = around(`${words.join(' ')}.`, 'boot loader');
    expect(context).toContain('boot loader');
    expect(context.length).toBeLessThanOrEqual(MAX_CONTEXT_LENGTH);
    expect(context.startsWith('word')).toBe(true);
  });
});

/** The sentence found by segmenting the anchor's whole paragraph (how sentenceAround worked before it was bounded). */
function wholeParagraphSentence(text: string, start: number, end: number): string {
  const paragraphStart = text.lastIndexOf('\n', start - 1) + 1;
  const newline = text.indexOf('\n', end);
  const paragraph = text.slice(paragraphStart, newline === -1 ? text.length : newline);
  let from = 0;
  let to = paragraph.length;
  for (const { index, segment } of new Intl.Segmenter('en', { granularity: 'sentence' }).segment(paragraph)) {
    if (index + segment.length <= start - paragraphStart) from = index + segment.length;
    else if (index >= end - paragraphStart) {
      to = index;
      break;
    }
  }
  const sentence = paragraph.slice(from, to);
  // Longer sentences are cut to MAX_CONTEXT_LENGTH around the anchor: compared by what both must hold.
  return sentence.replace(/\s+/g, ' ').trim();
}

describe('sentenceAround in a long paragraph', () => {
  // A synthetic page's text of ~6,000 words as one paragraph.
  const text = analyzePage({ url: `${SITE_DOMAIN}/p`, title: 'P', html: syntheticPage(7, 1000, 6000).content }).text.replaceAll('\n', ' ');
  const anchors = [...text.matchAll(/\b\w+ \w+\b/g)].filter((_, i) => i % 53 === 0).map((match) => [match.index, match.index + match[0].length] as const);

  test('when the paragraph is thousands of words long, then each anchor gets the sentence that segmenting the whole paragraph finds', () => {
    expect(text.length).toBeGreaterThan(20 * MAX_CONTEXT_LENGTH);
    expect(anchors.length).toBeGreaterThan(50);
    for (const [start, end] of anchors) {
      const whole = wholeParagraphSentence(text, start, end);
      const bounded = sentenceAround(text, start, end);
      if (whole.length <= MAX_CONTEXT_LENGTH) expect(bounded).toBe(whole);
      else expect(whole).toContain(bounded);
    }
  });
});
