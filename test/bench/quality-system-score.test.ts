import { describe, expect, it } from 'vitest';
import type { Variant, VariantPage } from '../../bench/quality/corpus/variants.js';
import { reliabilityTable, worstCalibrationGap } from '../../bench/quality/metrics/reliability.js';
import { scoreSystem, type RankedSuggestion } from '../../bench/quality/metrics/system-score.js';

const url = (slug: string): string => `https://docs.example.test/${slug}/`;

function variantPage(slug: string, truth: Record<string, { text: string; inCode: boolean }[]>, kept: string[] = []): VariantPage {
  return {
    url: url(slug),
    title: slug,
    content: '',
    truth: new Map(Object.entries(truth).map(([target, anchors]) => [url(target), anchors])),
    keptTargets: new Set(kept.map(url)),
  };
}

const variant: Variant = {
  name: 'half-removed',
  pages: [
    variantPage('p1', { a: [{ text: 'Alpha module', inCode: false }], b: [{ text: 'b()', inCode: true }] }, ['k']),
    variantPage('p2', { c: [{ text: 'gamma', inCode: false }] }),
    variantPage('p3', {}),
  ],
};
const s = (target: string, score: number, anchorText?: string): RankedSuggestion => ({ targetUrl: url(target), score, ...(anchorText ? { anchorText } : {}) });

describe('system score', () => {
  const score = scoreSystem(
    variant,
    new Map([
      [url('p1'), [s('x', 0.9, 'x'), s('a', 0.8, 'alpha module'), s('k', 0.3, 'k')]],
      [url('p2'), [s('c', 0.4, 'gamma rays')]],
    ]),
    0.5,
  );

  it('when two pages have truth, then ranking metrics are their mean and the page without truth is left out', () => {
    expect(score.pagesScored).toBe(2);
    expect(score.recallAt[10]).toBeCloseTo((0.5 + 1) / 2);
    expect(score.recallAt[1]).toBeCloseTo((0 + 1) / 2);
    expect(score.mrr).toBeCloseTo((0.5 + 1) / 2);
    expect(score.precisionAt[5]).toBeCloseTo((1 / 5 + 1 / 5) / 2);
  });

  it('when only some targets were linked from prose, then prose recall counts those alone', () => {
    expect(score.proseRecallAt10).toBeCloseTo((1 + 1) / 2);
  });

  it('when anchors meet true targets, then exact and token agreement are averaged over those hits', () => {
    expect(score.anchorExact).toBeCloseTo(0.5);
    expect(score.anchorF1).toBeCloseTo((1 + 2 / 3) / 2);
  });

  it('when suggestions are cut at the threshold, then precision pools the ones at or above it, per page and recall average', () => {
    // p1: x (wrong) and a (right) at or above 0.5, 1 of 2 true targets; p2: its only suggestion is below.
    expect(score.precisionAtThreshold).toEqual({ threshold: 0.5, suggestions: 2, correct: 1, precision: 0.5, perPage: 1, recall: (1 / 2 + 0) / 2 });
  });

  it('when suggestions are binned by score, then each bin holds its mean score and share accepted over pages with truth', () => {
    const table = reliabilityTable(variant.pages, new Map([
      [url('p1'), [s('x', 0.95), s('a', 0.85), s('k', 0.3)]],
      [url('p2'), [s('c', 0.92)]],
      [url('p3'), [s('a', 0.99)]],
    ]));
    const bin = (low: number) => table.find((b) => b.low === low)!;
    expect(bin(0.9)).toMatchObject({ suggestions: 2, accepted: 0.5 });
    expect(bin(0.9).meanScore).toBeCloseTo((0.95 + 0.92) / 2);
    expect(bin(0.8)).toMatchObject({ suggestions: 1, meanScore: 0.85, accepted: 1 });
    expect(bin(0.2)).toMatchObject({ suggestions: 1, meanScore: 0.3, accepted: 0 });
    expect(bin(0)).toMatchObject({ suggestions: 0, meanScore: null, accepted: null });
    expect(worstCalibrationGap(table, 1)).toBeCloseTo((0.95 + 0.92) / 2 - 0.5);
    expect(worstCalibrationGap(table, 2)).toBeCloseTo((0.95 + 0.92) / 2 - 0.5);
    expect(worstCalibrationGap(table, 3)).toBe(0);
  });

  it('when a kept link is suggested again, then it is counted, and coverage is over all pages', () => {
    expect(score.keptTargetsSuggested).toBe(1);
    expect(score.coverage).toBeCloseTo(2 / 3);
  });

  it('when a system places no anchors, then anchor agreement is not applicable', () => {
    const plain = scoreSystem(variant, new Map([[url('p1'), [s('a', 1)]]]), null);
    expect(plain.anchorExact).toBeNull();
    expect(plain.precisionAtThreshold).toBeNull();
  });
});
