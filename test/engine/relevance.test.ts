import { describe, expect, test } from 'vitest';
import { PhraseKind } from '../../bridge/src/engine/phrase-index.js';
import { relevance, type SuggestionFeatures } from '../../bridge/src/engine/relevance.js';

const base: SuggestionFeatures = {
  similarity: 0.3,
  kind: PhraseKind.title,
  titleCoverage: 1,
  specificity: 0.6,
  ambiguity: 1,
  anchorUses: 0,
  inboundLinks: 3,
  position: 0.5,
};

describe('relevance', () => {
  test.each<{ name: string; better: Partial<SuggestionFeatures>; worse: Partial<SuggestionFeatures> }>([
    { name: 'more similar target', better: { similarity: 0.6 }, worse: { similarity: 0.2 } },
    { name: 'title over heading', better: { kind: PhraseKind.title }, worse: { kind: PhraseKind.heading } },
    { name: 'existing anchor text over a repeated n-gram', better: { kind: PhraseKind.anchor }, worse: { kind: PhraseKind.ngram } },
    { name: 'named phrase over loose title words', better: { kind: PhraseKind.titlePart }, worse: { kind: null } },
    { name: 'unambiguous phrase', better: { ambiguity: 1 }, worse: { ambiguity: 3 } },
    { name: 'more specific words', better: { specificity: 0.9 }, worse: { specificity: 0.2 } },
    { name: 'fuller title coverage', better: { titleCoverage: 1 }, worse: { titleCoverage: 0.5 } },
    { name: 'anchor used by other pages', better: { anchorUses: 5 }, worse: { anchorUses: 0 } },
    { name: 'orphan target', better: { inboundLinks: 0 }, worse: { inboundLinks: 40 } },
    { name: 'earlier mention', better: { position: 0.1 }, worse: { position: 0.9 } },
  ])('when only the $name differs, then it scores higher', ({ better, worse }) => {
    expect(relevance({ ...base, ...better })).toBeGreaterThan(relevance({ ...base, ...worse }));
  });

  test.each([
    { features: { ...base, similarity: 0, kind: null, titleCoverage: 0, specificity: 0, ambiguity: 4 } },
    { features: { ...base, similarity: 1, specificity: 1, anchorUses: 100, inboundLinks: 0, position: 0 } },
  ])('when features are extreme, then the score stays inside [0, 1]', ({ features }) => {
    const score = relevance(features);
    expect(score).toBeGreaterThanOrEqual(0);
    expect(score).toBeLessThanOrEqual(1);
  });
});
