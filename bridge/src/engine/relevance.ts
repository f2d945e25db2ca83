import { PhraseKind } from './phrase-index.js';

/** What is known about one (target, anchor) pair when it is scored. */
export interface SuggestionFeatures {
  /** Topical similarity of source and target, in [0, 1] (BM25 score over the source's own score). */
  similarity: number;
  /** How the anchor names the target; null when it is only made of the target's title words. */
  kind: PhraseKind | null;
  /** Share of the target title's idf mass the anchor covers, in [0, 1]. */
  titleCoverage: number;
  /** Mean idf of the anchor's content words relative to a word found once, in [0, 1]. */
  specificity: number;
  /** Pages the anchor phrase names (1 = unambiguous). */
  ambiguity: number;
  /** Pages that already link to the target with this anchor text. */
  anchorUses: number;
  /** Links the target receives from other pages. */
  inboundLinks: number;
  /** Where the anchor is in the source text, 0 = start, 1 = end. */
  position: number;
}

/**
 * Log-odds weights. Set from the quality benchmark's accepted links (bench/quality): a target named by its title
 * in a topically related page is what authors link; a phrase shared by many pages or a generic word is not.
 */
const WEIGHTS = {
  bias: -4.2,
  similarity: 4.5,
  kind: {
    [PhraseKind.title]: 2.6,
    [PhraseKind.titlePart]: 1.8,
    [PhraseKind.anchor]: 2.2,
    [PhraseKind.heading]: 1.0,
    [PhraseKind.ngram]: 0.6,
  } as Record<PhraseKind, number>,
  titleWords: 0.4,
  titleCoverage: 1.2,
  specificity: 2.0,
  ambiguity: -1.0,
  anchorUses: 0.5,
  orphan: 0.4,
  position: -0.4,
};

/** The default minRelevanceScore: suggestions below it are more often rejected than accepted. */
export const DEFAULT_MIN_RELEVANCE_SCORE = 0.5;

/** The chance an editor accepts the suggestion, from a logistic model over the features. */
export function relevance(features: SuggestionFeatures): number {
  const z =
    WEIGHTS.bias +
    WEIGHTS.similarity * features.similarity +
    (features.kind === null ? WEIGHTS.titleWords : WEIGHTS.kind[features.kind]) +
    WEIGHTS.titleCoverage * features.titleCoverage +
    WEIGHTS.specificity * features.specificity +
    WEIGHTS.ambiguity * Math.log2(Math.max(1, features.ambiguity)) +
    WEIGHTS.anchorUses * Math.log1p(features.anchorUses) +
    WEIGHTS.orphan / (1 + features.inboundLinks) +
    WEIGHTS.position * features.position;
  return 1 / (1 + Math.exp(-z));
}
