import { describe, expect, test } from 'vitest';
import { DEFAULT_RELEVANCE_MODEL, WEIGHTS } from '../../bridge/src/engine/relevance.js';
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

  test('when the replay bounds the anchor log-odds, then it uses the bound the engine uses', () => {
    expect(maxAnchorLogit(WEIGHTS.slice(WEIGHTS.length - ANCHOR_INPUTS))).toBeCloseTo(DEFAULT_RELEVANCE_MODEL.maxAnchorLogit, 12);
  });
});
