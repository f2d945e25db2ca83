import { describe, expect, test } from 'vitest';
import { HOSTILE_SHAPES } from '../../bench/hostile/hostile-pages.js';
import { analyzePage } from '../../bridge/src/engine/page-analysis.js';
import { MAX_DISTINCT_WORDS } from '../../bridge/src/engine/tokenizer.js';
import { MAX_HEADINGS, MAX_LINKS, MAX_NAME_TEXT } from '../../bridge/src/engine/visible-text.js';

// Every hostile shape (bench/hostile/hostile-pages.ts) analysed in process, at a size that keeps the suite short; the
// same shapes at 2 MiB go through the bridge process in test/api/hostile-html.test.ts.
const BYTES = 256 * 1024;

describe('analyzePage on hostile pages', () => {
  test.each(HOSTILE_SHAPES.map((shape) => ({ name: shape.name, shape })))(
    'when the page is "$name", then the analysis is whole and within every limit',
    ({ shape }) => {
      const analysis = analyzePage({ url: 'https://site.test/hostile', title: `Hostile ${shape.name}`, html: shape.build(BYTES) });
      expect(analysis.text.length).toBeLessThanOrEqual(BYTES);
      for (let i = 0; i < analysis.eligible.length; i += 2) {
        expect(analysis.eligible[i]!).toBeLessThan(analysis.eligible[i + 1]!);
        expect(analysis.eligible[i + 1]!).toBeLessThanOrEqual(i + 2 < analysis.eligible.length ? analysis.eligible[i + 2]! : analysis.text.length);
      }
      expect(analysis.links.length).toBeLessThanOrEqual(MAX_LINKS);
      expect(analysis.links.every((link) => link.anchorText.length <= MAX_NAME_TEXT)).toBe(true);
      expect(analysis.keyphrases.length).toBeLessThanOrEqual(2 + MAX_HEADINGS + 100);
      expect(analysis.wordStems.length).toBeLessThanOrEqual(MAX_DISTINCT_WORDS);
      expect(analysis.stems.length).toBe(analysis.stemCounts.length);
    },
  );
});
