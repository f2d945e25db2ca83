/**
 * Fits the relevance model's weights (WEIGHTS in bridge/src/engine/relevance.ts) on the quality benchmark's feature
 * dump, and judges the procedure the only way that counts: leave-one-site-out, each site replayed under the weights
 * fitted on the others.
 *
 *   npm run bench:quality                                   # writes .cache/relevance-features.jsonl
 *   npx tsx bench/quality/fit-relevance.ts [.cache/relevance-features.jsonl] [--lambda 1] [--calibrate-from 0.3]
 *                                          [--calibrate-on half-removed] [--threshold T] [--out model.json]
 *
 * The procedure itself is fitting/fit-procedure.ts; the figures come from fitting/replay.ts, a replay of
 * suggestion-engine.ts on the dump (it reproduces the bridge's answers, give or take ties). Prints the held-out figures
 * per site, the in-sample figures of the fit on every site (a diagnosis, never a result), and the weights to ship.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { DumpedPage } from './features/feature-dump.js';
import { chooseDefaultThreshold } from './fitting/default-threshold.js';
import { fitRelevanceWeights, type FitOptions } from './fitting/fit-procedure.js';
import { replay, replayPage } from './fitting/replay.js';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    lambda: { type: 'string', default: '1' },
    threshold: { type: 'string' },
    'calibrate-from': { type: 'string', default: '0.3' },
    'calibrate-on': { type: 'string', default: '' },
    out: { type: 'string' },
  },
});
const file = positionals[0] ?? '.cache/relevance-features.jsonl';
/** A fixed threshold to judge at; by default each fold's rule chooses one (fitting/default-threshold.ts). */
const fixedThreshold = args.threshold === undefined ? null : Number(args.threshold);
const options: FitOptions = {
  lambda: Number(args.lambda),
  calibrateFrom: Number(args['calibrate-from']),
  calibrationVariants: args['calibrate-on']!.split(',').filter(Boolean),
};

const pages: DumpedPage[] = readFileSync(file, 'utf8').split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as DumpedPage);
const sites = [...new Set(pages.map((page) => page.corpus))];
const variants = [...new Set(pages.map((page) => page.variant))];
const BINS = [0, 0.2, 0.4, 0.6, 0.8, 0.9, 1.01];

function report(label: string, weightsOf: (site: string) => readonly number[], thresholdOf: (site: string) => number): void {
  console.log(`\n${label}: R@10, default threshold, P at or above it (n), suggestions per page and recall there; reliability (bin: mean score / accepted, n)`);
  const recalls: number[] = [];
  for (const site of sites) {
    const weights = weightsOf(site);
    const threshold = thresholdOf(site);
    for (const variant of variants) {
      const selected = pages.filter((p) => p.corpus === site && p.variant === variant);
      if (selected.length === 0) continue;
      const figures = replay(selected, weights, threshold);
      recalls.push(figures.recallAt10);
      const withTruth = selected.filter((p) => p.truth > 0);
      const shown = withTruth.flatMap((p) => replayPage(p, weights));
      const recallAtDefault =
        withTruth.reduce((sum, p) => sum + replayPage(p, weights).filter((s) => s.score >= threshold && s.label === 1).length / p.truth, 0) /
        Math.max(1, withTruth.length);
      const bins = BINS.slice(0, -1).map((low, i) => {
        const bin = shown.filter((s) => s.score >= low && s.score < BINS[i + 1]!);
        const mean = (values: number[]): string => (values.length === 0 ? '  —  ' : (values.reduce((sum, v) => sum + v, 0) / values.length).toFixed(2));
        return `${low}: ${mean(bin.map((s) => s.score))}/${mean(bin.map((s) => s.label))} (${bin.length})`;
      });
      console.log(
        `  ${`${site} ${variant}`.padEnd(26)} R@10 ${figures.recallAt10.toFixed(3)}  t ${threshold.toFixed(2)}  P ${figures.precisionAbove.toFixed(3)} (${String(figures.countAbove).padStart(4)})  ` +
          `per page ${(figures.countAbove / Math.max(1, withTruth.length)).toFixed(2)}  R@≥ ${recallAtDefault.toFixed(3)}   ${bins.join('  ')}`,
      );
    }
  }
  console.log(`  mean R@10 over sites and variants: ${(recalls.reduce((sum, r) => sum + r, 0) / Math.max(1, recalls.length)).toFixed(3)}`);
}

console.log(`${pages.length} pages of ${sites.length} sites; options ${JSON.stringify(options)}`);
const folds = new Map(
  sites.map((site) => {
    const training = pages.filter((p) => p.corpus !== site);
    const weights = fitRelevanceWeights(training, options);
    return [site, { weights, threshold: fixedThreshold ?? chooseDefaultThreshold(training, weights) }];
  }),
);
report('HELD OUT (each site under the fit on the others, at the default the rule chose on the others)', (site) => folds.get(site)!.weights, (site) => folds.get(site)!.threshold);
const pooled = fitRelevanceWeights(pages, options);
const pooledThreshold = fixedThreshold ?? chooseDefaultThreshold(pages, pooled);
report('in sample (the fit on every site; diagnosis only)', () => pooled, () => pooledThreshold);
console.log(`\nDEFAULT_MIN_RELEVANCE_SCORE = ${pooledThreshold} (the rule of fitting/default-threshold.ts on every site)`);
console.log(`\nexport const WEIGHTS = [\n  ${pooled.map((w) => w.toFixed(3)).join(', ')},\n];`);
if (args.out !== undefined) writeFileSync(args.out, JSON.stringify({ weights: pooled.map((w) => Number(w.toFixed(3))), threshold: pooledThreshold }));
