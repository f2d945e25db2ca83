const sentences = new Intl.Segmenter('en', { granularity: 'sentence' });

/** Longest context returned; a longer sentence is cut around the anchor at word boundaries. */
export const MAX_CONTEXT_LENGTH = 300;

/**
 * How far on each side of the anchor sentences are looked for. A context holds at most MAX_CONTEXT_LENGTH characters
 * around the anchor, so text further away cannot change it; past this the sentence is cut there instead of segmented
 * (a 2 MiB paragraph was segmented whole for each of a request's anchors). Several contexts' length, so that the
 * segmenter, which looks a few characters back and ahead of a boundary, finds the same boundaries near the anchor.
 */
const NEIGHBOURHOOD = 4 * MAX_CONTEXT_LENGTH;

/**
 * The sentence of `text` that holds [start, end), whitespace collapsed. Sentences never cross a block boundary
 * ("\n"). The anchor has single spaces only, so it stays verbatim in the collapsed passage. Time bounded by the
 * neighbourhood, whatever the text's length.
 */
export function sentenceAround(text: string, start: number, end: number): string {
  const nearStart = Math.max(0, start - NEIGHBOURHOOD);
  const near = text.slice(nearStart, Math.min(text.length, end + NEIGHBOURHOOD));
  const anchorStart = start - nearStart;
  const anchorEnd = end - nearStart;
  const paragraphStart = near.lastIndexOf('\n', anchorStart - 1) + 1;
  const newline = near.indexOf('\n', anchorEnd);
  const paragraph = near.slice(paragraphStart, newline === -1 ? near.length : newline);

  // From the start of the sentence holding the anchor's first character to the end of the one holding its last.
  const segments = sentences.segment(paragraph);
  const from = segments.containing(anchorStart - paragraphStart)?.index ?? 0;
  const last = segments.containing(Math.max(anchorStart, anchorEnd - 1) - paragraphStart);
  const to = last === undefined ? paragraph.length : last.index + last.segment.length;
  return clip(paragraph.slice(from, to), anchorStart - paragraphStart - from, anchorEnd - paragraphStart - from);
}

/** Cuts a passage to MAX_CONTEXT_LENGTH around [start, end), at spaces, and collapses whitespace. */
function clip(passage: string, start: number, end: number): string {
  let from = 0;
  let to = passage.length;
  if (to - from > MAX_CONTEXT_LENGTH) {
    const room = Math.max(0, MAX_CONTEXT_LENGTH - (end - start));
    from = Math.max(0, start - Math.floor(room / 2));
    to = Math.min(passage.length, end + (room - (start - from)));
    const space = passage.indexOf(' ', from);
    if (from > 0 && space !== -1 && space < start) from = space + 1;
    const lastSpace = passage.lastIndexOf(' ', to);
    if (to < passage.length && lastSpace >= end) to = lastSpace;
  }
  return passage.slice(from, to).replace(/\s+/g, ' ').trim();
}
