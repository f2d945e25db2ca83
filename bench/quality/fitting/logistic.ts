/** L2-regularised logistic regression by Newton's method (IRLS); input 0 is the bias, never penalised. */

export interface Example {
  x: number[];
  y: number;
  /** Weight of the example in the loss; 1 by default. */
  w?: number;
}

const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));
const dot = (a: readonly number[], b: readonly number[]): number => a.reduce((sum, v, i) => sum + v * (b[i] ?? 0), 0);

/** Solves A x = b (A symmetric positive definite) by Gaussian elimination with partial pivoting. */
export function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let col = 0; col < n; col += 1) {
    let pivot = col;
    for (let r = col + 1; r < n; r += 1) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    for (let r = col + 1; r < n; r += 1) {
      const f = m[r]![col]! / m[col]![col]!;
      for (let c = col; c <= n; c += 1) m[r]![c]! -= f * m[col]![c]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r -= 1) {
    let s = m[r]![n]!;
    for (let c = r + 1; c < n; c += 1) s -= m[r]![c]! * x[c]!;
    x[r] = s / m[r]![r]!;
  }
  return x;
}

/** Minimises mean log loss × examples + lambda/2 ‖w₁…‖²; returns the weights. */
export function fitLogistic(examples: readonly Example[], lambda: number, iterations = 30): number[] {
  const d = examples[0]?.x.length ?? 0;
  let w = new Array<number>(d).fill(0);
  for (let it = 0; it < iterations; it += 1) {
    const grad = w.map((v, i) => (i === 0 ? 0 : lambda * v));
    const hess = Array.from({ length: d }, (_, i) => Array.from({ length: d }, (_, j) => (i === j && i > 0 ? lambda : 0)));
    for (const { x, y, w: weight = 1 } of examples) {
      const p = sigmoid(dot(w, x));
      const g = (p - y) * weight;
      const h = p * (1 - p) * weight;
      for (let i = 0; i < d; i += 1) {
        const xi = x[i]!;
        if (xi === 0) continue;
        grad[i]! += g * xi;
        const hi = h * xi;
        const row = hess[i]!;
        // The Hessian is symmetric: the upper triangle here, mirrored below.
        for (let j = i; j < d; j += 1) row[j]! += hi * x[j]!;
      }
    }
    for (let i = 0; i < d; i += 1) for (let j = 0; j < i; j += 1) hess[i]![j] = hess[j]![i]!;
    for (let i = 0; i < d; i += 1) hess[i]![i]! += 1e-9;
    const step = solve(hess, grad);
    w = w.map((v, i) => v - step[i]!);
    if (Math.max(...step.map(Math.abs)) < 1e-7) break;
  }
  return w;
}

/** Mean log loss of the weights on the examples. */
export function logLoss(examples: readonly Example[], weights: readonly number[]): number {
  let sum = 0;
  for (const { x, y } of examples) {
    const p = Math.min(1 - 1e-12, Math.max(1e-12, sigmoid(dot(weights, x))));
    sum -= y * Math.log(p) + (1 - y) * Math.log(1 - p);
  }
  return sum / Math.max(1, examples.length);
}
