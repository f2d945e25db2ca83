/** Ranking metrics of one page's suggested targets against the targets its authors linked. */

/** Share of the first k slots that hold a true target (an empty slot counts as a miss). */
export function precisionAtK(ranked: readonly string[], truth: ReadonlySet<string>, k: number): number {
  return hitsAtK(ranked, truth, k) / k;
}

/** Share of the true targets found in the first k suggestions. */
export function recallAtK(ranked: readonly string[], truth: ReadonlySet<string>, k: number): number {
  return truth.size === 0 ? 0 : hitsAtK(ranked, truth, k) / truth.size;
}

/** 1 / rank of the first true target, 0 when none is suggested. */
export function reciprocalRank(ranked: readonly string[], truth: ReadonlySet<string>): number {
  const index = ranked.findIndex((target) => truth.has(target));
  return index === -1 ? 0 : 1 / (index + 1);
}

function hitsAtK(ranked: readonly string[], truth: ReadonlySet<string>, k: number): number {
  return ranked.slice(0, k).filter((target) => truth.has(target)).length;
}

export function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
}
