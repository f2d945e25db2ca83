import { ANCHOR_INPUTS, LATER_TARGET_INPUTS, TARGET_INPUTS } from './relevance.js';

/** The anchor inputs nameLike, afterCue and wholeBlock, added at the end of the anchor inputs in 2026-10. */
export const LATER_ANCHOR_INPUTS = 3;

/**
 * A stored decision's inputs in the current model's shape, or null when they are of no shape an engine has stored.
 * A decision is kept with the inputs it was scored with, and an editor's decisions are worth keeping across engine
 * versions: where the last target inputs were not yet scored (relevance.ts, laterTargetInputs), the pair's are read
 * now (`laterTargetInputs`, as generation reads them; 'gone' when either page is, and then the decision is not used);
 * where the last anchor inputs were not, they read 0 ("not known to hold"). Pure.
 */
export function inputsInCurrentShape(inputs: ArrayLike<number>, laterTargetInputs: () => readonly number[] | 'gone'): ArrayLike<number> | null {
  const targetBefore = TARGET_INPUTS - LATER_TARGET_INPUTS;
  switch (inputs.length) {
    case TARGET_INPUTS + ANCHOR_INPUTS:
      return inputs;
    case targetBefore + ANCHOR_INPUTS:
    case targetBefore + ANCHOR_INPUTS - LATER_ANCHOR_INPUTS: {
      const later = laterTargetInputs();
      if (later === 'gone') return null;
      const current = new Float64Array(TARGET_INPUTS + ANCHOR_INPUTS);
      const values = Array.from(inputs);
      current.set(values.slice(0, targetBefore));
      current.set(later, targetBefore);
      // The anchor inputs stored; those added later stay 0.
      current.set(values.slice(targetBefore), TARGET_INPUTS);
      return current;
    }
    default:
      return null;
  }
}
