/**
 * What a new user with a small site sees: the small sites cut from each corpus (features/small-site-features.ts),
 * replayed (fitting/replay.ts) under the model that answers their corpus, per size and variant. The bridge adapts the
 * level to a site's own links only from 20 linking pages on (suggestions/project-relevance.ts), so the model alone
 * answers a small site, as here.
 */
import type { DumpedPage } from '../features/feature-dump.js';
import { baseVariant, smallSiteSize } from '../features/small-site-features.js';
import { replayPage, type ReplayedSuggestion } from '../fitting/replay.js';
import { RELIABILITY_BINS } from '../metrics/reliability.js';

/** One corpus's small sites of one size and variant. */
export interface SmallSiteRow {
  corpus: string;
  size: number;
  variant: string;
  /** Source pages with a removed link. */
  pages: number;
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

function binsOf(answers: readonly ReplayedSuggestion[]): SmallSiteRow['bins'] {
  return RELIABILITY_BINS.slice(0, -1).map((from, i) => {
    const to = i === RELIABILITY_BINS.length - 2 ? Infinity : RELIABILITY_BINS[i + 1]!;
    const bin = answers.filter((s) => s.score >= from && s.score < to);
    return {
      from,
      count: bin.length,
      meanScore: bin.length === 0 ? null : mean(bin.map((s) => s.score)),
      accepted: bin.length === 0 ? null : mean(bin.map((s) => s.label)),
    };
  });
}

/** Every corpus's small sites, by size then variant, each replayed under `weightsOf(corpus)`. */
export function smallSiteRows(pages: readonly DumpedPage[], weightsOf: (corpus: string) => readonly number[], threshold: number): SmallSiteRow[] {
  const groups = new Map<string, DumpedPage[]>();
  for (const page of pages) {
    const size = smallSiteSize(page.variant);
    if (size === null || page.truth === 0) continue;
    const key = `${size}\n${baseVariant(page.variant)}\n${page.corpus}`;
    groups.set(key, [...(groups.get(key) ?? []), page]);
  }
  const rows = [...groups].map(([key, group]): SmallSiteRow => {
    const [size, variant, corpus] = key.split('\n') as [string, string, string];
    const answers = group.map((page) => replayPage(page, weightsOf(corpus)));
    const shown = answers.map((list) => list.filter((s) => s.score >= threshold));
    const count = shown.reduce((sum, list) => sum + list.length, 0);
    const correct = shown.reduce((sum, list) => sum + list.filter((s) => s.label === 1).length, 0);
    return {
      corpus,
      size: Number(size),
      variant,
      pages: group.length,
      recallAt10: mean(group.map((page, i) => answers[i]!.filter((s) => s.label === 1).length / page.truth)),
      precision: count === 0 ? null : correct / count,
      shown: count,
      perPage: count / group.length,
      pagesShown: shown.filter((list) => list.length > 0).length / group.length,
      recallAtThreshold: mean(group.map((page, i) => shown[i]!.filter((s) => s.label === 1).length / page.truth)),
      logLoss: mean(answers.flat().map((s) => -Math.log(clamp(s.label === 1 ? s.score : 1 - s.score)))),
      bins: binsOf(answers.flat()),
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
    `threshold ${threshold}; mean over corpora: pages asked, R@10, precision at the threshold (lowest corpus), suggestions per page, pages shown one, recall there, log loss`,
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
        `R@10 ${mean(group.map((row) => row.recallAt10)).toFixed(3)}  P ${mean(precisions).toFixed(3)} (${Math.min(...precisions).toFixed(3)})  ` +
        `per page ${mean(group.map((row) => row.perPage)).toFixed(2)}  shown ${(mean(group.map((row) => row.pagesShown)) * 100).toFixed(0).padStart(3)} %  ` +
        `R@≥ ${mean(group.map((row) => row.recallAtThreshold)).toFixed(3)}  log loss ${mean(group.map((row) => row.logLoss)).toFixed(3)}`,
      `      ${pooled.join('  ')}`,
    );
  }
  return lines.join('\n');
}
