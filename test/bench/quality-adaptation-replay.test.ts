import { describe, expect, test } from 'vitest';
import { WEIGHTS } from '../../bridge/src/engine/relevance.js';
import type { DumpedPage } from '../../bench/quality/features/feature-dump.js';
import { adaptationReplay } from '../../bench/quality/fitting/adaptation-replay.js';
import { seededRandom } from '../support/seeded-random.js';

/** Inputs of anchorVector (relevance.ts): five kinds and ten numbers. */
const ANCHOR_INPUTS = 15;
const TARGET_INPUTS = WEIGHTS.length - ANCHOR_INPUTS;
/** The input the simulated site's editors go by: the authors link exactly the targets where it is high. */
const TELLING_INPUT = 1;

/** A site whose links follow one input that the fold model weighs the wrong way. */
function site(name: string, seed: number): DumpedPage[] {
  const random = seededRandom(seed);
  return Array.from({ length: 120 }, (_, p) => {
    const targets = Array.from({ length: 20 }, (_, t) => {
      const target = Array.from({ length: TARGET_INPUTS }, (_, i) => (i === 0 ? 1 : random() < 0.5 ? 0 : random()));
      const anchor = Array.from({ length: ANCHOR_INPUTS }, (_, i) => (i === 0 ? 1 : i < 5 ? 0 : random()));
      return { url: `https://${name}.test/${p}/${t}`, label: (target[TELLING_INPUT]! > 0.6 ? 1 : 0) as 0 | 1, target, anchors: [[t * 10, t * 10 + 5, ...anchor]] };
    });
    return { corpus: name, variant: 'all-removed', url: `https://${name}.test/page-${p}`, truth: targets.filter((t) => t.label === 1).length, linked: 0, targets };
  }).filter((page) => page.truth > 0);
}

describe("replaying the adaptation to editors' decisions", () => {
  test('when editors link by an input the model weighs wrongly, then the adapted model ranks and scores better on the other pages', () => {
    const pages = [...site('one', 3), ...site('two', 4)];
    const wrong = WEIGHTS.map((w, i) => (i === TELLING_INPUT ? -3 : w));
    const report = adaptationReplay(pages, () => wrong, [10]);
    expect(report.heldOut).toHaveLength(2);
    for (const row of report.heldOut) {
      expect(row.adapted).toBe(true);
      expect(row.after.recallAt10).toBeGreaterThan(row.before.recallAt10 + 0.05);
    }
  });

  test('when a site has too few decisions, then its figures are left as they were', () => {
    const pages = site('small', 5).slice(0, 2);
    const report = adaptationReplay([...pages, ...site('other', 6)], () => WEIGHTS, [10]);
    const small = report.heldOut.find((row) => row.site === 'small')!;
    expect(small.adapted).toBe(false);
    expect(small.after).toEqual(small.before);
  });
});
