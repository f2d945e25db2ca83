import { describe, expect, it } from 'vitest';
import {
  adaptRelevanceModel,
  meanScoreOver,
  MIN_DECISIONS,
  withLogOddsMapped,
  withMeanScoreOf,
  type Decision,
} from '../../bridge/src/engine/adaptation.js';
import { SITE_LEVEL, siteLevelShift } from '../../bridge/src/suggestions/project-relevance.js';
import { acceptance, DEFAULT_RELEVANCE_MODEL, WEIGHTS } from '../../bridge/src/engine/relevance.js';
import { seededRandom } from '../support/seeded-random.js';

const base = DEFAULT_RELEVANCE_MODEL;
const size = WEIGHTS.length;

/** Plausible model inputs: the bias, then values in [0, 1] with some zeros, as the engine's vectors have. */
function inputsOf(random: () => number): number[] {
  return Array.from({ length: size }, (_, i) => (i === 0 ? 1 : random() < 0.5 ? 0 : random()));
}

const score = (model: typeof base, inputs: readonly number[]): number =>
  acceptance(model.weights.reduce((sum, w, i) => sum + w * inputs[i]!, 0));

function decisions(count: number, accepted: (i: number) => boolean, seed = 7): Decision[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, i) => ({ inputs: inputsOf(random), accepted: accepted(i) }));
}

describe('adapting the relevance model to editors decisions', () => {
  it('when there are too few decisions, or too few of one verdict, then the shipped model stays', () => {
    expect(adaptRelevanceModel(base, decisions(MIN_DECISIONS - 1, (i) => i % 2 === 0))).toBeNull();
    expect(adaptRelevanceModel(base, decisions(100, (i) => i < 4))).toBeNull();
    expect(adaptRelevanceModel(base, decisions(100, (i) => i >= 4))).toBeNull();
  });

  it('when editors accept most suggestions, then the same inputs score higher; when they reject most, lower', () => {
    const probe = decisions(50, () => true, 99).map((d) => Array.from(d.inputs));
    const mean = (model: typeof base) => probe.reduce((sum, inputs) => sum + score(model, inputs), 0) / probe.length;
    const generous = adaptRelevanceModel(base, decisions(200, (i) => i % 10 !== 0))!;
    const strict = adaptRelevanceModel(base, decisions(200, (i) => i % 10 === 0))!;
    expect(mean(generous)).toBeGreaterThan(mean(base) + 0.1);
    expect(mean(strict)).toBeLessThan(mean(base) - 0.1);
  });

  it('when the pull towards the shipped weights is stronger, then the adapted model stays closer to them', () => {
    const seen = decisions(200, (i) => i % 3 !== 0);
    const distance = (weights: readonly number[]) => Math.hypot(...weights.map((w, i) => w - base.weights[i]!));
    const loose = adaptRelevanceModel(base, seen, 1)!;
    const tight = adaptRelevanceModel(base, seen, 1000)!;
    expect(distance(tight.weights)).toBeLessThan(distance(loose.weights) / 5);
  });

  it('when a decision was scored by inputs of another shape (an older engine), then it is not used', () => {
    const current = decisions(MIN_DECISIONS, (i) => i % 2 === 0);
    const older = decisions(200, (i) => i % 2 === 0).map((d) => ({ ...d, inputs: Array.from(d.inputs).slice(2) }));
    expect(adaptRelevanceModel(base, [...current.slice(0, MIN_DECISIONS - 1), ...older])).toBeNull();
    expect(adaptRelevanceModel(base, [...current, ...older])).not.toBeNull();
  });
});

describe('refitting from the last adapted model', () => {
  it('when the fit starts from the previous adapted model, then it reaches the same weights', () => {
    const earlier = adaptRelevanceModel(base, decisions(150, (i) => i % 3 !== 0))!;
    const now = decisions(180, (i) => i % 3 !== 0);
    const cold = adaptRelevanceModel(base, now)!;
    const warm = adaptRelevanceModel(base, now, undefined, earlier)!;
    warm.weights.forEach((w, i) => expect(w).toBeCloseTo(cold.weights[i]!, 3));
  });
});

describe('keeping the level of scores while the order adapts', () => {
  it('when a model adapted to rare links is moved to the mean score of the shipped one, then its order stays and its mean is the shipped mean', () => {
    const examples = decisions(400, (i) => i % 10 === 0, 11);
    const adapted = adaptRelevanceModel(base, examples)!;
    const mean = (model: typeof base): number => examples.reduce((sum, e) => sum + score(model, Array.from(e.inputs)), 0) / examples.length;
    expect(mean(adapted)).toBeLessThan(mean(base) - 0.05);
    const leveled = withMeanScoreOf(adapted, base, examples);
    expect(mean(leveled)).toBeCloseTo(mean(base), 6);
    // Only the intercept moved: every other weight, and so the order of any two suggestions, is the adapted model's.
    expect(leveled.weights.slice(1)).toEqual(adapted.weights.slice(1));
    const probe = decisions(50, () => true, 5).map((d) => Array.from(d.inputs));
    const order = (model: typeof base): number[] => probe.map((x, i) => [score(model, x), i] as const).sort((a, b) => a[0] - b[0]).map(([, i]) => i);
    expect(order(leveled)).toEqual(order(adapted));
  });

  it('when there are no examples, then the model is unchanged', () => {
    expect(withMeanScoreOf(base, base, [])).toBe(base);
  });
});

describe("the site-adapted score's spread and level", () => {
  const logit = (p: number): number => Math.log(p / (1 - p));

  it('when log-odds are mapped, then every score is sigmoid(slope × log-odds + shift) and the order of suggestions is kept', () => {
    const probe = decisions(60, () => true, 11).map((d) => Array.from(d.inputs));
    const mapped = withLogOddsMapped(base, 1.6, -0.7);
    // To 1e-7 of their size: a score near 1 gives its log-odds back to fewer digits than one near 0.5.
    for (const x of probe) {
      const expected = 1.6 * logit(score(base, x)) - 0.7;
      expect(Math.abs(logit(score(mapped, x)) - expected)).toBeLessThan(1e-7 * Math.max(1, Math.abs(expected)));
    }
    const order = (model: typeof base): number[] => probe.map((x, i) => [score(model, x), i] as const).sort((a, b) => a[0] - b[0]).map(([, i]) => i);
    expect(order(mapped)).toEqual(order(base));
  });

  it("when a site's authors link fewer of the examples than the mean score says, then the level is lowered, never raised", () => {
    expect(siteLevelShift(0.3, 0.3)).toBe(0);
    expect(siteLevelShift(0.6, 0.2)).toBe(0);
    const shift = siteLevelShift(0.05, 0.4);
    expect(shift).toBeCloseTo(SITE_LEVEL.fromExamples * (logit(0.05) - logit(0.4)) + SITE_LEVEL.offset, 9);
    expect(shift).toBeLessThan(-1);
    // The further below, the lower.
    expect(siteLevelShift(0.02, 0.4)).toBeLessThan(shift);
  });

  it("when examples are given, then their mean score is the model's mean over them", () => {
    const examples = decisions(40, (i) => i % 2 === 0, 3);
    const expected = examples.reduce((sum, d) => sum + score(base, Array.from(d.inputs)), 0) / examples.length;
    expect(meanScoreOver(base, examples)).toBeCloseTo(expected, 12);
    expect(meanScoreOver(base, [])).toBeNull();
  });
});
