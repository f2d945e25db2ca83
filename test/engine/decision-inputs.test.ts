import { describe, expect, test } from 'vitest';
import { inputsInCurrentShape, LATER_ANCHOR_INPUTS } from '../../bridge/src/engine/decision-inputs.js';
import { ANCHOR_INPUTS, LATER_TARGET_INPUTS, TARGET_INPUTS } from '../../bridge/src/engine/relevance.js';

/** Inputs numbered 1, 2, 3… so that where each lands is visible. */
const numbered = (length: number): number[] => Array.from({ length }, (_, i) => i + 1);
const TARGET_BEFORE = TARGET_INPUTS - LATER_TARGET_INPUTS;

describe('inputsInCurrentShape', () => {
  test('when a decision has the current shape, then its inputs are used as they are and nothing is read', () => {
    const inputs = numbered(TARGET_INPUTS + ANCHOR_INPUTS);
    let asked = 0;
    expect(inputsInCurrentShape(inputs, () => [(asked += 1)])).toBe(inputs);
    expect(asked).toBe(0);
  });

  test('when a decision was scored before the TF-IDF cosine, then the pair\'s later inputs, read now, go after the target inputs', () => {
    const inputs = numbered(TARGET_BEFORE + ANCHOR_INPUTS);
    const current = Array.from(inputsInCurrentShape(inputs, () => [0.25, 0.5, 0.1, 0.01])!);
    expect(current).toHaveLength(TARGET_INPUTS + ANCHOR_INPUTS);
    expect(current.slice(0, TARGET_BEFORE)).toEqual(inputs.slice(0, TARGET_BEFORE));
    expect(current.slice(TARGET_BEFORE, TARGET_INPUTS)).toEqual([0.25, 0.5, 0.1, 0.01]);
    expect(current.slice(TARGET_INPUTS)).toEqual(inputs.slice(TARGET_BEFORE));
  });

  test('when a decision was scored before one over the pages, then all the later inputs are read now and its anchor inputs follow', () => {
    const inputs = numbered(TARGET_INPUTS - 1 + ANCHOR_INPUTS);
    const current = Array.from(inputsInCurrentShape(inputs, () => [0.25, 0.5, 0.1, 0.01])!);
    expect(current).toHaveLength(TARGET_INPUTS + ANCHOR_INPUTS);
    expect(current.slice(0, TARGET_BEFORE)).toEqual(inputs.slice(0, TARGET_BEFORE));
    expect(current.slice(TARGET_BEFORE, TARGET_INPUTS)).toEqual([0.25, 0.5, 0.1, 0.01]);
    expect(current.slice(TARGET_INPUTS)).toEqual(inputs.slice(TARGET_INPUTS - 1));
  });

  test('when a decision was scored before the last anchor inputs too, then those read 0 after its anchor inputs', () => {
    const inputs = numbered(TARGET_BEFORE + ANCHOR_INPUTS - LATER_ANCHOR_INPUTS);
    const current = Array.from(inputsInCurrentShape(inputs, () => [0.04, 0.2, 0.01, 0.0001])!);
    expect(current.slice(TARGET_BEFORE, TARGET_INPUTS)).toEqual([0.04, 0.2, 0.01, 0.0001]);
    expect(current.slice(TARGET_INPUTS, -LATER_ANCHOR_INPUTS)).toEqual(inputs.slice(TARGET_BEFORE));
    expect(current.slice(-LATER_ANCHOR_INPUTS)).toEqual([0, 0, 0]);
  });

  test('when the pair\'s pages are gone, or the inputs are of no shape an engine stored, then the decision is not used', () => {
    expect(inputsInCurrentShape(numbered(TARGET_BEFORE + ANCHOR_INPUTS), () => 'gone')).toBeNull();
    for (const length of [0, TARGET_INPUTS + ANCHOR_INPUTS - 2, TARGET_INPUTS + ANCHOR_INPUTS + 1]) {
      expect(inputsInCurrentShape(numbered(length), () => [0.5, 0.7, 0.1, 0.01])).toBeNull();
    }
  });
});
