import { describe, expect, test } from 'vitest';
import { shortcodeSpans } from '../../bridge/src/engine/shortcodes.js';
import { seededRandom } from '../support/seeded-random.js';

/** What the pattern visible-text.ts used long ago matched: every match must lie inside a span of the wider grammar. */
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
    // An enclosing shortcode covers what it encloses, as WordPress hands it to the shortcode's callback.
    { text: '[caption]a photo[/caption]', shortcodes: ['[caption]a photo[/caption]'] },
    // add_shortcode() accepts any name without a space, "<>&/[]=" or a control character: "1" and "-x" are names.
    { text: 'a [1] footnote, [ spaced ], [/] and [-x]', shortcodes: ['[1]', '[-x]'] },
    { text: 'see [[gallery]] here', shortcodes: ['[[gallery]]'] },
    { text: '[a b="x]y"] z', shortcodes: ['[a b="x]y"]'] },
    { text: '[a [b c] d]', shortcodes: ['[a [b c]'] },
    { text: '[a [a [a [a', shortcodes: [] },
    { text: '[a\u00a0x]', shortcodes: ['[a\u00a0x]'] },
  ])('when the text is "$text", then the shortcodes are $shortcodes', ({ text, shortcodes }) => {
    expect(spansAsText(text)).toEqual(shortcodes);
  });

  test.each(Array.from({ length: 200 }, (_, seed) => ({ seed })))(
    'when random text #$seed is scanned, then the spans are sorted, apart, bracketed, and hold every match of the old pattern',
    ({ seed }) => {
      const next = seededRandom(seed);
      const text = Array.from({ length: 80 }, () => ALPHABET[Math.floor(next() * ALPHABET.length)]).join('');
      const spans = shortcodeSpans(text);
      for (let i = 0; i < spans.length; i += 2) {
        expect(spans[i]!).toBeLessThan(spans[i + 1]!);
        if (i > 0) expect(spans[i]!).toBeGreaterThan(spans[i - 1]!);
        expect(text[spans[i]!]).toBe('[');
        expect(text[spans[i + 1]! - 1]).toBe(']');
      }
      const old = regexSpans(text);
      for (let i = 0; i < old.length; i += 2) {
        // "[/name attributes]" is no shortcode to WordPress (a closing tag is "[/name]" exactly): plain text.
        if (/^\[\/\S*\s/.test(text.slice(old[i], old[i + 1]))) continue;
        const inside = Array.from({ length: spans.length / 2 }, (_, j) => j).some((j) => spans[2 * j]! <= old[i]! && old[i + 1]! <= spans[2 * j + 1]!);
        expect(inside, `${text.slice(old[i], old[i + 1])} in ${JSON.stringify(text)}`).toBe(true);
      }
    },
  );
});
