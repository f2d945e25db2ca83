/**
 * Held-out replay of the adaptation to editors' decisions (bridge/src/engine/adaptation.ts). For each site, under the
 * model fitted without it: simulated editors decide on the suggestions shown at the default threshold on half of the
 * sampled pages (approve = the authors linked the target), the model is adapted to those decisions, and the figures
 * are read on the other half of the pages. The prior strength for a site is the one best on the other sites.
 */
import { createHash } from 'node:crypto';
import { adaptRelevanceModel } from '../../../bridge/src/engine/adaptation.js';
import { DEFAULT_MIN_RELEVANCE_SCORE, RelevanceModel } from '../../../bridge/src/engine/relevance.js';
import type { DumpedPage } from '../features/feature-dump.js';
import { mean } from '../metrics/ranking.js';
import { replayPage } from './replay.js';

export interface AdaptationFigures {
  recallAt10: number;
  /** Among suggestions at or above the default threshold. */
  precision: number;
  perPage: number;
  /** Largest |mean score − share accepted| over score bins with 20 suggestions or more. */
  calibrationGap: number;
}

export interface AdaptationRow {
  site: string;
  variant: string;
  strength: number;
  decisions: number;
  adapted: boolean;
  before: AdaptationFigures;
  after: AdaptationFigures;
}

export interface AdaptationReport {
  threshold: number;
  /** Per strength tried: mean over sites and variants, before and after. */
  grid: { strength: number; before: AdaptationFigures; after: AdaptationFigures }[];
  /** Each site under the strength chosen on the other sites. */
  heldOut: AdaptationRow[];
  mean: { before: AdaptationFigures; after: AdaptationFigures };
}

export const DEFAULT_STRENGTHS = [3, 10, 30, 100];

/** The half of the pages a page belongs to: editors decide on half 0, the figures are read on half 1. */
export const pageHalf = (url: string): number => createHash('sha256').update(url).digest()[0]! % 2;

export function figuresOf(evaluated: readonly DumpedPage[], weights: readonly number[], threshold: number): AdaptationFigures {
  let recall = 0;
  let shown = 0;
  let correct = 0;
  const bins = [0, 0.2, 0.4, 0.6, 0.8, 0.9].map((low) => ({ low, scores: 0, labels: 0, n: 0 }));
  for (const page of evaluated) {
    const suggestions = replayPage(page, weights);
    recall += suggestions.filter((s) => s.label === 1).length / page.truth;
    for (const s of suggestions) {
      const bin = [...bins].reverse().find((b) => s.score >= b.low)!;
      bin.scores += s.score;
      bin.labels += s.label;
      bin.n += 1;
      if (s.score < threshold) continue;
      shown += 1;
      correct += s.label;
    }
  }
  const n = Math.max(1, evaluated.length);
  const calibrationGap = Math.max(0, ...bins.filter((b) => b.n >= 20).map((b) => Math.abs(b.scores - b.labels) / b.n));
  return { recallAt10: recall / n, precision: shown === 0 ? 0 : correct / shown, perPage: shown / n, calibrationGap };
}

export const meanFigures = (all: readonly AdaptationFigures[]): AdaptationFigures => ({
  recallAt10: mean(all.map((f) => f.recallAt10)),
  precision: mean(all.map((f) => f.precision)),
  perPage: mean(all.map((f) => f.perPage)),
  calibrationGap: mean(all.map((f) => f.calibrationGap)),
});

export function adaptationReplay(
  pages: readonly DumpedPage[],
  foldWeights: (site: string) => readonly number[],
  strengths: readonly number[] = DEFAULT_STRENGTHS,
  threshold = DEFAULT_MIN_RELEVANCE_SCORE,
): AdaptationReport {
  const sites = [...new Set(pages.map((page) => page.corpus))];
  const variants = [...new Set(pages.map((page) => page.variant))];
  const rows = new Map<number, AdaptationRow[]>();
  for (const strength of strengths) {
    const list: AdaptationRow[] = [];
    for (const site of sites) {
      const fold = new RelevanceModel(foldWeights(site));
      for (const variant of variants) {
        const selected = pages.filter((p) => p.corpus === site && p.variant === variant && p.truth > 0);
        if (selected.length === 0) continue;
        const decisions = selected
          .filter((p) => pageHalf(p.url) === 0)
          .flatMap((page) =>
            replayPage(page, fold.weights)
              .filter((s) => s.score >= threshold)
              .map((s) => ({ inputs: s.inputs, accepted: s.label === 1 })),
          );
        const evaluated = selected.filter((p) => pageHalf(p.url) === 1);
        const adapted = adaptRelevanceModel(fold, decisions, strength);
        list.push({
          site,
          variant,
          strength,
          decisions: decisions.length,
          adapted: adapted !== null,
          before: figuresOf(evaluated, fold.weights, threshold),
          after: figuresOf(evaluated, (adapted ?? fold).weights, threshold),
        });
      }
    }
    rows.set(strength, list);
  }
  /** What a strength is chosen by: recall@10 plus precision at the default, over the sites given. */
  const merit = (strength: number, over: ReadonlySet<string>): number =>
    mean(rows.get(strength)!.filter((r) => over.has(r.site)).map((r) => r.after.recallAt10 + r.after.precision));
  const heldOut = sites.flatMap((site) => {
    const others = new Set(sites.filter((s) => s !== site));
    const chosen = strengths.reduce((best, s) => (merit(s, others) > merit(best, others) ? s : best), strengths[0]!);
    return rows.get(chosen)!.filter((r) => r.site === site);
  });
  return {
    threshold,
    grid: strengths.map((strength) => ({
      strength,
      before: meanFigures(rows.get(strength)!.map((r) => r.before)),
      after: meanFigures(rows.get(strength)!.map((r) => r.after)),
    })),
    heldOut,
    mean: { before: meanFigures(heldOut.map((r) => r.before)), after: meanFigures(heldOut.map((r) => r.after)) },
  };
}

const show = (f: AdaptationFigures): string =>
  `R@10 ${f.recallAt10.toFixed(3)}  P ${f.precision.toFixed(3)}  per page ${f.perPage.toFixed(2)}  gap ${f.calibrationGap.toFixed(3)}`;

export function printAdaptation(report: AdaptationReport): void {
  console.log(`\n######## ADAPTED TO EDITORS' DECISIONS (held out; editors simulated on half the pages, read on the other half)`);
  console.log(`strength grid, mean over sites and variants (before → after):`);
  for (const { strength, before, after } of report.grid) console.log(`  ${String(strength).padStart(4)}: ${show(before)}  →  ${show(after)}`);
  console.log(`each site under the strength best on the other sites; P at ≥ ${report.threshold}; * = too few decisions, not adapted:`);
  for (const row of report.heldOut) {
    console.log(
      `  ${`${row.site} ${row.variant}`.padEnd(26)} strength ${String(row.strength).padStart(3)}  decisions ${String(row.decisions).padStart(4)}${row.adapted ? ' ' : '*'}  ` +
        `${show(row.before)}  →  ${show(row.after)}`,
    );
  }
  console.log(`  mean of sites: ${show(report.mean.before)}  →  ${show(report.mean.after)}`);
}
