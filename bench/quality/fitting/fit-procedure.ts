/**
 * The whole procedure that turns a feature dump into the relevance model's weights, so that it can be run on any
 * subset of sites: on all of them for the weights the bridge ships, on all but one for that one's held-out figures.
 *
 * An example is a considered target with its preferred anchor (target inputs, then anchor inputs); label = the authors
 * linked that target from that page. Two steps set the order and the level, a third calibrates:
 * 1. the order (`listwise`, the default): a softmax over each page's candidates fitted to put its weight on the
 *    targets the authors linked (`fitting/listwise.ts`), so the weights answer "which of this page's candidates",
 *    what recall@10 and the suggestions shown depend on;
 * 2. the level: a logistic regression of the label on each page's ten best targets under that order, with two
 *    inputs — its score and the inputs that are the same for every candidate of a page (how many pages it names,
 *    how many it links, the site's links per page, the pages in its language), which no order can learn — folded
 *    back into the weights.
 *    (`pointwise`, the procedure until commit 71ba8b8: L2-regularised logistic regression by Newton's method on every
 *    considered target, then refit a few rounds on each page's ten best; judged leave-one-site-out it ranked less
 *    well: `bench/quality/README.md`.)
 * 3. calibrate (Platt: a slope and a bias on the log-odds, folded into the weights, so the order does not change) on
 *    the suggestions the engine would show that step 2 scores at `calibrateFrom` or more: two parameters cannot fit
 *    the whole range, and thresholds are set in the upper part. By default on the sites without links only (the
 *    all-removed variant), the only ones whose scores the shipped level is read on as it is.
 * Every site weighs the same in each step, whatever its number of pages and candidates: a large reference site would
 * otherwise set the weights for every other kind of site.
 */
import type { DumpedPage } from '../features/feature-dump.js';
import { baseVariant } from '../features/small-site-features.js';
import { fitLogistic, type Example } from './logistic.js';
import { fitListwise } from './listwise.js';
import { replayPage } from './replay.js';

export interface FitOptions {
  /** L2 penalty of the order (the bias is never penalised). */
  lambda: number;
  /** Step 3 uses the shown suggestions scored at least this by step 2. */
  calibrateFrom: number;
  /** Variants whose shown suggestions calibrate, small sites' with their corpus's (all when empty). */
  calibrationVariants: readonly string[];
  /** How the order is fitted: a softmax per page (steps 1–2), or the earlier pointwise logistic regression. */
  ranking: 'listwise' | 'pointwise';
}

/**
 * Calibrated on the sites without links: the shipped model's level is read as it is only where a site has no links to
 * read its own from; where it has, the site's links adapt and level it (`SITE_LEVEL`).
 */
export const DEFAULT_FIT_OPTIONS: FitOptions = { lambda: 1, calibrateFrom: 0.3, calibrationVariants: ['all-removed'], ranking: 'listwise' };

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

/** Each page's ten best examples under the weights. */
const shownUnder =
  (weights: readonly number[]) =>
  (page: DumpedPage): Example[] =>
    examplesOf(page)
      .sort((a, b) => dot(weights, b.x) - dot(weights, a.x))
      .slice(0, SHOWN);

/** Inputs with one value for every candidate of every page: they set a page's level, and no order can weigh them. */
function pageLevelInputs(training: readonly DumpedPage[]): number[] {
  const pages = training.map((page) => examplesOf(page)).filter((examples) => examples.length > 0);
  const width = pages[0]?.[0]?.x.length ?? 0;
  return Array.from({ length: width }, (_, i) => i).filter((i) => i > 0 && pages.every((examples) => examples.every((e) => e.x[i] === examples[0]!.x[i])));
}

/** Steps 1 and 2: the order by a softmax per page, then its level on the pages' ten best targets. */
function fitListwiseWeights(training: readonly DumpedPage[], lambda: number): number[] {
  const withLinks = training.filter((page) => page.targets.some((t) => t.label === 1 && t.anchors.length > 0));
  const pageWeights = perSiteWeights(withLinks, () => 1);
  const order = fitListwise(
    withLinks.map((page) => {
      const examples = examplesOf(page);
      return { rows: examples.map((e) => e.x), labels: examples.map((e) => e.y), weight: pageWeights.get(page.corpus)! };
    }),
    lambda,
  );
  const levelInputs = pageLevelInputs(training);
  const shown = balancedExamples(training, (page) =>
    shownUnder(order)(page).map((e) => ({ ...e, x: [1, dot(order, e.x), ...levelInputs.map((i) => e.x[i]!)] })),
  );
  const [bias, scale, ...levels] = fitLogistic(shown, 0);
  const weights = order.map((w, i) => w * scale! + (i === 0 ? bias! : 0));
  levelInputs.forEach((input, k) => (weights[input]! += levels[k]!));
  return weights;
}

/** The earlier order and level: logistic regression on every considered target, then on each page's ten best. */
function fitPointwiseWeights(training: readonly DumpedPage[], lambda: number): number[] {
  let weights = fitLogistic(balancedExamples(training, (page) => examplesOf(page)), lambda);
  for (let round = 0; round < ROUNDS; round += 1) weights = fitLogistic(balancedExamples(training, shownUnder(weights)), lambda);
  return weights;
}

export function fitRelevanceWeights(training: readonly DumpedPage[], options: FitOptions = DEFAULT_FIT_OPTIONS): number[] {
  const weights = options.ranking === 'listwise' ? fitListwiseWeights(training, options.lambda) : fitPointwiseWeights(training, options.lambda);
  const calibrating = training.filter(
    (page) => page.truth > 0 && (options.calibrationVariants.length === 0 || options.calibrationVariants.includes(baseVariant(page.variant))),
  );
  const shown = balancedExamples(calibrating, (page) =>
    replayPage(page, weights)
      .filter((s) => s.score >= options.calibrateFrom)
      .map((s) => ({ x: [1, logit(Math.min(1 - 1e-6, Math.max(1e-6, s.score)))], y: s.label })),
  );
  const [bias, slope] = fitLogistic(shown, 0);
  return weights.map((w, i) => w * slope! + (i === 0 ? bias! : 0));
}
