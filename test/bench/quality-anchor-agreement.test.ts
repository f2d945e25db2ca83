import { describe, expect, it } from 'vitest';
import { anchorExactMatch, anchorTokenF1 } from '../../bench/quality/metrics/anchor-agreement.js';

describe('anchor agreement', () => {
  it.each([
    { ours: 'JSON  encoder', human: ['json encoder'], exact: true },
    { ours: 'json', human: ['json encoder'], exact: false },
    { ours: 'logging', human: ['the tutorial', 'Logging'], exact: true },
  ])('when ours is "$ours" and the authors wrote $human, then exact is $exact', ({ ours, human, exact }) => {
    expect(anchorExactMatch(ours, human)).toBe(exact);
  });

  it.each([
    { ours: 'json encoder', human: ['json encoder and decoder'], f1: (2 * 1 * 0.5) / 1.5 },
    { ours: 'the logging module', human: ['logging'], f1: (2 * (1 / 3) * 1) / (4 / 3) },
    { ours: 'sockets', human: ['threads', 'Sockets'], f1: 1 },
    { ours: 'sockets', human: ['threads'], f1: 0 },
    { ours: 'a a', human: ['a'], f1: (2 * 0.5 * 1) / 1.5 },
  ])('when ours is "$ours" and the authors wrote $human, then token F1 is $f1', ({ ours, human, f1 }) => {
    expect(anchorTokenF1(ours, human)).toBeCloseTo(f1);
  });
});
