/** How close a suggested anchor is to the anchor the author wrote for the same target. */

/** Case-folded, Unicode-normalised, whitespace-collapsed form used for the exact comparison. */
export function normaliseAnchor(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

export function anchorTokens(text: string): string[] {
  return normaliseAnchor(text).match(/[\p{L}\p{N}_]+/gu) ?? [];
}

/** True when the anchor equals one of the human anchors after normalisation. */
export function anchorExactMatch(anchor: string, humanAnchors: readonly string[]): boolean {
  const ours = normaliseAnchor(anchor);
  return humanAnchors.some((human) => normaliseAnchor(human) === ours);
}

/** Token-overlap F1 (multiset overlap, as in SQuAD) with the closest human anchor. */
export function anchorTokenF1(anchor: string, humanAnchors: readonly string[]): number {
  const ours = anchorTokens(anchor);
  let best = 0;
  for (const human of humanAnchors) {
    const theirs = anchorTokens(human);
    if (ours.length === 0 || theirs.length === 0) continue;
    const remaining = new Map<string, number>();
    for (const token of theirs) remaining.set(token, (remaining.get(token) ?? 0) + 1);
    let overlap = 0;
    for (const token of ours) {
      const count = remaining.get(token) ?? 0;
      if (count > 0) {
        overlap += 1;
        remaining.set(token, count - 1);
      }
    }
    if (overlap === 0) continue;
    const precision = overlap / ours.length;
    const recall = overlap / theirs.length;
    best = Math.max(best, (2 * precision * recall) / (precision + recall));
  }
  return best;
}
