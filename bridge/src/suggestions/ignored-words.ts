/** Letters, digits and marks continue a word: an ignored word matches only where none of them is beside it. */
const WORD_CHAR = String.raw`[\p{L}\p{N}\p{M}_]`;

/**
 * The rule of a project's ignored words for anchors: an anchor containing one of them as a whole word (or phrase,
 * its spaces matching any run of white space), ignoring case, is not allowed. Undefined when there are none, so
 * that the engine skips the check altogether.
 */
export function anchorRule(ignoredWords: readonly string[]): ((anchorText: string) => boolean) | undefined {
  if (ignoredWords.length === 0) return undefined;
  const alternatives = ignoredWords.map((word) => word.trim().split(/\s+/u).map(escapeRegExp).join(String.raw`\s+`));
  const pattern = new RegExp(`(?<!${WORD_CHAR})(?:${alternatives.join('|')})(?!${WORD_CHAR})`, 'iu');
  return (anchorText) => !pattern.test(anchorText);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}
