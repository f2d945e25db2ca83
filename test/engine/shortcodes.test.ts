import { describe, expect, test } from 'vitest';
import { shortcodeSpans } from '../../bridge/src/engine/shortcodes.js';
import { seededRandom } from '../support/seeded-random.js';

/** What the pattern visible-text.ts used before matched: the reference the linear scan must equal. */
const SHORTCODE = /\[\/?[A-Za-z][\w-]*(?:\s[^\]]*)?\]/g;
const regexSpans = (text: string): number[] => [...text.matchAll(SHORTCODE)].flatMap((match) => [match.index, match.index + match[0].length]);

const spansAsText = (text: string): string[] => {
  const spans = shortcodeSpans(text);
  return Array.from({ length: spans.length / 2 }, (_, i) => text.slice(spans[2 * i], spans[2 * i + 1]));
};


const ALPHABET = ['[', '[', ']', '/', 'a', 'Z', '1', '_', '-', ' ', '\n', '\u00a0', '\u2028', 'é', '"', '='];

describe('shortcodeSpans', () => {
  test.each([
    { text: 'before [gallery ids="1,2"] after', shortcodes: ['[gallery ids="1,2"]'] },
    { text: '[caption]a photo[/caption]', shortcodes: ['[caption]', '[/caption]'] },
    { text: 'a [1] footnote, [ spaced ], [/] and [-x]', shortcodes: [] },
    { text: '[a [b c] d]', shortcodes: ['[a [b c]'] },
    { text: '[a [a [a [a', shortcodes: [] },
    { text: '[a\u00a0x]', shortcodes: ['[a\u00a0x]'] },
  ])('when the text is "$text", then the shortcodes are $shortcodes', ({ text, shortcodes }) => {
    expect(spansAsText(text)).toEqual(shortcodes);
  });

  test.each(Array.from({ length: 200 }, (_, seed) => ({ seed })))(
    'when random text #$seed is scanned, then the spans are those the regex matched',
    ({ seed }) => {
      const next = seededRandom(seed);
      const text = Array.from({ length: 80 }, () => ALPHABET[Math.floor(next() * ALPHABET.length)]).join('');
      expect(shortcodeSpans(text)).toEqual(regexSpans(text));
    },
  );
});
