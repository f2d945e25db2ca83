/**
 * The whole procedure that turns a feature dump into the relevance model's weights, so that it can be run on any
 * subset of sites: on all of them for the weights the bridge ships, on all but one for that one's held-out figures.
 *
 * An example is a considered target with its preferred anchor (target inputs, then anchor inputs); label = the authors
 * linked that target from that page. L2-regularised logistic regression by Newton's method (IRLS), in three steps:
 * 1. fit on every considered target;
 * 2. refit, a few rounds, on each page's ten best targets under the previous fit: the scores are read on what the
 *    engine shows, and the many hopeless candidates would otherwise set the weights;
 * 3. calibrate (Platt: a slope and a bias on the log-odds, folded into the weights, so the order does not change) on
 *    the suggestions the engine would show that step 2 scores at `calibrateFrom` or more: two parameters cannot fit
 *    the whole range, and thresholds are set in the upper part.
 * Every site weighs the same in each step, whatever its number of pages and candidates: a large reference site would
 * otherwise set the weights for every other kind of site.
 */
import type { DumpedPage } from '../features/feature-dump.js';
import { fitLogistic, type Example } from './logistic.js';
import { replayPage } from './replay.js';

export interface FitOptions {
  /** L2 penalty of step 1 and 2 (the bias is never penalised). */
  lambda: number;
  /** Step 3 uses the shown suggestions scored at least this by step 2. */
  calibrateFrom: number;
  /** Variants whose shown suggestions calibrate (all when empty). */
  calibrationVariants: readonly string[];
}

export const DEFAULT_FIT_OPTIONS: FitOptions = { lambda: 1, calibrateFrom: 0.3, calibrationVariants: [] };

/** Suggestions per page the engine is asked for on the benchmark, and refit rounds on them. */
const SHOWN = 10;
const ROUNDS = 3;

const dot = (w: readonly number[], x: readonly number[]): number => x.reduce((sum, v, i) => sum + (w[i] ?? 0) * v, 0);
const logit = (p: number): number => Math.log(p / (1 - p));

/** The targets of a page that have an anchor, as examples: the engine scores a target only with its preferred anchor. */
export function examplesOf(page: DumpedPage, weight = 1): Example[] {
  return page.targets.filter((t) => t.anchors.length > 0).map((t) => ({ x: [...t.target, ...t.anchors[0]!.slice(2)], y: t.label, w: weight }));
}

/** Example weights that give each site the same total, scaled so that the mean weight stays 1. */
function perSiteWeights<T extends { corpus: string }>(items: readonly T[], count: (item: T) => number): Map<string, number> {
  const totals = new Map<string, number>();
  for (const item of items) totals.set(item.corpus, (totals.get(item.corpus) ?? 0) + count(item));
  const all = [...totals.values()].reduce((sum, n) => sum + n, 0);
  return new Map([...totals].map(([corpus, n]) => [corpus, n === 0 ? 0 : all / (totals.size * n)]));
}

function balancedExamples(pages: readonly DumpedPage[], select: (page: DumpedPage) => Example[]): Example[] {
  const perPage = pages.map((page) => ({ corpus: page.corpus, examples: select(page) }));
  const weights = perSiteWeights(perPage, (item) => item.examples.length);
  return perPage.flatMap((item) => item.examples.map((example) => ({ ...example, w: weights.get(item.corpus)! })));
}

export function fitRelevanceWeights(training: readonly DumpedPage[], options: FitOptions = DEFAULT_FIT_OPTIONS): number[] {
  let weights = fitLogistic(balancedExamples(training, (page) => examplesOf(page)), options.lambda);
  for (let round = 0; round < ROUNDS; round += 1) {
    const current = weights;
    const best = (page: DumpedPage): Example[] => examplesOf(page).sort((a, b) => dot(current, b.x) - dot(current, a.x)).slice(0, SHOWN);
    weights = fitLogistic(balancedExamples(training, best), options.lambda);
  }
  const calibrating = training.filter(
    (page) => page.truth > 0 && (options.calibrationVariants.length === 0 || options.calibrationVariants.includes(page.variant)),
  );
  const fitted = weights;
  const shown = balancedExamples(calibrating, (page) =>
    replayPage(page, fitted)
      .filter((s) => s.score >= options.calibrateFrom)
      .map((s) => ({ x: [1, logit(Math.min(1 - 1e-6, Math.max(1e-6, s.score)))], y: s.label })),
  );
  const [bias, slope] = fitLogistic(shown, 0);
  return weights.map((w, i) => w * slope! + (i === 0 ? bias! : 0));
}
