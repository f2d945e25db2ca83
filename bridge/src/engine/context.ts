const sentences = new Intl.Segmenter('en', { granularity: 'sentence' });

/** Longest context returned; a longer sentence is cut around the anchor at word boundaries. */
export const MAX_CONTEXT_LENGTH = 300;

/**
 * The sentence of `text` that holds [start, end), whitespace collapsed. Sentences never cross a block boundary
 * ("\n"). The anchor has single spaces only, so it stays verbatim in the collapsed passage.
 */
export function sentenceAround(text: string, start: number, end: number): string {
  const paragraphStart = text.lastIndexOf('\n', start - 1) + 1;
  const newline = text.indexOf('\n', end);
  const paragraphEnd = newline === -1 ? text.length : newline;
  const paragraph = text.slice(paragraphStart, paragraphEnd);

  let from = 0;
  let to = paragraph.length;
  for (const { index, segment } of sentences.segment(paragraph)) {
    const segmentEnd = index + segment.length;
    if (segmentEnd <= start - paragraphStart) from = segmentEnd;
    else if (index >= end - paragraphStart) {
      to = index;
      break;
    }
  }
  return clip(paragraph.slice(from, to), start - paragraphStart - from, end - paragraphStart - from);
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
