/**
 * What a new user with a small site sees: the small sites cut from each corpus (features/small-site-features.ts), each
 * put through a bridge with the model that answers its corpus (bridge/small-site-runs.ts), per size and variant. A
 * site whose links the bridge reads (from 20 linking pages on, suggestions/project-relevance.ts) is levelled by them,
 * as a user's would be.
 */
import type { SmallSiteAnswers } from '../bridge/small-site-runs.js';
import { baseVariant, smallSiteSize } from '../features/small-site-features.js';
import { RELIABILITY_BINS } from '../metrics/reliability.js';

/** One corpus's small sites of one size and variant. */
export interface SmallSiteRow {
  corpus: string;
  size: number;
  variant: string;
  /** Source pages with a removed link. */
  pages: number;
  /** Of the small sites cut from the corpus at this size: those whose model the bridge adapted to their own links
   * (SITE_LEVEL), and those with too few links to adapt to whose level they lowered (FEW_LINKS_LEVEL). */
  adaptedSites: number;
  loweredSites: number;
  sites: number;
  recallAt10: number;
  /** Among the suggestions at or above the threshold: the share the authors linked (null when none), and how many. */
  precision: number | null;
  shown: number;
  perPage: number;
  /** Share of the pages shown at least one suggestion. */
  pagesShown: number;
  recallAtThreshold: number;
  /** Mean log loss of the ten suggestions' scores per page: how well a score tells the chance of a link. */
  logLoss: number;
  /** Per reliability bin: suggestions, their mean score, the share the authors linked. */
  bins: { from: number; count: number; meanScore: number | null; accepted: number | null }[];
}

const mean = (values: readonly number[]): number => values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);
const clamp = (p: number): number => Math.min(1 - 1e-6, Math.max(1e-6, p));

interface Scored {
  score: number;
  accepted: boolean;
}

function binsOf(answers: readonly Scored[]): SmallSiteRow['bins'] {
  return RELIABILITY_BINS.slice(0, -1).map((from, i) => {
    const to = i === RELIABILITY_BINS.length - 2 ? Infinity : RELIABILITY_BINS[i + 1]!;
    const bin = answers.filter((s) => s.score >= from && s.score < to);
    return {
      from,
      count: bin.length,
      meanScore: bin.length === 0 ? null : mean(bin.map((s) => s.score)),
      accepted: bin.length === 0 ? null : mean(bin.map((s) => (s.accepted ? 1 : 0))),
    };
  });
}

/** Every corpus's small sites, by size then variant, as the bridge answered them. */
export function smallSiteRows(sites: readonly SmallSiteAnswers[], threshold: number): SmallSiteRow[] {
  const groups = new Map<string, SmallSiteAnswers[]>();
  for (const site of sites) {
    const key = `${smallSiteSize(site.variant)}\n${baseVariant(site.variant)}\n${site.corpus}`;
    groups.set(key, [...(groups.get(key) ?? []), site]);
  }
  const rows = [...groups].map(([key, group]): SmallSiteRow => {
    const [size, variant, corpus] = key.split('\n') as [string, string, string];
    const pages = group.flatMap((site) => site.pages).filter((page) => page.truth > 0);
    const shown = pages.map((page) => page.suggestions.filter((s) => s.score >= threshold));
    const count = shown.reduce((sum, list) => sum + list.length, 0);
    const correct = shown.reduce((sum, list) => sum + list.filter((s) => s.accepted).length, 0);
    const found = (list: readonly Scored[]): number => list.filter((s) => s.accepted).length;
    return {
      corpus,
      size: Number(size),
      variant,
      pages: pages.length,
      adaptedSites: group.filter((site) => site.relevance.siteLinks.adapted).length,
      loweredSites: group.filter((site) => !site.relevance.siteLinks.adapted && site.relevance.siteLinks.levelShift < 0).length,
      sites: group.length,
      recallAt10: mean(pages.map((page) => found(page.suggestions) / page.truth)),
      precision: count === 0 ? null : correct / count,
      shown: count,
      perPage: count / pages.length,
      pagesShown: shown.filter((list) => list.length > 0).length / pages.length,
      recallAtThreshold: mean(pages.map((page, i) => found(shown[i]!) / page.truth)),
      logLoss: mean(pages.flatMap((page) => page.suggestions).map((s) => -Math.log(clamp(s.accepted ? s.score : 1 - s.score)))),
      bins: binsOf(pages.flatMap((page) => page.suggestions)),
    };
  });
  return rows.sort((a, b) => a.size - b.size || a.variant.localeCompare(b.variant) || a.corpus.localeCompare(b.corpus));
}

/**
 * Per size and variant, the mean over corpora (each weighs the same) and the lowest corpus's precision, then the
 * reliability table of every corpus's suggestions together (bin: mean score / share linked (count)).
 */
export function smallSiteTable(rows: readonly SmallSiteRow[], threshold: number): string {
  const lines = [
    `threshold ${threshold}; mean over corpora: pages asked, small sites adapted to their own links / only lowered by them, R@10, precision at the threshold (lowest corpus), suggestions per page, pages shown one, recall there, log loss`,
  ];
  const keys = [...new Set(rows.map((row) => `${row.size}\n${row.variant}`))];
  for (const key of keys) {
    const group = rows.filter((row) => `${row.size}\n${row.variant}` === key);
    const precisions = group.map((row) => row.precision).filter((p): p is number => p !== null);
    const pooled = group[0]!.bins.map((bin, i) => {
      const count = group.reduce((sum, row) => sum + row.bins[i]!.count, 0);
      const total = (pick: (b: SmallSiteRow['bins'][number]) => number | null): number =>
        group.reduce((sum, row) => sum + (pick(row.bins[i]!) ?? 0) * row.bins[i]!.count, 0);
      return count === 0 ? `${bin.from}: —` : `${bin.from}: ${(total((b) => b.meanScore) / count).toFixed(2)}/${(total((b) => b.accepted) / count).toFixed(2)} (${count})`;
    });
    lines.push(
      `  ${String(group[0]!.size).padStart(3)} pages ${group[0]!.variant.padEnd(13)} ${String(group.reduce((sum, row) => sum + row.pages, 0)).padStart(5)}  ` +
        `adapted/lowered ${String(group.reduce((sum, row) => sum + row.adaptedSites, 0)).padStart(2)}/${String(group.reduce((sum, row) => sum + row.loweredSites, 0)).padStart(2)} of ${group.reduce((sum, row) => sum + row.sites, 0)}  ` +
        `R@10 ${mean(group.map((row) => row.recallAt10)).toFixed(3)}  P ${mean(precisions).toFixed(3)} (${Math.min(...precisions).toFixed(3)})  ` +
        `per page ${mean(group.map((row) => row.perPage)).toFixed(2)}  shown ${(mean(group.map((row) => row.pagesShown)) * 100).toFixed(0).padStart(3)} %  ` +
        `R@≥ ${mean(group.map((row) => row.recallAtThreshold)).toFixed(3)}  log loss ${mean(group.map((row) => row.logLoss)).toFixed(3)}`,
      `      ${pooled.join('  ')}`,
    );
  }
  return lines.join('\n');
}
