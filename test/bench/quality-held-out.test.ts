import { describe, expect, test } from 'vitest';
import { WEIGHTS } from '../../bridge/src/engine/relevance.js';
import type { DumpedPage } from '../../bench/quality/features/feature-dump.js';
import { DEFAULT_FIT_OPTIONS, fitRelevanceWeights } from '../../bench/quality/fitting/fit-procedure.js';
import { heldOutModels } from '../../bench/quality/fitting/held-out.js';
import { seededRandom } from '../support/seeded-random.js';

const ANCHOR_INPUTS = 15;
const TARGET_INPUTS = WEIGHTS.length - ANCHOR_INPUTS;

/** A site whose authors link the targets where one input is high (which input differs by site). */
function site(name: string, seed: number, tellingInput: number): DumpedPage[] {
  const random = seededRandom(seed);
  return Array.from({ length: 40 }, (_, p) => {
    const targets = Array.from({ length: 12 }, (_, t) => {
      const target = Array.from({ length: TARGET_INPUTS }, (_, i) => (i === 0 ? 1 : random() < 0.5 ? 0 : random()));
      const anchor = Array.from({ length: ANCHOR_INPUTS }, (_, i) => (i === 0 ? 1 : i < 5 ? 0 : random()));
      return { url: `https://${name}.test/${p}/${t}`, label: (target[tellingInput]! > 0.6 ? 1 : 0) as 0 | 1, target, anchors: [[t * 10, t * 10 + 5, ...anchor]] };
    });
    return { corpus: name, variant: 'all-removed', url: `https://${name}.test/page-${p}`, truth: targets.filter((t) => t.label === 1).length, linked: 0, targets };
  }).filter((page) => page.truth > 0);
}

describe('leave-one-site-out over part of the sites', () => {
  test('when only the blogs are held out, then each blog gets one fold fitted on every other site, documentation included, and the documentation sites get none', () => {
    const pages = [...site('blog-a', 1, 1), ...site('blog-b', 2, 2), ...site('docs-a', 3, 3)];
    const folds = heldOutModels(pages, DEFAULT_FIT_OPTIONS, ['blog-a']);
    expect(folds.map((fold) => fold.heldOut)).toEqual(['blog-a']);
    expect(folds[0]!.weights).toEqual(fitRelevanceWeights(pages.filter((page) => page.corpus !== 'blog-a'), DEFAULT_FIT_OPTIONS));
    // Not the fit without the documentation site: it is in the fold.
    expect(folds[0]!.weights).not.toEqual(fitRelevanceWeights(pages.filter((page) => page.corpus === 'blog-b'), DEFAULT_FIT_OPTIONS));
  });
});
