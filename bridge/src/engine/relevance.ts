import { PhraseKind } from './phrase-index.js';

/** What is known about one (target, anchor) pair when it is scored. */
export interface SuggestionFeatures {
  /** Topical similarity of source and target, in [0, 1] (BM25 score over the source's own score). */
  similarity: number;
  /** The target's place among this source's candidates by similarity (0 = most similar). */
  similarityRank: number;
  /** Similarity over the best candidate's similarity, in [0, 1]. */
  relativeSimilarity: number;
  /** The strongest way the source names the target anywhere (code and links included); null when it never does. */
  evidence: PhraseKind | null;
  /** How many times the source names the target. */
  mentions: number;
  /** How this anchor names the target; null when it is a run of the target's own words. */
  kind: PhraseKind | null;
  /** Share of the target title's idf mass the anchor covers, in [0, 1]. */
  titleCoverage: number;
  /** Mean idf of the anchor's content words relative to a word found once, in [0, 1]. */
  specificity: number;
  /** Content words in the anchor. */
  anchorWords: number;
  /** Pages the anchor phrase names (1 = unambiguous). */
  ambiguity: number;
  /** Pages that already link to the target with this anchor text. */
  anchorUses: number;
  /** Links the target receives from other pages. */
  inboundLinks: number;
  /** Where the anchor is in the source text, 0 = start, 1 = end. */
  position: number;
}

const KINDS = [PhraseKind.title, PhraseKind.titlePart, PhraseKind.heading, PhraseKind.ngram, PhraseKind.anchor] as const;

/** The model's inputs, in WEIGHTS order (also what bench tooling fits the weights on). */
export function featureVector(f: SuggestionFeatures): number[] {
  return [
    1,
    f.similarity,
    Math.sqrt(f.similarity),
    ...KINDS.map((kind) => (f.evidence === kind ? 1 : 0)),
    Math.log1p(f.mentions),
    ...KINDS.map((kind) => (f.kind === kind ? 1 : 0)),
    f.titleCoverage,
    f.specificity,
    Math.min(f.anchorWords, 4) / 4,
    Math.log2(Math.max(1, f.ambiguity)),
    Math.log1p(f.anchorUses),
    1 / (1 + f.inboundLinks),
    f.position,
    1 / (1 + f.similarityRank),
    f.relativeSimilarity,
    Math.log1p(f.similarityRank),
  ];
}

/**
 * Logistic-regression weights over featureVector, fitted on the quality benchmark (bench/quality: Python's
 * documentation with its authors' links removed; label = the authors linked that target from that page).
 */
const WEIGHTS = [
  -5.996, 0.655, -0.011, 3.344, 2.574, -0.309, 0.263, 2.915,
  0.610, -3.339, -1.994, -0.059, -0.618, -2.319, 1.259, 2.418,
  4.305, -0.184, 0.691, 1.066, 0.270, 0.465, -0.131, -0.313,
];

/** The default minRelevanceScore: the score above which the benchmark's suggestions were mostly right. */
export const DEFAULT_MIN_RELEVANCE_SCORE = 0.5;

/** The chance an editor accepts the suggestion, from a logistic model over the features. */
export function relevance(features: SuggestionFeatures): number {
  const x = featureVector(features);
  let z = 0;
  for (let i = 0; i < x.length; i += 1) z += (WEIGHTS[i] ?? 0) * x[i]!;
  return 1 / (1 + Math.exp(-z));
}
