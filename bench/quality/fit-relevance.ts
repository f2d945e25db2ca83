/**
 * Fits the relevance model's weights (WEIGHTS in bridge/src/engine/relevance.ts) on a feature dump of the quality
 * benchmark, and says how well the fit transfers from one corpus to the other:
 *
 *   npm run build --workspace bridge --silent
 *   npx tsx bench/quality/run.ts --no-build --dump-features .cache/relevance-features.jsonl
 *   npx tsx bench/quality/fit-relevance.ts .cache/relevance-features.jsonl
 *
 * An example is a considered target with its preferred anchor (target inputs, then anchor inputs); label = the authors
 * linked that target from that page. L2-regularised logistic regression by Newton's method (IRLS), in three steps:
 * 1. fit on every considered target;
 * 2. refit, a few rounds, on each page's 10 best targets under the previous fit: the scores are read on what the
 *    engine shows, and the many hopeless candidates would otherwise set the weights;
 * 3. calibrate (Platt: a slope and a bias on the log-odds, folded into the weights, so the order does not change)
 *    on the suggestions the engine would show on the half-removed variants (a site that already has links, as a
 *    WordPress site does) that step 2 scores at --calibrate-from (0.3) or more: two parameters cannot fit the whole
 *    range, and thresholds are set in the upper part. All-removed pages hold twice the links to find, so scores
 *    there read low, not high.
 * Ranking figures come from a replay of suggestion-engine.ts on the dump (fitting/replay.ts).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DEFAULT_MIN_RELEVANCE_SCORE, WEIGHTS } from '../../bridge/src/engine/relevance.js';
import type { DumpedPage } from './features/feature-dump.js';
import { fitLogistic, logLoss, type Example } from './fitting/logistic.js';
import { replay, replayPage } from './fitting/replay.js';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    lambda: { type: 'string', default: '1' },
    threshold: { type: 'string', default: String(DEFAULT_MIN_RELEVANCE_SCORE) },
    'calibrate-from': { type: 'string', default: '0.3' },
    'corpus-weight': { type: 'string', default: 'git=2' },
  },
});
const file = positionals[0];
if (file === undefined) throw new Error('usage: fit-relevance.ts FEATURES.jsonl [--lambda 1] [--threshold 0.8] [--calibrate-from 0.3]');
const lambda = Number(args.lambda);
const threshold = Number(args.threshold);
const calibrateFrom = Number(args['calibrate-from']);
/** Suggestions per page the engine is asked for on the benchmark, and refit rounds on them. */
const SHOWN = 10;
const ROUNDS = 3;
const CALIBRATION_VARIANT = 'half-removed';

const pages: DumpedPage[] = readFileSync(file, 'utf8').split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as DumpedPage);

const dot = (w: readonly number[], x: readonly number[]): number => x.reduce((sum, v, i) => sum + (w[i] ?? 0) * v, 0);
const logit = (p: number): number => Math.log(p / (1 - p));

/** Targets with an anchor, as examples: the engine scores a target only with its preferred anchor. */
const corpusWeight = new Map(args['corpus-weight']!.split(',').filter(Boolean).map((pair) => [pair.split('=')[0]!, Number(pair.split('=')[1])]));
const examplesOf = (page: DumpedPage): Example[] =>
  page.targets.filter((t) => t.anchors.length > 0).map((t) => ({ x: [...t.target, ...t.anchors[0]!.slice(2)], y: t.label, w: corpusWeight.get(page.corpus) ?? 1 }));

function fit(training: readonly DumpedPage[]): number[] {
  let weights = fitLogistic(training.flatMap(examplesOf), lambda);
  for (let round = 0; round < ROUNDS; round += 1) {
    const current = weights;
    const best = training.flatMap((page) => examplesOf(page).sort((a, b) => dot(current, b.x) - dot(current, a.x)).slice(0, SHOWN));
    weights = fitLogistic(best, lambda);
  }
  const shown = training
    .filter((page) => page.variant === CALIBRATION_VARIANT && page.truth > 0)
    .flatMap((page) => replayPage(page, weights).filter((s) => s.score >= calibrateFrom).map((s) => ({ x: [1, logit(Math.min(1 - 1e-6, Math.max(1e-6, s.score)))], y: s.label })));
  const [bias, slope] = fitLogistic(shown, 0);
  return weights.map((w, i) => w * slope! + (i === 0 ? bias! : 0));
}

const groupOf = (page: DumpedPage): string => `${page.corpus} ${page.variant}`;
const groups = [...new Set(pages.map(groupOf))];
const corpora = [...new Set(pages.map((p) => p.corpus))];

function report(weights: readonly number[], selected: readonly DumpedPage[]): void {
  for (const group of groups) {
    const groupPages = selected.filter((p) => groupOf(p) === group);
    if (groupPages.length === 0) continue;
    const figures = replay(groupPages, weights, threshold);
    const shown = groupPages.filter((p) => p.truth > 0).flatMap((p) => replayPage(p, weights));
    const meanScore = shown.reduce((sum, s) => sum + s.score, 0) / Math.max(1, shown.length);
    const meanLabel = shown.reduce((sum, s) => sum + s.label, 0) / Math.max(1, shown.length);
    console.log(
      `  ${group.padEnd(20)} R@10 ${figures.recallAt10.toFixed(3)}  P@≥${threshold} ${figures.precisionAbove.toFixed(3)} (n=${figures.countAbove}, ` +
        `mean score ${figures.meanScoreAbove.toFixed(3)})  shown: mean score ${meanScore.toFixed(3)}, accepted ${meanLabel.toFixed(3)}; ` +
        `log loss ${logLoss(groupPages.flatMap(examplesOf), weights).toFixed(4)}`,
    );
  }
}

console.log(`${pages.length} pages, ${pages.flatMap(examplesOf).length} examples; lambda ${lambda}; threshold ${threshold}`);
if (WEIGHTS.length === pages[0]?.targets[0]!.target.length! + pages[0]?.targets[0]!.anchors[0]!.length! - 2) {
  console.log('\nweights now in relevance.ts');
  report(WEIGHTS, pages);
}
for (const heldOut of corpora) {
  console.log(`\nheld out: fit on ${corpora.filter((c) => c !== heldOut).join(', ')}, evaluated on ${heldOut}`);
  report(fit(pages.filter((p) => p.corpus !== heldOut)), pages.filter((p) => p.corpus === heldOut));
}
const pooled = fit(pages);
console.log('\npooled fit (both corpora, both variants), evaluated in-sample');
report(pooled, pages);
console.log('\nreliability of the pooled fit on shown suggestions: score bin: mean score / share accepted (count)');
const BINS = [0, 0.2, 0.4, 0.6, 0.8, 0.9, 1.01];
for (const group of groups) {
  const shown = pages.filter((p) => groupOf(p) === group && p.truth > 0).flatMap((p) => replayPage(p, pooled));
  const cells = BINS.slice(0, -1).map((low, i) => {
    const bin = shown.filter((s) => s.score >= low && s.score < BINS[i + 1]!);
    const mean = (values: number[]): string => (values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length)).toFixed(2);
    return `${low}: ${mean(bin.map((s) => s.score))} / ${mean(bin.map((s) => s.label))} (${bin.length})`;
  });
  console.log(`  ${group.padEnd(20)} ${cells.join('  ')}`);
}
console.log(`\nconst WEIGHTS = [\n  ${pooled.map((w) => w.toFixed(3)).join(', ')},\n];`);
