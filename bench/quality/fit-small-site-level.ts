/**
 * Whether a site with too few links for the bridge to adapt its model to them (fewer than MIN_SITE_LINK_PAGES linking
 * pages or MIN_SITE_LINKED_EXAMPLES linked examples; suggestions/project-relevance.ts) should still have its level
 * lowered by them, and by how much: judged on the benchmark's small sites with links (half removed), leave-one-corpus-out.
 *
 *   npm run bench:quality                      # writes .cache/quality-answers.jsonl, small sites included
 *   npx tsx bench/quality/fit-small-site-level.ts [.cache/quality-answers.jsonl]
 *
 * A score s of such a site becomes sigmoid(logit(s) + min(0, w × (fromExamples × gap + offset))), gap = logit(share of
 * the site's examples linked) − logit(their mean score), w = n / (n + k) with n the site's examples: the fewer the
 * examples, the less the level moves. fromExamples and offset are fitted by logistic regression (the score's log-odds
 * as a fixed offset) on the other corpora's small sites, each site weighted alike; k is chosen among a few values by
 * the same leave-one-corpus-out inside the training corpora (nested), so no figure printed is of a site in its fit.
 * Scores a bridge already levelled this way are first mapped back (its relevance summary gives the shift).
 */
import { readFileSync } from 'node:fs';
import type { RelevanceSummary } from '../../bridge/src/client/index.js';
import { DEFAULT_MIN_RELEVANCE_SCORE } from '../../bridge/src/engine/relevance.js';
import { baseVariant, smallSiteSize } from './features/small-site-features.js';
import type { ReliabilityBin } from './metrics/reliability.js';
import { thresholdFigures, type ScoredPage, type ThresholdFigures } from './metrics/threshold-figures.js';

interface PageLine {
  site: string;
  corpus: string;
  variant: string;
  truth: number;
  suggestions: { score: number; accepted: boolean }[];
}
interface SummaryLine {
  site: string;
  corpus: string;
  variant: string;
  relevance: RelevanceSummary;
}
interface Site {
  id: string;
  corpus: string;
  size: number;
  links: RelevanceSummary['siteLinks'];
  pages: PageLine[];
}

const VARIANT = 'half-removed';
const KS = [1, 3, 10, 30, 100, Infinity];
const clamp = (p: number): number => Math.min(1 - 1e-6, Math.max(1e-6, p));
const logit = (p: number): number => Math.log(clamp(p) / (1 - clamp(p)));
const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));

function readSites(file: string): Site[] {
  const sites = new Map<string, Site>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const parsed = JSON.parse(line) as PageLine | SummaryLine;
    const size = smallSiteSize(parsed.variant);
    if (size === null || baseVariant(parsed.variant) !== VARIANT) continue;
    if ('relevance' in parsed) {
      sites.set(`${parsed.site} ${parsed.variant}`, { id: parsed.site, corpus: parsed.corpus, size, links: parsed.relevance.siteLinks, pages: [] });
    } else if (parsed.truth > 0) {
      const site = sites.get(`${parsed.site} ${parsed.variant}`)!;
      // Back to the score before any level this rule gave it (a bridge that ships it): its shift is exact and monotone.
      const shift = site.links.adapted ? 0 : site.links.levelShift;
      site.pages.push({ ...parsed, suggestions: parsed.suggestions.map((s) => ({ ...s, score: sigmoid(logit(s.score) - shift) })) });
    }
  }
  return [...sites.values()];
}

/** A site the rule applies to: examples to read a level from, but not enough for the bridge to adapt to them. */
const levelled = (site: Site): boolean => !site.links.adapted && site.links.examples > 0 && site.links.meanScore !== null;
const gapOf = (site: Site): number => logit(site.links.linked / site.links.examples) - logit(site.links.meanScore!);
const weightOf = (site: Site, k: number): number => (k === Infinity ? 1 : site.links.examples / (site.links.examples + k));

type Level = { fromExamples: number; offset: number };

/** Newton's method on the two coefficients, the score's log-odds a fixed offset, each site weighted alike. */
function fitLevel(sites: readonly Site[], k: number): Level {
  const rows = sites.filter(levelled).flatMap((site) => {
    const suggestions = site.pages.flatMap((page) => page.suggestions);
    const w = weightOf(site, k);
    return suggestions.map((s) => ({ x: [w * gapOf(site), w], offset: logit(s.score), y: s.accepted ? 1 : 0, weight: 1 / suggestions.length }));
  });
  let beta = [0, 0];
  for (let iteration = 0; iteration < 50; iteration += 1) {
    const gradient = [0, 0];
    const hessian = [
      [1e-6, 0],
      [0, 1e-6],
    ];
    for (const row of rows) {
      const p = sigmoid(row.offset + beta[0]! * row.x[0]! + beta[1]! * row.x[1]!);
      for (let i = 0; i < 2; i += 1) {
        gradient[i]! += row.weight * (p - row.y) * row.x[i]!;
        for (let j = 0; j < 2; j += 1) hessian[i]![j]! += row.weight * p * (1 - p) * row.x[i]! * row.x[j]!;
      }
    }
    const det = hessian[0]![0]! * hessian[1]![1]! - hessian[0]![1]! * hessian[1]![0]!;
    const step = [
      (hessian[1]![1]! * gradient[0]! - hessian[0]![1]! * gradient[1]!) / det,
      (hessian[0]![0]! * gradient[1]! - hessian[1]![0]! * gradient[0]!) / det,
    ];
    beta = [beta[0]! - step[0]!, beta[1]! - step[1]!];
    if (Math.abs(step[0]!) + Math.abs(step[1]!) < 1e-9) break;
  }
  return { fromExamples: beta[0]!, offset: beta[1]! };
}

const shiftOf = (site: Site, level: Level, k: number): number =>
  levelled(site) ? Math.min(0, weightOf(site, k) * (level.fromExamples * gapOf(site) + level.offset)) : 0;

function logLoss(sites: readonly Site[], map: (site: Site, score: number) => number): number {
  const losses = sites.flatMap((site) => site.pages.flatMap((page) => page.suggestions.map((s) => -Math.log(clamp(s.accepted ? map(site, s.score) : 1 - map(site, s.score))))));
  return losses.reduce((sum, loss) => sum + loss, 0) / Math.max(1, losses.length);
}

/** k for the training corpora: the one whose leave-one-corpus-out log loss among them is lowest. */
function chooseK(training: readonly Site[]): number {
  const corpora = [...new Set(training.map((site) => site.corpus))];
  let best = { k: KS[0]!, loss: Infinity };
  for (const k of KS) {
    const loss =
      corpora.reduce((sum, corpus) => {
        const level = fitLevel(
          training.filter((site) => site.corpus !== corpus),
          k,
        );
        const held = training.filter((site) => site.corpus === corpus);
        return sum + logLoss(held, (site, score) => sigmoid(logit(score) + shiftOf(site, level, k)));
      }, 0) / corpora.length;
    if (loss < best.loss) best = { k, loss };
  }
  return best.k;
}

/** The figures of the sites' pages at the default, each score mapped as its site's, with the log loss. */
function figures(sites: readonly Site[], map: (site: Site, score: number) => number): ThresholdFigures & { logLoss: number } {
  const siteOf = new Map<ScoredPage, Site>(sites.flatMap((site) => site.pages.map((page) => [page, site] as const)));
  const pages = sites.flatMap((site) => site.pages);
  return { ...thresholdFigures(pages, (page, score) => map(siteOf.get(page)!, score)), logLoss: logLoss(sites, map) };
}

const sites = readSites(process.argv[2] ?? '.cache/quality-answers.jsonl');
const corpora = [...new Set(sites.map((site) => site.corpus))].sort();
const f = (n: number, digits = 3): string => n.toFixed(digits);

// Each corpus's small sites levelled by the rule fitted (and k chosen) on the other corpora's.
const shifts = new Map<Site, number>();
for (const corpus of corpora) {
  const training = sites.filter((site) => site.corpus !== corpus);
  const k = chooseK(training);
  const level = fitLevel(training, k);
  console.log(`without ${corpus}: k ${k}, fromExamples ${f(level.fromExamples, 2)}, offset ${f(level.offset, 2)}`);
  for (const site of sites.filter((s) => s.corpus === corpus)) shifts.set(site, shiftOf(site, level, k));
}

console.log(`\nheld out (${VARIANT} small sites, each corpus's levelled by the fit on the others), at ${DEFAULT_MIN_RELEVANCE_SCORE}, without this level → levelled:`);
console.log('| pages | sites (levelled / adapted) | mean shift | P | per page | pages shown one | R | log loss | calibration gap |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const size of [...new Set(sites.map((site) => site.size))].sort((a, b) => a - b)) {
  const group = sites.filter((site) => site.size === size);
  const levelledScore = (site: Site, score: number): number => sigmoid(logit(score) + shifts.get(site)!);
  // Figures are means over corpora, as the SMALL SITES table of `npm run bench:quality` gives them; the bins pool them.
  const meanOverCorpora = (map: (site: Site, score: number) => number) => {
    const perCorpus = corpora
      .map((corpus) => group.filter((site) => site.corpus === corpus))
      .filter((sitesOfCorpus) => sitesOfCorpus.some((site) => site.pages.length > 0))
      .map((sitesOfCorpus) => figures(sitesOfCorpus, map));
    const mean = (pick: (row: (typeof perCorpus)[number]) => number): number => {
      const values = perCorpus.map(pick).filter((value) => !Number.isNaN(value));
      return values.reduce((sum, value) => sum + value, 0) / values.length;
    };
    const pooled = figures(group, map);
    return { ...pooled, precision: mean((r) => r.precision), perPage: mean((r) => r.perPage), pagesShown: mean((r) => r.pagesShown), recall: mean((r) => r.recall), logLoss: mean((r) => r.logLoss) };
  };
  const before = meanOverCorpora((_, score) => score);
  const after = meanOverCorpora(levelledScore);
  const meanShift = group.reduce((sum, site) => sum + shifts.get(site)!, 0) / group.length;
  console.log(
    `| ${size} | ${group.length} (${group.filter(levelled).length} / ${group.filter((s) => s.links.adapted).length}) | ${f(meanShift, 2)} | ${f(before.precision)} → ${f(after.precision)} | ` +
      `${f(before.perPage, 2)} → ${f(after.perPage, 2)} | ${f(before.pagesShown * 100, 0)} → ${f(after.pagesShown * 100, 0)} % | ${f(before.recall)} → ${f(after.recall)} | ` +
      `${f(before.logLoss)} → ${f(after.logLoss)} | ${f(before.gap)} → ${f(after.gap)} |`,
  );
  const bins = (table: ReliabilityBin[]): string =>
    table.map((b) => (b.suggestions === 0 ? `${b.low}: —` : `${b.low}: ${f(b.meanScore!, 2)}/${f(b.accepted!, 2)} (${b.suggestions})`)).join('  ');
  console.log(`    before ${bins(before.bins)}\n    after  ${bins(after.bins)}`);
}
const k = chooseK(sites);
const level = fitLevel(sites, k);
console.log(`to ship (every corpus): k ${k}, fromExamples ${f(level.fromExamples)}, offset ${f(level.offset)}`);
