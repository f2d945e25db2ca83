import { describe, expect, test } from 'vitest';
import { PhraseKind } from '../../bridge/src/engine/phrase-index.js';
import {
  acceptance,
  anchorLogit,
  MAX_ANCHOR_LOGIT,
  targetLogit,
  type AnchorFeatures,
  type TargetFeatures,
} from '../../bridge/src/engine/relevance.js';

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
};

describe('targetLogit', () => {
  test.each<{ name: string; better: Partial<TargetFeatures>; worse: Partial<TargetFeatures> }>([
    { name: 'similarity', better: { similarity: 0.6 }, worse: { similarity: 0.2 } },
    { name: 'named by its title', better: { evidence: PhraseKind.title }, worse: { evidence: null } },
    { name: 'named by an existing anchor text', better: { evidence: PhraseKind.anchor }, worse: { evidence: null } },
    { name: 'named by its title rather than a heading', better: { evidence: PhraseKind.title }, worse: { evidence: PhraseKind.heading } },
    { name: 'number of mentions', better: { mentions: 4 }, worse: { mentions: 1 } },
    { name: 'need for links (an orphan)', better: { inboundLinks: 0 }, worse: { inboundLinks: 40 } },
  ])('when only the $name differs, then the better target scores higher', ({ better, worse }) => {
    expect(targetLogit({ ...target, ...better })).toBeGreaterThan(targetLogit({ ...target, ...worse }));
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
    expect(anchorLogit({ ...anchor, ...better })).toBeGreaterThan(anchorLogit({ ...anchor, ...worse }));
  });

  test.each<AnchorFeatures>([
    { kind: PhraseKind.title, titleCoverage: 1, specificity: 1, anchorWords: 6, ambiguity: 1, anchorUses: 500, nearInlineMention: true, position: 1 },
    { kind: PhraseKind.anchor, titleCoverage: 1, specificity: 1, anchorWords: 4, ambiguity: 1, anchorUses: 50, nearInlineMention: true, position: 0 },
    { kind: null, titleCoverage: 1, specificity: 1, anchorWords: 4, ambiguity: 1, anchorUses: 0, nearInlineMention: false, position: 1 },
  ])('when anchor features are at their best, then the logit stays within MAX_ANCHOR_LOGIT (%o)', (features) => {
    expect(anchorLogit(features)).toBeLessThanOrEqual(MAX_ANCHOR_LOGIT + 1e-9);
  });
});

describe('acceptance', () => {
  test.each([-50, -3, 0, 3, 50])('when the log-odds are %d, then the score is inside [0, 1] and rises with them', (logOdds) => {
    expect(acceptance(logOdds)).toBeGreaterThanOrEqual(0);
    expect(acceptance(logOdds)).toBeLessThanOrEqual(1);
    expect(acceptance(logOdds + 1)).toBeGreaterThanOrEqual(acceptance(logOdds));
  });
});
