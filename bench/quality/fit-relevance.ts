/**
 * Fits the relevance model's weights (WEIGHTS in bridge/src/engine/relevance.ts) on the quality benchmark's feature
 * dump, and judges the procedure the only way that counts: leave-one-site-out, each site replayed under the weights
 * fitted on the others.
 *
 *   npm run bench:quality                                   # writes .cache/relevance-features.jsonl
 *   npx tsx bench/quality/fit-relevance.ts [.cache/relevance-features.jsonl] [--lambda 1] [--calibrate-from 0.3]
 *                                          [--calibrate-on all-removed|half-removed|all] [--threshold T] [--out model.json]
 *                                          [--drop-inputs I,J] [--reuse-folds] [--ranking listwise|pointwise]
 *
 * The procedure itself is fitting/fit-procedure.ts; the figures come from fitting/replay.ts, a replay of
 * suggestion-engine.ts on the dump (it reproduces the bridge's answers, give or take ties). Prints the held-out figures
 * per site, the in-sample figures of the fit on every site (a diagnosis, never a result), and the weights to ship.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { readFeatureDump } from './features/dump-file.js';
import { DEFAULT_MIN_RELEVANCE_SCORE } from '../../bridge/src/engine/relevance.js';
import { fitRelevanceWeights, type FitOptions } from './fitting/fit-procedure.js';
import { replay, replayPage } from './fitting/replay.js';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    lambda: { type: 'string', default: '1' },
    threshold: { type: 'string' },
    'calibrate-from': { type: 'string', default: '0.3' },
    'calibrate-on': { type: 'string', default: 'all-removed' },
    out: { type: 'string' },
    'reuse-folds': { type: 'boolean', default: false },
    'drop-inputs': { type: 'string', default: '' },
    ranking: { type: 'string', default: 'listwise' },
  },
});
const file = positionals[0] ?? '.cache/relevance-features.jsonl';
/** The threshold the figures are given at: the bridge's default unless said otherwise. */
const threshold = args.threshold === undefined ? DEFAULT_MIN_RELEVANCE_SCORE : Number(args.threshold);
const options: FitOptions = {
  lambda: Number(args.lambda),
  calibrateFrom: Number(args['calibrate-from']),
  calibrationVariants: args['calibrate-on'] === 'all' ? [] : args['calibrate-on']!.split(',').filter(Boolean),
  ranking: args.ranking === 'pointwise' ? 'pointwise' : 'listwise',
};

const pages = readFeatureDump(file);
// --drop-inputs 22,23: those target inputs set to 0 everywhere, to judge held out what an input adds (an ablation).
const dropped = args['drop-inputs']!.split(',').filter(Boolean).map(Number);
for (const page of pages) for (const target of page.targets) for (const i of dropped) target.target[i] = 0;
const sites = [...new Set(pages.map((page) => page.corpus))];
const variants = [...new Set(pages.map((page) => page.variant))];
const BINS = [0, 0.2, 0.4, 0.6, 0.8, 0.9, 1.01];

function report(label: string, weightsOf: (site: string) => readonly number[]): void {
  console.log(`\n${label}: R@10, default threshold, P at or above it (n), suggestions per page and recall there; reliability (bin: mean score / accepted, n)`);
  const recalls: number[] = [];
  for (const site of sites) {
    const weights = weightsOf(site);
    for (const variant of variants) {
      const selected = pages.filter((p) => p.corpus === site && p.variant === variant);
      if (selected.length === 0) continue;
      const figures = replay(selected, weights, threshold);
      recalls.push(figures.recallAt10);
      const withTruth = selected.filter((p) => p.truth > 0);
      // Each page replayed once: its suggestions feed both the recall at the default and the reliability bins.
      const perPage = withTruth.map((p) => replayPage(p, weights));
      const shown = perPage.flat();
      const recallAtDefault =
        withTruth.reduce((sum, p, i) => sum + perPage[i]!.filter((s) => s.score >= threshold && s.label === 1).length / p.truth, 0) /
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
// The folds take minutes over a dozen sites; --reuse-folds reads the last ones back (same dump and options only).
const FOLDS_FILE = `.cache/relevance-folds-${options.ranking}.json`;
const folds: Map<string, { weights: number[] }> = args['reuse-folds']
  ? new Map(Object.entries(JSON.parse(readFileSync(FOLDS_FILE, 'utf8')) as Record<string, { weights: number[] }>))
  : new Map(sites.map((site) => [site, { weights: fitRelevanceWeights(pages.filter((p) => p.corpus !== site), options) }]));
writeFileSync(FOLDS_FILE, JSON.stringify(Object.fromEntries(folds)));
report('HELD OUT (each site under the fit on the others)', (site) => folds.get(site)!.weights);
// Per variant too: a site with links reads its level from them in the bridge (SITE_LEVEL), one without reads this one.
for (const shownVariants of [variants, ...variants.map((variant) => [variant])]) {
  console.log(
    `\nHELD OUT at fixed thresholds, ${shownVariants.join(' and ')}, mean over sites (each site and variant weighs the same): ` +
      'precision, suggestions per page, recall there',
  );
  for (const threshold of [0.3, 0.4, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8]) {
    const rows = sites.flatMap((site) =>
      shownVariants.map((variant) => {
        const selected = pages.filter((p) => p.corpus === site && p.variant === variant && p.truth > 0);
        const shown = selected.map((p) => replayPage(p, folds.get(site)!.weights).filter((s) => s.score >= threshold));
        const count = shown.reduce((sum, list) => sum + list.length, 0);
        const correct = shown.reduce((sum, list) => sum + list.filter((s) => s.label === 1).length, 0);
        const recall = selected.reduce((sum, p, i) => sum + shown[i]!.filter((s) => s.label === 1).length / p.truth, 0) / Math.max(1, selected.length);
        return { precision: count === 0 ? null : correct / count, perPage: count / Math.max(1, selected.length), recall };
      }),
    );
    const mean = (values: number[]): number => values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);
    const precisions = rows.map((r) => r.precision).filter((p): p is number => p !== null);
    console.log(
      `  ≥ ${threshold.toFixed(2)}: precision ${mean(precisions).toFixed(3)} (lowest site ${Math.min(...precisions).toFixed(3)}), ` +
        `per page ${mean(rows.map((r) => r.perPage)).toFixed(2)}, recall ${mean(rows.map((r) => r.recall)).toFixed(3)}`,
    );
  }
}
const pooled = fitRelevanceWeights(pages, options);
report('in sample (the fit on every site; diagnosis only)', () => pooled);
console.log(`\nexport const WEIGHTS = [\n  ${pooled.map((w) => w.toFixed(3)).join(', ')},\n];`);
if (args.out !== undefined) writeFileSync(args.out, JSON.stringify({ weights: pooled.map((w) => Number(w.toFixed(3))) }));
