import { describe, expect, test } from 'vitest';
import { DEFAULT_RELEVANCE_MODEL, WEIGHTS } from '../../bridge/src/engine/relevance.js';
import { fitListwise } from '../../bench/quality/fitting/listwise.js';
import { fitLogistic } from '../../bench/quality/fitting/logistic.js';
import { maxAnchorLogit } from '../../bench/quality/fitting/replay.js';

/** Inputs of anchorVector (relevance.ts): five kinds and ten numbers. */
const ANCHOR_INPUTS = 15;

describe('fitting the relevance model', () => {
  test('when examples follow a known logistic model, then the fit recovers its weights', () => {
    const truth = [-1, 2, -0.5];
    const examples = [];
    let seed = 7;
    const random = (): number => ((seed = (seed * 48271) % 2147483647) / 2147483647);
    for (let i = 0; i < 20000; i += 1) {
      const x = [1, random() * 4 - 2, random() * 4 - 2];
      const p = 1 / (1 + Math.exp(-x.reduce((sum, v, j) => sum + v * truth[j]!, 0)));
      examples.push({ x, y: random() < p ? 1 : 0 });
    }
    fitLogistic(examples, 0).forEach((weight, i) => expect(weight).toBeCloseTo(truth[i]!, 0));
  });

  test('when each page links the candidate a known softmax draws, then the listwise fit recovers its order weights and leaves the page-level input at 0', () => {
    const truth = [0, 1.5, -1, 0];
    let seed = 11;
    const random = (): number => ((seed = (seed * 48271) % 2147483647) / 2147483647);
    const groups = Array.from({ length: 3000 }, () => {
      const pageLevel = random() * 4; // the same for every candidate of the page: it cannot change their order
      const rows = Array.from({ length: 8 }, () => [1, random() * 2 - 1, random() * 2 - 1, pageLevel]);
      const odds = rows.map((x) => Math.exp(x.reduce((sum, v, j) => sum + v * truth[j]!, 0)));
      let draw = random() * odds.reduce((sum, v) => sum + v, 0);
      const chosen = odds.findIndex((v) => (draw -= v) <= 0);
      return { rows, labels: rows.map((_, r) => (r === chosen ? 1 : 0)), weight: 1 };
    });
    const fitted = fitListwise(groups, 1);
    expect(fitted[1]).toBeCloseTo(truth[1]!, 0);
    expect(fitted[2]).toBeCloseTo(truth[2]!, 0);
    expect(Math.abs(fitted[0]!) + Math.abs(fitted[3]!)).toBeLessThan(1e-6);
  });

  test('when the replay bounds the anchor log-odds, then it uses the bound the engine uses', () => {
    expect(maxAnchorLogit(WEIGHTS.slice(WEIGHTS.length - ANCHOR_INPUTS))).toBeCloseTo(DEFAULT_RELEVANCE_MODEL.maxAnchorLogit, 12);
  });
});
