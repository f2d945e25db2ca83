/**
 * The default minRelevanceScore, chosen by a rule fixed in advance and applied to the sites a model was fitted on: the
 * lowest score on a 0.05 grid at which the suggestions at or above it were the authors' links at least
 * `targetPrecision` of the time, on average over those sites (each site weighs the same). In the held-out benchmark
 * the rule sees only the fold's training sites, so the left-out site judges it too.
 */
import type { DumpedPage } from '../features/feature-dump.js';
import { replay } from './replay.js';

export const DEFAULT_TARGET_PRECISION = 0.8;
const GRID = Array.from({ length: 15 }, (_, i) => Math.round((0.25 + i * 0.05) * 100) / 100);

/** Mean over sites of the precision at or above `threshold` (sites with no suggestion there count as precise). */
export function meanSitePrecision(pages: readonly DumpedPage[], weights: readonly number[], threshold: number): number {
  const sites = [...new Set(pages.map((page) => page.corpus))];
  const precisions = sites.map((site) => {
    const figures = replay(pages.filter((page) => page.corpus === site), weights, threshold);
    return figures.countAbove === 0 ? 1 : figures.precisionAbove;
  });
  return precisions.reduce((sum, p) => sum + p, 0) / Math.max(1, precisions.length);
}

export function chooseDefaultThreshold(pages: readonly DumpedPage[], weights: readonly number[], targetPrecision = DEFAULT_TARGET_PRECISION): number {
  return GRID.find((threshold) => meanSitePrecision(pages, weights, threshold) >= targetPrecision) ?? GRID.at(-1)!;
}
