/**
 * Could a project's first few editors' decisions set its level, before the 30 the adaptation needs? A held-out
 * diagnosis on the last dump and fold models of `npm run bench:quality`, with the adaptation replay's editors
 * (fitting/adaptation-replay.ts): on each site, under the model fitted without it, editors decide on the first `n`
 * suggestions the default shows on half of the pages (pages in URL order); the model's log-odds are then shifted so
 * that its mean score over those suggestions is their share accepted, pulled towards the model's own mean by `k`
 * pseudo-decisions ((accepted + k × mean score) / (n + k)); the figures are read on the other half. k is chosen per site
 * on the other sites. Nothing here is shipped: it says whether it would be worth shipping.
 *
 *   npx tsx bench/quality/few-decisions-level.ts [.cache/relevance-features.jsonl] [--counts 5,10,20] [--priors 3,10,30]
 */
import { parseArgs } from 'node:util';
import { shiftToMeanScore, withLogOddsMapped } from '../../bridge/src/engine/adaptation.js';
import { acceptance, DEFAULT_MIN_RELEVANCE_SCORE, RelevanceModel } from '../../bridge/src/engine/relevance.js';
import { foldWeightsIn, readFeatureDump } from './features/dump-file.js';
import { type AdaptationFigures, figuresOf, meanFigures, pageHalf } from './fitting/adaptation-replay.js';
import { replayPage } from './fitting/replay.js';
import { mean } from './metrics/ranking.js';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    counts: { type: 'string', default: '5,10,20' },
    priors: { type: 'string', default: '3,10,30' },
    models: { type: 'string', default: '.cache/quality-models' },
  },
});
const counts = args.counts!.split(',').map(Number);
const priors = args.priors!.split(',').map(Number);
const threshold = DEFAULT_MIN_RELEVANCE_SCORE;
const pages = readFeatureDump(positionals[0]).filter((page) => page.truth > 0);
const foldWeights = foldWeightsIn(args.models);

interface Row {
  site: string;
  variant: string;
  count: number;
  prior: number;
  before: AdaptationFigures;
  after: AdaptationFigures;
}

const rows: Row[] = [];
const sites = [...new Set(pages.map((page) => page.corpus))];
for (const site of sites) {
  const fold = new RelevanceModel(foldWeights(site));
  for (const variant of [...new Set(pages.map((page) => page.variant))]) {
    const selected = pages.filter((p) => p.corpus === site && p.variant === variant);
    const decided = selected.filter((p) => pageHalf(p.url) === 0).sort((a, b) => (a.url < b.url ? -1 : 1));
    const evaluated = selected.filter((p) => pageHalf(p.url) === 1);
    const shown = decided.flatMap((page) => replayPage(page, fold.weights).filter((s) => s.score >= threshold));
    const before = figuresOf(evaluated, fold.weights, threshold);
    for (const count of counts) {
      const first = shown.slice(0, count);
      const accepted = first.filter((s) => s.label === 1).length;
      const logOdds = first.map((s) => s.inputs.reduce((sum, x, i) => sum + x * fold.weights[i]!, 0));
      const meanScore = mean(logOdds.map(acceptance));
      for (const prior of priors) {
        const target = (accepted + prior * meanScore) / (first.length + prior);
        const shift = first.length === 0 ? 0 : shiftToMeanScore(logOdds, target);
        const after = figuresOf(evaluated, withLogOddsMapped(fold, 1, shift).weights, threshold);
        rows.push({ site, variant, count, prior, before, after });
      }
    }
  }
}

const show = (f: AdaptationFigures): string =>
  `P ${f.precision.toFixed(3)}  per page ${f.perPage.toFixed(2)}  gap ${f.calibrationGap.toFixed(3)}`;
/** What k is chosen by on the other sites: the worst-band gap, the figure a level is meant to fix. */
const merit = (list: readonly Row[]): number => -mean(list.map((r) => r.after.calibrationGap));

console.log(`######## LEVEL FROM THE FIRST DECISIONS (held out; k chosen on the other sites; P and per page at ≥ ${threshold})`);
for (const variant of [...new Set(rows.map((r) => r.variant))]) {
  for (const count of counts) {
    const heldOut = sites.flatMap((site) => {
      const others = rows.filter((r) => r.site !== site && r.variant === variant && r.count === count);
      const prior = priors.reduce((best, k) =>
        merit(others.filter((r) => r.prior === k)) > merit(others.filter((r) => r.prior === best)) ? k : best,
      );
      return rows.filter((r) => r.site === site && r.variant === variant && r.count === count && r.prior === prior);
    });
    const better = heldOut.filter((r) => r.after.calibrationGap < r.before.calibrationGap).length;
    const met = (f: (r: Row) => AdaptationFigures): number => heldOut.filter((r) => f(r).precision >= 0.8).length;
    console.log(
      `${variant.padEnd(13)} first ${String(count).padStart(3)}  k ${[...new Set(heldOut.map((r) => r.prior))].join('/')}  ` +
        `${show(meanFigures(heldOut.map((r) => r.before)))}  →  ${show(meanFigures(heldOut.map((r) => r.after)))}  ` +
        `gap smaller on ${better}/${heldOut.length}, P ≥ 0.8 on ${met((r) => r.before)} → ${met((r) => r.after)}`,
    );
    if (count === counts[counts.length - 1]) {
      for (const r of heldOut) console.log(`    ${r.site.padEnd(12)} k ${String(r.prior).padStart(3)}  ${show(r.before)}  →  ${show(r.after)}`);
    }
  }
}
