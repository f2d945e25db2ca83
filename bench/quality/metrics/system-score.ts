/** Scores one system (our engine or a baseline) on one variant against the authors' links. */
import type { Variant } from '../corpus/variants.js';
import { anchorExactMatch, anchorTokenF1 } from './anchor-agreement.js';
import { mean, precisionAtK, recallAtK, reciprocalRank } from './ranking.js';

export const CUTOFFS = [1, 5, 10] as const;
export type Cutoff = (typeof CUTOFFS)[number];

export interface RankedSuggestion {
  targetUrl: string;
  score: number;
  /** Only systems that place links have one. */
  anchorText?: string;
}

export interface SystemScore {
  /** Pages with at least one true target: the ones ranking metrics average over. */
  pagesScored: number;
  precisionAt: Record<Cutoff, number>;
  recallAt: Record<Cutoff, number>;
  mrr: number;
  /** Share of all pages that got at least one suggestion. */
  coverage: number;
  /** Over suggestions whose target is true; null for systems without anchors. */
  anchorExact: number | null;
  anchorF1: number | null;
  /** recall@10 over true targets the authors linked at least once from prose (not only from inline code). */
  proseRecallAt10: number;
  /**
   * What a user sees at the default threshold, over pages with truth: the share of suggestions scored at or above it
   * whose target is true (pooled), suggestions per page, and the mean share of a page's true targets among them.
   */
  precisionAtThreshold: {
    threshold: number;
    suggestions: number;
    correct: number;
    precision: number | null;
    perPage: number;
    recall: number;
  } | null;
  /** Suggestions of a target the page still links to (half variant): must be 0. */
  keptTargetsSuggested: number;
}

export function scoreSystem(
  variant: Variant,
  rankings: ReadonlyMap<string, readonly RankedSuggestion[]>,
  threshold: number | null,
): SystemScore {
  const precision: Record<Cutoff, number[]> = { 1: [], 5: [], 10: [] };
  const recall: Record<Cutoff, number[]> = { 1: [], 5: [], 10: [] };
  const reciprocalRanks: number[] = [];
  const proseRecalls: number[] = [];
  const exact: number[] = [];
  const f1: number[] = [];
  let covered = 0;
  let keptTargetsSuggested = 0;
  let aboveThreshold = 0;
  let correctAboveThreshold = 0;
  const recallsAboveThreshold: number[] = [];

  for (const page of variant.pages) {
    const ranking = rankings.get(page.url) ?? [];
    const targets = ranking.map((suggestion) => suggestion.targetUrl);
    if (ranking.length > 0) covered += 1;
    keptTargetsSuggested += targets.filter((target) => page.keptTargets.has(target)).length;
    if (page.truth.size === 0) continue;

    const truth = new Set(page.truth.keys());
    for (const k of CUTOFFS) {
      precision[k].push(precisionAtK(targets, truth, k));
      recall[k].push(recallAtK(targets, truth, k));
    }
    reciprocalRanks.push(reciprocalRank(targets, truth));
    const proseTruth = new Set([...page.truth].filter(([, anchors]) => anchors.some((a) => !a.inCode)).map(([target]) => target));
    if (proseTruth.size > 0) proseRecalls.push(recallAtK(targets, proseTruth, 10));

    let correctOnPage = 0;
    for (const suggestion of ranking) {
      const humanAnchors = page.truth.get(suggestion.targetUrl);
      if (humanAnchors && suggestion.anchorText !== undefined) {
        const texts = humanAnchors.map((anchor) => anchor.text);
        exact.push(anchorExactMatch(suggestion.anchorText, texts) ? 1 : 0);
        f1.push(anchorTokenF1(suggestion.anchorText, texts));
      }
      if (threshold !== null && suggestion.score >= threshold) {
        aboveThreshold += 1;
        if (humanAnchors) {
          correctAboveThreshold += 1;
          correctOnPage += 1;
        }
      }
    }
    recallsAboveThreshold.push(correctOnPage / page.truth.size);
  }

  const placesAnchors = [...rankings.values()].some((ranking) => ranking.some((s) => s.anchorText !== undefined));
  return {
    pagesScored: reciprocalRanks.length,
    precisionAt: { 1: mean(precision[1]), 5: mean(precision[5]), 10: mean(precision[10]) },
    recallAt: { 1: mean(recall[1]), 5: mean(recall[5]), 10: mean(recall[10]) },
    mrr: mean(reciprocalRanks),
    coverage: variant.pages.length === 0 ? 0 : covered / variant.pages.length,
    anchorExact: placesAnchors ? mean(exact) : null,
    anchorF1: placesAnchors ? mean(f1) : null,
    proseRecallAt10: mean(proseRecalls),
    precisionAtThreshold:
      threshold === null
        ? null
        : {
            threshold,
            suggestions: aboveThreshold,
            correct: correctAboveThreshold,
            precision: aboveThreshold === 0 ? null : correctAboveThreshold / aboveThreshold,
            perPage: aboveThreshold / Math.max(1, reciprocalRanks.length),
            recall: mean(recallsAboveThreshold),
          },
    keptTargetsSuggested,
  };
}
