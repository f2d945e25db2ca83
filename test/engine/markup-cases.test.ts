import { describe, expect, test } from 'vitest';
import { EXCLUDED_BLOCKS, extractVisibleText } from '../../bridge/src/engine/visible-text.js';
import { markupCases } from '../support/markup-cases.js';

/** The engine's eligible spans of an HTML body, as strings. */
function eligibleTexts(html: string): string[] {
  const { text, eligible } = extractVisibleText(html);
  const spans: string[] = [];
  for (let i = 0; i < eligible.length; i += 2) spans.push(text.slice(eligible[i], eligible[i + 1]));
  return spans;
}

describe('the shared markup cases (test/fixtures/markup-cases.json), engine side', () => {
  test.each(markupCases.cases.map((c) => [c.name, c] as const))('when the content has %s, then the engine offers exactly the table’s spans', (_name, c) => {
    const spans = eligibleTexts(c.html);

    expect(spans).toEqual(c.eligible);
    for (const text of c.never) expect(spans.filter((span) => span.includes(text))).toEqual([]);
  });

  test('when the plugin excludes its default blocks, then the engine excludes the same ones', () => {
    expect([...EXCLUDED_BLOCKS].sort()).toEqual([...markupCases.excludedBlocks].sort());
  });

  test.each(markupCases.knownGaps.map((c) => [c.name, c] as const))('when the content has %s (a known gap), then the engine still offers more than the plugin accepts', (_name, c) => {
    expect(eligibleTexts(c.html)).toEqual(c.engineEligible);
    expect(c.engineEligible).not.toEqual(c.eligible);
  });
});
