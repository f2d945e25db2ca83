/** Heaps' law: how many distinct words a text of N words has, V = K·N^β, measured and fitted in log–log space. */

export interface VocabularyPoint {
  words: number;
  distinct: number;
}

/**
 * Distinct words after each page's words, kept at roughly geometric steps (about 12 per decade) from `fromWords` on,
 * and always at the end.
 */
export function vocabularyCurve(pages: Iterable<readonly string[]>, fromWords = 0): VocabularyPoint[] {
  const seen = new Set<string>();
  const points: VocabularyPoint[] = [];
  let words = 0;
  let nextPoint = Math.max(1, fromWords);
  for (const page of pages) {
    for (const word of page) seen.add(word);
    words += page.length;
    if (words >= nextPoint) {
      points.push({ words, distinct: seen.size });
      nextPoint = words * 10 ** (1 / 12);
    }
  }
  if (points.at(-1)?.words !== words) points.push({ words, distinct: seen.size });
  return points;
}

/** Least squares of log V on log N: K, β and the root-mean-square error in log V. */
export function heapsFit(points: readonly VocabularyPoint[]): { K: number; beta: number; rmsLogError: number } {
  const xs = points.map((p) => Math.log(p.words));
  const ys = points.map((p) => Math.log(p.distinct));
  const n = xs.length;
  const meanX = xs.reduce((a, b) => a + b, 0) / n;
  const meanY = ys.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < n; i += 1) {
    sxy += (xs[i]! - meanX) * (ys[i]! - meanY);
    sxx += (xs[i]! - meanX) ** 2;
  }
  const beta = sxx === 0 ? 1 : sxy / sxx;
  const logK = meanY - beta * meanX;
  const rms = Math.sqrt(xs.reduce((sum, x, i) => sum + (ys[i]! - logK - beta * x) ** 2, 0) / n);
  return { K: Math.exp(logK), beta, rmsLogError: rms };
}

/** Distinct words a text of `words` words has by the fit. */
export function heapsDistinct(fit: { K: number; beta: number }, words: number): number {
  return fit.K * words ** fit.beta;
}
