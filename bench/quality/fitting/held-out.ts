/**
 * Leave-one-site-out: for each site, the relevance model fitted by the whole procedure (fit-procedure.ts) on every
 * other site. A site's figures under its own fold are what the engine would do on a site it never saw.
 */
import type { DumpedPage } from '../features/feature-dump.js';
import { DEFAULT_FIT_OPTIONS, fitRelevanceWeights, type FitOptions } from './fit-procedure.js';

export interface FoldModel {
  /** The site left out of the fit (a corpus id), or null for the fit on every site. */
  heldOut: string | null;
  weights: number[];
}

/**
 * One fold per site of the pages, or per site of `heldOutSites` only: the other sites' pages still join every fold's
 * fit (a run that scores the blogs fits their models on the documentation sites too, without folds for those).
 */
export function heldOutModels(pages: readonly DumpedPage[], options: FitOptions = DEFAULT_FIT_OPTIONS, heldOutSites?: readonly string[]): FoldModel[] {
  const sites = [...new Set(pages.map((page) => page.corpus))];
  if (sites.length < 2) throw new Error('leave-one-site-out needs at least two sites');
  const folds = heldOutSites ? sites.filter((site) => heldOutSites.includes(site)) : sites;
  return folds.map((site) => ({ heldOut: site, weights: fitRelevanceWeights(pages.filter((page) => page.corpus !== site), options) }));
}
