import { describe, expect, test } from 'vitest';
import { PhraseKind } from '../../bridge/src/engine/phrase-index.js';
import {
  acceptance,
  DEFAULT_RELEVANCE_MODEL,
  RelevanceModel,
  WEIGHTS,
  type AnchorFeatures,
  type TargetFeatures,
} from '../../bridge/src/engine/relevance.js';

const model = DEFAULT_RELEVANCE_MODEL;

const target: TargetFeatures = {
  similarity: 0.3,
  similarityRank: 3,
  relativeSimilarity: 0.5,
  evidence: null,
  mentions: 1,
  inlineMentions: 0,
  wholeInlineMentions: 0,
  inboundLinks: 3,
  namedTargets: 5,
  sourceLinks: 2,
  siteLinksPerPage: 1.5,
  termCosine: 0.1,
  languagePages: 200,
};

const anchor: AnchorFeatures = {
  kind: null,
  titleCoverage: 0.5,
  specificity: 0.5,
  anchorWords: 2,
  ambiguity: 1,
  anchorUses: 0,
  nearInlineMention: false,
  position: 0.5,
  nameLike: false,
  afterCue: false,
  wholeBlock: false,
};

describe('targetLogit', () => {
  test.each<{ name: string; better: Partial<TargetFeatures>; worse: Partial<TargetFeatures> }>([
    // Similarity moves its rank and its share of the best with it; alone, its weights only correct those two.
    {
      name: 'similarity',
      better: { similarity: 0.6, relativeSimilarity: 1, similarityRank: 0 },
      worse: { similarity: 0.2, relativeSimilarity: 0.33, similarityRank: 5 },
    },
    { name: 'named by its title', better: { evidence: PhraseKind.title }, worse: { evidence: null } },
    { name: 'named by an existing anchor text', better: { evidence: PhraseKind.anchor }, worse: { evidence: null } },
    { name: 'named by its title rather than a heading', better: { evidence: PhraseKind.title }, worse: { evidence: PhraseKind.heading } },
    { name: 'TF-IDF cosine', better: { termCosine: 0.3 }, worse: { termCosine: 0.05 } },
  ])('when only the $name differs, then the better target scores higher', ({ better, worse }) => {
    expect(model.targetLogit({ ...target, ...better })).toBeGreaterThan(model.targetLogit({ ...target, ...worse }));
  });
});

describe('anchorLogit', () => {
  test.each<{ name: string; better: Partial<AnchorFeatures>; worse: Partial<AnchorFeatures> }>([
    { name: 'specificity', better: { specificity: 0.9 }, worse: { specificity: 0.2 } },
    { name: 'title coverage', better: { titleCoverage: 1 }, worse: { titleCoverage: 0.3 } },
    { name: 'ambiguity', better: { ambiguity: 1 }, worse: { ambiguity: 4 } },
    { name: 'use as anchor text by other pages', better: { anchorUses: 5 }, worse: { anchorUses: 0 } },
    { name: 'length of a one-word anchor', better: { anchorWords: 2 }, worse: { anchorWords: 1 } },
  ])('when only the $name differs, then the better anchor scores higher', ({ better, worse }) => {
    expect(model.anchorLogit({ ...anchor, ...better })).toBeGreaterThan(model.anchorLogit({ ...anchor, ...worse }));
  });

  test.each<AnchorFeatures>([
    { kind: PhraseKind.title, titleCoverage: 1, specificity: 1, anchorWords: 6, ambiguity: 1, anchorUses: 500, nearInlineMention: true, position: 1, nameLike: true, afterCue: true, wholeBlock: true },
    { kind: PhraseKind.anchor, titleCoverage: 1, specificity: 1, anchorWords: 4, ambiguity: 1, anchorUses: 50, nearInlineMention: true, position: 0, nameLike: true, afterCue: true, wholeBlock: true },
    { kind: null, titleCoverage: 1, specificity: 1, anchorWords: 4, ambiguity: 1, anchorUses: 0, nearInlineMention: false, position: 1, nameLike: true, afterCue: true, wholeBlock: true },
  ])('when anchor features are at their best, then the logit stays within maxAnchorLogit (%o)', (features) => {
    expect(model.anchorLogit(features)).toBeLessThanOrEqual(model.maxAnchorLogit + 1e-9);
  });
});

describe('acceptance', () => {
  test.each([-50, -3, 0, 3, 50])('when the log-odds are %d, then the score is inside [0, 1] and rises with them', (logOdds) => {
    expect(acceptance(logOdds)).toBeGreaterThanOrEqual(0);
    expect(acceptance(logOdds)).toBeLessThanOrEqual(1);
    expect(acceptance(logOdds + 1)).toBeGreaterThanOrEqual(acceptance(logOdds));
  });
});

describe('RelevanceModel.fromJson', () => {
  test('when a file holds the fitted weights, then the model scores as the default does', () => {
    const read = RelevanceModel.fromJson(JSON.stringify({ weights: WEIGHTS }));
    expect(read.targetLogit(target)).toBe(model.targetLogit(target));
    expect(read.anchorLogit(anchor)).toBe(model.anchorLogit(anchor));
  });

  test.each([
    ['no weights', '{}'],
    ['too few weights', JSON.stringify({ weights: [1, 2, 3] })],
    ['a weight that is not a number', JSON.stringify({ weights: WEIGHTS.map((w, i) => (i === 3 ? 'x' : w)) })],
    // JSON.parse reads 1e400 as Infinity (JSON.stringify would write Infinity as null).
    ['a weight that is not finite', `{"weights": [${WEIGHTS.map((w, i) => (i === 3 ? '1e400' : String(w))).join(', ')}]}`],
  ])('when the file has %s, then it is refused', (_name, json) => {
    expect(() => RelevanceModel.fromJson(json)).toThrow(/relevance model/);
  });
});
