import { describe, expect, test } from 'vitest';
import { MAX_CONTEXT_LENGTH, sentenceAround } from '../../bridge/src/engine/context.js';

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
