/**
 * Held-out replay of the adaptation to editors' decisions (bridge/src/engine/adaptation.ts), used to choose its prior
 * strength. For each site, under the model fitted without it (the fold models the last `npm run bench:quality` wrote
 * to .cache/quality-models/): simulated editors decide on the suggestions shown at the default threshold on half of
 * the sampled pages (approve = the authors linked the target), the model is adapted to those decisions, and the
 * figures are read on the other half of the pages. The prior strength for a site is the one best on the other sites.
 *
 *   npx tsx bench/quality/adapt-decisions.ts [.cache/relevance-features.jsonl] [--strengths 3,10,30,100]
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { adaptRelevanceModel, PRIOR_STRENGTH } from '../../bridge/src/engine/adaptation.js';
import { DEFAULT_MIN_RELEVANCE_SCORE, RelevanceModel } from '../../bridge/src/engine/relevance.js';
import type { DumpedPage } from './features/feature-dump.js';
import { replayPage } from './fitting/replay.js';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { strengths: { type: 'string', default: `3,10,30,100` }, models: { type: 'string', default: '.cache/quality-models' } },
});
const pages: DumpedPage[] = readFileSync(positionals[0] ?? '.cache/relevance-features.jsonl', 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as DumpedPage);
const strengths = args.strengths!.split(',').map(Number);
const threshold = DEFAULT_MIN_RELEVANCE_SCORE;
/** The half of the pages a page belongs to: editors decide on half 0, the figures are read on half 1. */
export const pageHalf = (url: string): number => createHash('sha256').update(url).digest()[0]! % 2;

interface Figures {
  recallAt10: number;
  precision: number;
  perPage: number;
  calibrationGap: number;
  decisions: number;
  adapted: boolean;
}

function figuresOf(evaluated: readonly DumpedPage[], weights: readonly number[], decisions: number, adapted: boolean): Figures {
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
  return { recallAt10: recall / n, precision: shown === 0 ? 0 : correct / shown, perPage: shown / n, calibrationGap, decisions, adapted };
}

const sites = [...new Set(pages.map((page) => page.corpus))];
const variants = [...new Set(pages.map((page) => page.variant))];
/** results[strength][site][variant] = { before, after } */
const results = new Map<number, Map<string, Map<string, { before: Figures; after: Figures }>>>();
for (const strength of strengths) {
  const bySite = new Map<string, Map<string, { before: Figures; after: Figures }>>();
  for (const site of sites) {
    const fold = new RelevanceModel(
      (JSON.parse(readFileSync(path.join(args.models!, `${site}.json`), 'utf8')) as { weights: number[] }).weights,
    );
    const byVariant = new Map<string, { before: Figures; after: Figures }>();
    for (const variant of variants) {
      const selected = pages.filter((p) => p.corpus === site && p.variant === variant && p.truth > 0);
      const decided = selected.filter((p) => pageHalf(p.url) === 0);
      const evaluated = selected.filter((p) => pageHalf(p.url) === 1);
      const decisions = decided.flatMap((page) =>
        replayPage(page, fold.weights).filter((s) => s.score >= threshold).map((s) => ({ inputs: s.inputs, accepted: s.label === 1 })),
      );
      const adapted = adaptRelevanceModel(fold, decisions, strength);
      byVariant.set(variant, {
        before: figuresOf(evaluated, fold.weights, decisions.length, false),
        after: figuresOf(evaluated, (adapted ?? fold).weights, decisions.length, adapted !== null),
      });
    }
    bySite.set(site, byVariant);
  }
  results.set(strength, bySite);
}

const mean = (values: readonly number[]): number => values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);
/** What a strength is chosen by: recall@10 plus precision at the default, over the sites given. */
const merit = (strength: number, over: readonly string[]): number =>
  mean(over.flatMap((site) => [...results.get(strength)!.get(site)!.values()].map((r) => r.after.recallAt10 + r.after.precision)));

console.log(`strength grid (mean over sites and variants of the evaluated halves; before adaptation → after):`);
for (const strength of strengths) {
  const rows = [...results.get(strength)!.values()].flatMap((byVariant) => [...byVariant.values()]);
  const pick = (f: (r: { before: Figures; after: Figures }) => number) => mean(rows.map(f)).toFixed(3);
  console.log(
    `  ${String(strength).padStart(4)}: R@10 ${pick((r) => r.before.recallAt10)} → ${pick((r) => r.after.recallAt10)}  ` +
      `P@≥${threshold} ${pick((r) => r.before.precision)} → ${pick((r) => r.after.precision)}  ` +
      `per page ${pick((r) => r.before.perPage)} → ${pick((r) => r.after.perPage)}  calib. gap ${pick((r) => r.before.calibrationGap)} → ${pick((r) => r.after.calibrationGap)}`,
  );
}

console.log(`\nheld out: each site under the strength best on the other sites (shipped: ${PRIOR_STRENGTH})`);
const heldOut: { before: Figures; after: Figures }[] = [];
for (const site of sites) {
  const others = sites.filter((s) => s !== site);
  const chosen = strengths.reduce((best, s) => (merit(s, others) > merit(best, others) ? s : best), strengths[0]!);
  for (const [variant, r] of results.get(chosen)!.get(site)!) {
    heldOut.push(r);
    const f = (x: Figures) =>
      `R@10 ${x.recallAt10.toFixed(3)} P ${x.precision.toFixed(3)} pp ${x.perPage.toFixed(2)} gap ${x.calibrationGap.toFixed(3)}`;
    console.log(
      `  ${`${site} ${variant}`.padEnd(26)} strength ${String(chosen).padStart(3)}  decisions ${String(r.after.decisions).padStart(4)}${r.after.adapted ? ' ' : '*'}  ${f(r.before)}  →  ${f(r.after)}`,
    );
  }
}
const pick = (f: (r: { before: Figures; after: Figures }) => number) => mean(heldOut.map(f)).toFixed(3);
console.log(
  `  mean of sites: R@10 ${pick((r) => r.before.recallAt10)} → ${pick((r) => r.after.recallAt10)}  P@≥${threshold} ${pick((r) => r.before.precision)} → ` +
    `${pick((r) => r.after.precision)}  per page ${pick((r) => r.before.perPage)} → ${pick((r) => r.after.perPage)}  ` +
    `calib. gap ${pick((r) => r.before.calibrationGap)} → ${pick((r) => r.after.calibrationGap)}   (* = too few decisions: not adapted)`,
);
