/**
 * Listwise ranking fit: for each page, a softmax over its candidates, maximising the share of it on the targets the
 * authors linked (each linked target weighs 1/number linked). Only the order within a page counts, so inputs that are
 * the same for every candidate of a page (and the bias) get no weight from it; L2-regularised, Newton's method.
 */
import { solve } from './logistic.js';

export interface RankingGroup {
  /** Candidate inputs, one row each. */
  rows: number[][];
  labels: number[];
  weight: number;
}

/** Minimises Σ_groups weight × (−Σ q log softmax) + lambda/2 ‖w₁…‖²; returns the weights (bias 0). */
export function fitListwise(groups: readonly RankingGroup[], lambda: number, iterations = 30): number[] {
  const d = groups.find((g) => g.rows.length > 0)?.rows[0]!.length ?? 0;
  let w = new Array<number>(d).fill(0);
  for (let it = 0; it < iterations; it += 1) {
    const grad = w.map((v, i) => (i === 0 ? 0 : lambda * v));
    const hess = Array.from({ length: d }, (_, i) => Array.from({ length: d }, (_, j) => (i === j ? (i === 0 ? 1 : lambda) : 0)));
    for (const { rows, labels, weight } of groups) {
      const positives = labels.reduce((sum, y) => sum + y, 0);
      if (positives === 0 || rows.length < 2) continue;
      const z = rows.map((x) => x.reduce((sum, v, i) => sum + v * w[i]!, 0));
      const top = Math.max(...z);
      const e = z.map((v) => Math.exp(v - top));
      const total = e.reduce((sum, v) => sum + v, 0);
      const mean = new Array<number>(d).fill(0);
      rows.forEach((x, r) => {
        const p = e[r]! / total;
        const q = labels[r]! / positives;
        for (let i = 0; i < d; i += 1) {
          grad[i]! += weight * (p - q) * x[i]!;
          mean[i]! += p * x[i]!;
        }
      });
      // Hessian: weight × (Σ p x xᵀ − m mᵀ), upper triangle.
      rows.forEach((x, r) => {
        const p = (weight * e[r]!) / total;
        if (p < 1e-12) return;
        for (let i = 0; i < d; i += 1) {
          const pi = p * x[i]!;
          if (pi === 0) continue;
          const row = hess[i]!;
          for (let j = i; j < d; j += 1) row[j]! += pi * x[j]!;
        }
      });
      for (let i = 0; i < d; i += 1) for (let j = i; j < d; j += 1) hess[i]![j]! -= weight * mean[i]! * mean[j]!;
    }
    for (let i = 0; i < d; i += 1) for (let j = 0; j < i; j += 1) hess[i]![j] = hess[j]![i]!;
    const step = solve(hess, grad);
    // Newton's step can overshoot on a softmax: halved until the objective falls.
    const before = objective(groups, w, lambda);
    let scale = 1;
    let next = w.map((v, i) => v - step[i]!);
    while (objective(groups, next, lambda) > before && scale > 1e-4) {
      scale /= 2;
      next = w.map((v, i) => v - scale * step[i]!);
    }
    w = next;
    if (Math.max(...step.map(Math.abs)) * scale < 1e-7) break;
  }
  return w;
}

function objective(groups: readonly RankingGroup[], w: readonly number[], lambda: number): number {
  let sum = w.reduce((total, v, i) => total + (i === 0 ? 0 : (lambda / 2) * v * v), 0);
  for (const { rows, labels, weight } of groups) {
    const positives = labels.reduce((total, y) => total + y, 0);
    if (positives === 0 || rows.length < 2) continue;
    const z = rows.map((x) => x.reduce((total, v, i) => total + v * w[i]!, 0));
    const top = Math.max(...z);
    const logTotal = top + Math.log(z.reduce((total, v) => total + Math.exp(v - top), 0));
    z.forEach((v, r) => (sum -= (weight * labels[r]! * (v - logTotal)) / positives));
  }
  return sum;
}
