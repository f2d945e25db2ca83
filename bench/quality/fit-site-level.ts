/**
 * Fits SITE_LEVEL (bridge/src/suggestions/project-relevance.ts) — how a site-adapted score is spread and levelled — and
 * judges it leave-one-site-out: each site's score mapped by the parameters fitted on the other sites' removed links.
 *
 *   npm run bench:quality                      # writes .cache/quality-answers.jsonl
 *   npx tsx bench/quality/fit-site-level.ts [.cache/quality-answers.jsonl]
 *
 * On each half-removed site whose model was adapted to its links, a score s becomes sigmoid(slope × logit(s) +
 * fromExamples × gap + offset), gap = logit(share of the site's examples linked) − logit(their mean score); the three
 * are fitted by logistic regression on the other sites' suggestions (each site weighted alike). The bridge then only
 * ever lowers the level (min(0, …)); the figures below are of that. The answers' scores are first mapped back through
 * the level the bridge applied (its summary says which), so the fit starts from the adapted score before any level.
 */
import { readFileSync } from 'node:fs';
import type { RelevanceSummary } from '../../bridge/src/client/index.js';
import { DEFAULT_MIN_RELEVANCE_SCORE } from '../../bridge/src/engine/relevance.js';
import { SITE_LEVEL } from '../../bridge/src/suggestions/project-relevance.js';
import { fitLogistic, type Example } from './fitting/logistic.js';
import { thresholdFigures, type ThresholdFigures } from './metrics/threshold-figures.js';

interface AnswerLine {
  site: string;
  variant: string;
  truth: number;
  suggestions: { score: number; accepted: boolean }[];
}
interface SummaryLine {
  site: string;
  variant: string;
  relevance: RelevanceSummary;
}
interface Site {
  pages: AnswerLine[];
  /** logit(share of examples linked) − logit(their mean score). */
  gap: number;
}

const VARIANT = 'half-removed';
const clamp = (p: number): number => Math.min(1 - 1e-6, Math.max(1e-6, p));
const logit = (p: number): number => Math.log(clamp(p) / (1 - clamp(p)));
const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));

function readSites(file: string): Map<string, Site> {
  const sites = new Map<string, Site>();
  const summaries = new Map<string, RelevanceSummary['siteLinks']>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const parsed = JSON.parse(line) as AnswerLine | SummaryLine;
    if (parsed.variant !== VARIANT) continue;
    if ('relevance' in parsed) {
      summaries.set(parsed.site, parsed.relevance.siteLinks);
      continue;
    }
    const links = summaries.get(parsed.site);
    if (links === undefined || !links.adapted || links.meanScore === null || parsed.truth === 0) continue;
    // Back to the adapted score before the level (the bridge's mapping is exact and monotone).
    const unlevelled = parsed.suggestions.map((s) => ({ ...s, score: sigmoid((logit(s.score) - links.levelShift) / SITE_LEVEL.slope) }));
    const site = sites.get(parsed.site) ?? { pages: [], gap: logit(links.linked / links.examples) - logit(links.meanScore) };
    site.pages.push({ ...parsed, suggestions: unlevelled });
    sites.set(parsed.site, site);
  }
  return sites;
}

type Level = [offset: number, slope: number, fromExamples: number];

function fitLevel(sites: readonly Site[]): Level {
  const examples: Example[] = sites.flatMap((site) => {
    const count = site.pages.reduce((sum, page) => sum + page.suggestions.length, 0);
    return site.pages.flatMap((page) =>
      page.suggestions.map((s) => ({ x: [1, logit(s.score), site.gap], y: s.accepted ? 1 : 0, w: 1 / count })),
    );
  });
  const [offset, slope, fromExamples] = fitLogistic(examples, 0, 100);
  return [offset!, slope!, fromExamples!];
}

const figures = (site: Site, map: (score: number) => number): ThresholdFigures => thresholdFigures(site.pages, (_, score) => map(score));

const sites = readSites(process.argv[2] ?? '.cache/quality-answers.jsonl');
const ids = [...sites.keys()].sort();
const f = (n: number, digits = 3): string => n.toFixed(digits);
console.log(`held out (${VARIANT}, each site levelled by the fit on the others), at ${DEFAULT_MIN_RELEVANCE_SCORE}, unlevelled → levelled:`);
console.log('| site | slope | from examples | offset | gap | shift | P | per page | R | calibration gap |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
const rows = ids.map((id) => {
  const site = sites.get(id)!;
  const [offset, slope, fromExamples] = fitLevel(ids.filter((other) => other !== id).map((other) => sites.get(other)!));
  const shift = Math.min(0, fromExamples * site.gap + offset);
  const before = figures(site, (s) => s);
  const after = figures(site, (s) => sigmoid(slope * logit(s) + shift));
  console.log(
    `| ${id} | ${f(slope, 2)} | ${f(fromExamples, 2)} | ${f(offset, 2)} | ${f(site.gap, 2)} | ${f(shift, 2)} | ${f(before.precision)} → ${f(after.precision)} | ` +
      `${f(before.perPage, 2)} → ${f(after.perPage, 2)} | ${f(before.recall)} → ${f(after.recall)} | ${f(before.gap)} → ${f(after.gap)} |`,
  );
  return { before, after };
});
const mean = (pick: (r: (typeof rows)[number]) => number): string => f(rows.reduce((sum, r) => sum + pick(r), 0) / rows.length);
console.log(
  `| mean of ${rows.length} | | | | | | ${mean((r) => r.before.precision)} → ${mean((r) => r.after.precision)} | ${mean((r) => r.before.perPage)} → ` +
    `${mean((r) => r.after.perPage)} | ${mean((r) => r.before.recall)} → ${mean((r) => r.after.recall)} | ${mean((r) => r.before.gap)} → ${mean((r) => r.after.gap)} |`,
);
console.log(`calibration gap within 0.1: ${rows.filter((r) => r.before.gap <= 0.1).length} → ${rows.filter((r) => r.after.gap <= 0.1).length} of ${rows.length}`);
const [offset, slope, fromExamples] = fitLevel(ids.map((id) => sites.get(id)!));
console.log(`to ship (every site): SITE_LEVEL = { slope: ${f(slope)}, fromExamples: ${f(fromExamples)}, offset: ${f(offset)} }`);
