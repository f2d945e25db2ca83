import { ANCHOR_INPUTS, LATER_TARGET_INPUTS, TARGET_INPUTS } from './relevance.js';

/** The anchor inputs nameLike, afterCue and wholeBlock, added at the end of the anchor inputs in 2026-10. */
export const LATER_ANCHOR_INPUTS = 3;

/**
 * The shapes older engines stored, as (target inputs, anchor inputs): before one over the pages (2026-11-26), before
 * the TF-IDF cosine (2026-11-25), and before the last anchor inputs as well (2026-10).
 */
const OLDER_SHAPES = [
  { target: TARGET_INPUTS - 1, anchor: ANCHOR_INPUTS },
  { target: TARGET_INPUTS - LATER_TARGET_INPUTS, anchor: ANCHOR_INPUTS },
  { target: TARGET_INPUTS - LATER_TARGET_INPUTS, anchor: ANCHOR_INPUTS - LATER_ANCHOR_INPUTS },
] as const;

/**
 * A stored decision's inputs in the current model's shape, or null when they are of no shape an engine has stored.
 * A decision is kept with the inputs it was scored with, and an editor's decisions are worth keeping across engine
 * versions: where some of the last target inputs were not yet scored (relevance.ts, laterTargetInputs), all of the
 * pair's are read now (`laterTargetInputs`, as generation reads them; 'gone' when either page is, and then the decision
 * is not used); where the last anchor inputs were not, they read 0 ("not known to hold"). Pure.
 */
export function inputsInCurrentShape(inputs: ArrayLike<number>, laterTargetInputs: () => readonly number[] | 'gone'): ArrayLike<number> | null {
  if (inputs.length === TARGET_INPUTS + ANCHOR_INPUTS) return inputs;
  const shape = OLDER_SHAPES.find(({ target, anchor }) => inputs.length === target + anchor);
  if (shape === undefined) return null;
  const later = laterTargetInputs();
  if (later === 'gone') return null;
  const targetBefore = TARGET_INPUTS - LATER_TARGET_INPUTS;
  const values = Array.from(inputs);
  const current = new Float64Array(TARGET_INPUTS + ANCHOR_INPUTS);
  current.set(values.slice(0, targetBefore));
  current.set(later, targetBefore);
  // The anchor inputs stored; those added later stay 0.
  current.set(values.slice(shape.target), TARGET_INPUTS);
  return current;
}
