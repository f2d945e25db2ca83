import { RelevanceModel } from './relevance.js';

/**
 * A project's relevance model, adapted to its editors' decisions: each approved, implemented or rejected suggestion is
 * an example (the inputs it was scored with, and whether it was accepted), and the weights are refitted on them by
 * logistic regression held near the shipped weights. With few decisions the shipped model barely moves; with many,
 * the site's own habits (which pages it links, by which names) set the score. Pure.
 *
 * Judged on the quality benchmark with sites the shipped model never saw, editors simulated by the authors' links on
 * half of the pages and the figures read on the other half (bench/quality/README.md, "Adapted to editors' decisions").
 */

/** An editor's verdict on a suggestion, with the model inputs it was scored with (targetVector then anchorVector). */
export interface Decision {
  inputs: ArrayLike<number>;
  accepted: boolean;
}

/** Below this many decisions, or this many of either verdict, the shipped model is used as it is. */
export const MIN_DECISIONS = 30;
export const MIN_DECISIONS_EACH = 5;
/**
 * Strength of the pull towards the shipped weights (an L2 penalty on the difference, in units of one decision), chosen
 * leave-one-site-out on the quality benchmark.
 */
export const PRIOR_STRENGTH = 10;
/** The most recent decisions used: the fit costs O(decisions × inputs²). */
export const MAX_DECISIONS = 2000;
const NEWTON_STEPS = 12;

/**
 * The adapted model, or null when there are too few decisions to move away from the shipped one. `start` (the last
 * adapted model of the project) only saves Newton steps: the optimum is the same.
 */
export function adaptRelevanceModel(
  base: RelevanceModel,
  decisions: readonly Decision[],
  priorStrength: number = PRIOR_STRENGTH,
  start?: RelevanceModel,
): RelevanceModel | null {
  const size = base.weights.length;
  // Decisions stored by older engines are brought into the model's shape before (decision-inputs.ts); others do not fit.
  const usable = decisions.filter((d) => d.inputs.length === size).slice(0, MAX_DECISIONS);
  const accepted = usable.filter((d) => d.accepted).length;
  if (usable.length < MIN_DECISIONS || accepted < MIN_DECISIONS_EACH || usable.length - accepted < MIN_DECISIONS_EACH) {
    return null;
  }
  const prior = base.weights;
  let weights = Float64Array.from(prior);
  let loss = objective(weights, prior, usable, priorStrength);
  if (start !== undefined && start.weights.length === size) {
    const warm = Float64Array.from(start.weights);
    const warmLoss = objective(warm, prior, usable, priorStrength);
    if (warmLoss < loss) [weights, loss] = [warm, warmLoss];
  }
  for (let step = 0; step < NEWTON_STEPS; step += 1) {
    // Gradient and Hessian of the objective: sum of log losses + priorStrength/2 · |weights − prior|².
    const gradient = new Float64Array(size);
    const hessian = Array.from({ length: size }, () => new Float64Array(size));
    for (let i = 0; i < size; i += 1) {
      gradient[i] = priorStrength * (weights[i]! - prior[i]!);
      hessian[i]![i] = priorStrength;
    }
    for (const { inputs, accepted: label } of usable) {
      const p = logistic(dot(weights, inputs));
      const residual = p - (label ? 1 : 0);
      const curvature = p * (1 - p);
      for (let i = 0; i < size; i += 1) {
        const xi = inputs[i]!;
        if (xi === 0) continue;
        gradient[i]! += residual * xi;
        const row = hessian[i]!;
        for (let j = 0; j < size; j += 1) row[j]! += curvature * xi * inputs[j]!;
      }
    }
    const delta = solveSymmetric(hessian, gradient);
    // A full Newton step can overshoot far from the optimum: halve it until the objective decreases.
    let scale = 1;
    let next = weights;
    let nextLoss = loss;
    for (let halving = 0; halving < 30; halving += 1, scale /= 2) {
      const candidate = weights.map((w, i) => w - scale * delta[i]!);
      const candidateLoss = objective(candidate, prior, usable, priorStrength);
      if (candidateLoss < loss) {
        next = candidate;
        nextLoss = candidateLoss;
        break;
      }
    }
    const improvement = loss - nextLoss;
    weights = next;
    loss = nextLoss;
    if (!(improvement > 1e-9)) break;
  }
  return Array.from(weights).every(Number.isFinite) ? new RelevanceModel(Array.from(weights)) : null;
}

/**
 * The model with its intercept (the first weight, whose input is always 1) moved so that its mean score over the
 * examples is the reference model's: the examples then change which suggestions score higher, not how many score high.
 */
export function withMeanScoreOf(model: RelevanceModel, reference: RelevanceModel, examples: readonly Decision[]): RelevanceModel {
  const size = model.weights.length;
  const inputs = examples.filter((example) => example.inputs.length === size).map((example) => example.inputs);
  if (inputs.length === 0) return model;
  const target = inputs.reduce((sum, x) => sum + logistic(dot(reference.weights, x)), 0) / inputs.length;
  const weights = [...model.weights];
  weights[0] = weights[0]! + shiftToMeanScore(inputs.map((x) => dot(model.weights, x)), target);
  return new RelevanceModel(weights);
}

/** The shift of every log-odds in `logits` (at least one) that makes their mean score `target`. */
export function shiftToMeanScore(logits: readonly number[], target: number): number {
  const meanAt = (shift: number): number => logits.reduce((sum, z) => sum + logistic(z + shift), 0) / logits.length;
  // The mean score rises with the shift: bisection to well below a rounded score's precision.
  let low = -20;
  let high = 20;
  for (let step = 0; step < 60; step += 1) {
    const mid = (low + high) / 2;
    if (meanAt(mid) < target) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

/** The model's mean score over the examples, or null when none has inputs the model reads. */
export function meanScoreOver(model: RelevanceModel, examples: readonly Decision[]): number | null {
  const size = model.weights.length;
  let sum = 0;
  let count = 0;
  for (const example of examples) {
    if (example.inputs.length !== size) continue;
    sum += logistic(dot(model.weights, example.inputs));
    count += 1;
  }
  return count === 0 ? null : sum / count;
}

/**
 * The model whose log-odds are `slope` times this one's plus `shift`: the same order of suggestions and the same
 * anchors (every weight scaled alike), with scores spread and moved.
 */
export function withLogOddsMapped(model: RelevanceModel, slope: number, shift: number): RelevanceModel {
  const weights = model.weights.map((weight) => weight * slope);
  weights[0] = weights[0]! + shift;
  return new RelevanceModel(weights);
}

const logistic = (z: number): number => 1 / (1 + Math.exp(-z));

function dot(weights: ArrayLike<number>, inputs: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < inputs.length; i += 1) sum += weights[i]! * inputs[i]!;
  return sum;
}

/** Sum of log losses over the decisions plus the pull towards the prior weights. */
function objective(weights: Float64Array, prior: readonly number[], decisions: readonly Decision[], priorStrength: number): number {
  let total = 0;
  for (let i = 0; i < weights.length; i += 1) total += (priorStrength / 2) * (weights[i]! - prior[i]!) ** 2;
  for (const { inputs, accepted } of decisions) {
    const z = dot(weights, inputs);
    // log(1 + e^−z) for an accepted one, log(1 + e^z) for a rejected one, without overflow.
    const margin = accepted ? z : -z;
    total += margin > 0 ? Math.log1p(Math.exp(-margin)) : -margin + Math.log1p(Math.exp(margin));
  }
  return total;
}

/** Solves A x = b for a symmetric positive definite A (Gaussian elimination with partial pivoting). */
function solveSymmetric(a: Float64Array[], b: Float64Array): Float64Array {
  const n = b.length;
  const m = a.map((row, i) => {
    const extended = new Float64Array(n + 1);
    extended.set(row);
    extended[n] = b[i]!;
    return extended;
  });
  for (let col = 0; col < n; col += 1) {
    let pivot = col;
    for (let r = col + 1; r < n; r += 1) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    const head = m[col]!;
    for (let r = col + 1; r < n; r += 1) {
      const row = m[r]!;
      const factor = row[col]! / head[col]!;
      if (factor === 0) continue;
      for (let c = col; c <= n; c += 1) row[c]! -= factor * head[c]!;
    }
  }
  const x = new Float64Array(n);
  for (let r = n - 1; r >= 0; r -= 1) {
    let sum = m[r]![n]!;
    for (let c = r + 1; c < n; c += 1) sum -= m[r]![c]! * x[c]!;
    x[r] = sum / m[r]![r]!;
  }
  return x;
}
