/**
 * What the level-fitting scripts (fit-site-level.ts, fit-small-site-level.ts) compare before and after a level: the
 * figures of scored answers at the default threshold, each score mapped first, and their reliability table.
 */
import { DEFAULT_MIN_RELEVANCE_SCORE } from '../../../bridge/src/engine/relevance.js';
import { RELIABILITY_BINS, worstCalibrationGap, type ReliabilityBin } from './reliability.js';

/** A source page's answer: its removed targets, and each suggestion's score and whether the authors linked it. */
export interface ScoredPage {
  truth: number;
  suggestions: readonly { score: number; accepted: boolean }[];
}

export interface ThresholdFigures {
  /** Among the suggestions at or above the threshold, the share linked (NaN when none). */
  precision: number;
  perPage: number;
  /** Share of the pages shown at least one suggestion. */
  pagesShown: number;
  recall: number;
  bins: ReliabilityBin[];
  /** worstCalibrationGap of the bins. */
  gap: number;
}

export function thresholdFigures(pages: readonly ScoredPage[], map: (page: ScoredPage, score: number) => number): ThresholdFigures {
  let shown = 0;
  let correct = 0;
  let pagesShown = 0;
  let recall = 0;
  const bins = RELIABILITY_BINS.slice(0, -1).map((low, i) => ({ low, high: RELIABILITY_BINS[i + 1]!, n: 0, score: 0, accepted: 0 }));
  for (const page of pages) {
    let found = 0;
    let onPage = 0;
    for (const suggestion of page.suggestions) {
      const score = map(page, suggestion.score);
      const bin = bins.find((b) => score >= b.low && (score < b.high || b.high === 1))!;
      bin.n += 1;
      bin.score += score;
      bin.accepted += suggestion.accepted ? 1 : 0;
      if (score < DEFAULT_MIN_RELEVANCE_SCORE) continue;
      onPage += 1;
      if (suggestion.accepted) (correct += 1), (found += 1);
    }
    shown += onPage;
    pagesShown += onPage > 0 ? 1 : 0;
    recall += found / page.truth;
  }
  const count = Math.max(1, pages.length);
  const table: ReliabilityBin[] = bins.map((b) => ({ low: b.low, high: b.high, suggestions: b.n, meanScore: b.n && b.score / b.n, accepted: b.n && b.accepted / b.n }));
  return { precision: shown === 0 ? NaN : correct / shown, perPage: shown / count, pagesShown: pagesShown / count, recall: recall / count, bins: table, gap: worstCalibrationGap(table) };
}
