/**
 * Whether relevanceScore means what it says on a site: suggestions binned by score, each bin's mean score beside the
 * share of its suggestions whose target the authors linked. A calibrated score has the two within a few points.
 */
import type { VariantPage } from '../corpus/variants.js';
import type { RankedSuggestion } from './system-score.js';

export interface ReliabilityBin {
  low: number;
  high: number;
  suggestions: number;
  meanScore: number | null;
  accepted: number | null;
}

export const RELIABILITY_BINS = [0, 0.2, 0.4, 0.6, 0.8, 0.9, 1] as const;

/** Over pages with truth (the pages the ranking figures average over). */
export function reliabilityTable(pages: readonly VariantPage[], rankings: ReadonlyMap<string, readonly RankedSuggestion[]>): ReliabilityBin[] {
  const bins = RELIABILITY_BINS.slice(0, -1).map((low, i) => ({ low, high: RELIABILITY_BINS[i + 1]!, scores: [] as number[], labels: [] as number[] }));
  for (const page of pages) {
    if (page.truth.size === 0) continue;
    for (const suggestion of rankings.get(page.url) ?? []) {
      const bin = bins.find((b) => suggestion.score >= b.low && (suggestion.score < b.high || b.high === 1));
      if (!bin) continue;
      bin.scores.push(suggestion.score);
      bin.labels.push(page.truth.has(suggestion.targetUrl) ? 1 : 0);
    }
  }
  const mean = (values: readonly number[]): number | null => (values.length === 0 ? null : values.reduce((sum, v) => sum + v, 0) / values.length);
  return bins.map(({ low, high, scores, labels }) => ({ low, high, suggestions: scores.length, meanScore: mean(scores), accepted: mean(labels) }));
}

/** The largest gap between mean score and share accepted over bins with at least `minimum` suggestions. */
export function worstCalibrationGap(table: readonly ReliabilityBin[], minimum = 20): number {
  return Math.max(0, ...table.filter((bin) => bin.suggestions >= minimum).map((bin) => Math.abs(bin.meanScore! - bin.accepted!)));
}
