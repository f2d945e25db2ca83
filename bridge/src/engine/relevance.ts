import { PhraseKind } from './phrase-index.js';

/** What is known about one (target, anchor) pair when it is scored. */
export interface SuggestionFeatures {
  /** Topical similarity of source and target, in [0, 1] (BM25 score over the source's own score). */
  similarity: number;
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
  ];
}

/**
 * Logistic-regression weights over featureVector, fitted on the quality benchmark (bench/quality: Python's
 * documentation with its authors' links removed; label = the authors linked that target from that page).
 */
const WEIGHTS = [
  -6.572, -0.130, 2.556,
  1.955, 1.954, -0.056, 0.175, 1.404,
  0.258,
  -0.866, -0.814, 0.138, 0.184, -0.761,
  0.827, 3.495, 2.708, -1.080, 0.885, 0.642, -0.177,
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
