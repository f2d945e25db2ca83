import { describe, expect, it } from 'vitest';
import { precisionAtK, recallAtK, reciprocalRank } from '../../bench/quality/metrics/ranking.js';

const truth = new Set(['a', 'b', 'c', 'd']);

describe('ranking metrics', () => {
  it.each([
    { ranked: ['a', 'x', 'b'], k: 1, precision: 1, recall: 0.25 },
    { ranked: ['x', 'a', 'b'], k: 1, precision: 0, recall: 0 },
    { ranked: ['a', 'x', 'b'], k: 5, precision: 0.4, recall: 0.5 },
    { ranked: ['a', 'b', 'c', 'd', 'x', 'y'], k: 5, precision: 0.8, recall: 1 },
    { ranked: [], k: 10, precision: 0, recall: 0 },
  ])('when $ranked is cut at $k, then precision is $precision and recall $recall', ({ ranked, k, precision, recall }) => {
    expect(precisionAtK(ranked, truth, k)).toBeCloseTo(precision);
    expect(recallAtK(ranked, truth, k)).toBeCloseTo(recall);
  });

  it.each([
    { ranked: ['a'], rr: 1 },
    { ranked: ['x', 'y', 'c'], rr: 1 / 3 },
    { ranked: ['x', 'y'], rr: 0 },
  ])('when the list is $ranked, then the reciprocal rank is $rr', ({ ranked, rr }) => {
    expect(reciprocalRank(ranked, truth)).toBeCloseTo(rr);
  });

  it('when a page has no true target, then its recall is 0 rather than NaN', () => {
    expect(recallAtK(['a'], new Set(), 10)).toBe(0);
  });
});
