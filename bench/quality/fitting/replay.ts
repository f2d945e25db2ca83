/**
 * The engine's choice of suggestions (suggestion-engine.ts: visit order, early stop, spare targets, anchors that
 * overlap none taken) replayed on a feature dump under any weights, so a fit is judged by the benchmark's figures.
 */
import type { DumpedPage } from '../features/feature-dump.js';

const LIMIT = 10;
const SEARCH_FACTOR = 6;
const SPARE_FACTOR = 3;
/** Kinds come first among the anchor inputs; then the largest value each later input takes (relevance.ts). */
const KINDS = 5;
const ANCHOR_INPUT_MAX = [1, 1, 1, 2, Math.log1p(50), 1, 1, 1, 1, 1];

export interface ReplayFigures {
  /** Mean recall@10 over pages with truth. */
  recallAt10: number;
  /** Over pages with truth: share of suggestions scored ≥ threshold whose target is true, and how many there were. */
  precisionAbove: number;
  countAbove: number;
  meanScoreAbove: number;
}

const dot = (w: readonly number[], x: readonly number[], offset: number): number => {
  let sum = 0;
  for (let i = 0; i < x.length; i += 1) sum += w[offset + i]! * x[i]!;
  return sum;
};
const round = (score: number): number => Math.round(score * 1e4) / 1e4;

export function maxAnchorLogit(anchorWeights: readonly number[]): number {
  return Math.max(0, ...anchorWeights.slice(0, KINDS)) +
    anchorWeights.slice(KINDS).reduce((sum, w, i) => sum + Math.max(0, w * ANCHOR_INPUT_MAX[i]!), 0);
}

/** One replayed suggestion: the authors linked its target (label), its score, and the model inputs it was scored with. */
export interface ReplayedSuggestion {
  label: number;
  score: number;
  inputs: number[];
}

/** The page's suggestions as the engine would make them, best first. */
export function replayPage(page: DumpedPage, weights: readonly number[]): ReplayedSuggestion[] {
  const targetInputs = page.targets[0]?.target.length ?? 0;
  const anchorWeights = weights.slice(targetInputs);
  const bound = maxAnchorLogit(anchorWeights);
  const anchorLogit = (anchor: readonly number[]): number => dot(anchorWeights, anchor.slice(2), 0);
  const candidates = page.targets
    .map((target, order) => ({ target, order, targetLogOdds: dot(weights, target.target, 0) }))
    .sort((a, b) => b.targetLogOdds - a.targetLogOdds || a.order - b.order);
  const keep = LIMIT * SPARE_FACTOR;
  let ranked: { c: (typeof candidates)[number]; logOdds: number }[] = [];
  let floor = -Infinity;
  for (const [visited, c] of candidates.entries()) {
    if (visited >= LIMIT * SEARCH_FACTOR) break;
    if (ranked.length >= keep && c.targetLogOdds + bound <= floor) break;
    if (c.target.anchors.length === 0) continue;
    ranked.push({ c, logOdds: c.targetLogOdds + anchorLogit(c.target.anchors[0]!) });
    if (ranked.length >= keep) {
      ranked.sort((a, b) => b.logOdds - a.logOdds || a.c.order - b.c.order);
      ranked = ranked.slice(0, keep);
      floor = ranked[keep - 1]!.logOdds;
    }
  }
  ranked.sort((a, b) => b.logOdds - a.logOdds || a.c.order - b.c.order);
  const taken: { start: number; end: number }[] = [];
  const out: ReplayedSuggestion[] = [];
  for (const { c, logOdds } of ranked) {
    if (out.length >= LIMIT) break;
    const index = c.target.anchors.findIndex((a) => taken.every((t) => a[1]! <= t.start || a[0]! >= t.end));
    if (index < 0) continue;
    const anchor = c.target.anchors[index]!;
    taken.push({ start: anchor[0]!, end: anchor[1]! });
    const z = index === 0 ? logOdds : c.targetLogOdds + anchorLogit(anchor);
    out.push({ label: c.target.label, score: round(1 / (1 + Math.exp(-z))), inputs: [...c.target.target, ...anchor.slice(2)] });
  }
  return out.sort((a, b) => b.score - a.score);
}

export function replay(pages: readonly DumpedPage[], weights: readonly number[], threshold: number): ReplayFigures {
  let recall = 0;
  let withTruth = 0;
  let above = 0;
  let trueAbove = 0;
  let scoreAbove = 0;
  for (const page of pages) {
    if (page.truth === 0) continue;
    withTruth += 1;
    const suggestions = replayPage(page, weights);
    recall += suggestions.filter((s) => s.label === 1).length / page.truth;
    for (const s of suggestions) {
      if (s.score < threshold) continue;
      above += 1;
      trueAbove += s.label;
      scoreAbove += s.score;
    }
  }
  return {
    recallAt10: recall / Math.max(1, withTruth),
    precisionAbove: trueAbove / Math.max(1, above),
    countAbove: above,
    meanScoreAbove: scoreAbove / Math.max(1, above),
  };
}
