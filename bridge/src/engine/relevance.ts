import { PhraseKind } from './phrase-index.js';

/** What is known about a target page for one source, before any anchor is chosen. */
export interface TargetFeatures {
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
  /** Mentions where no anchor may go but within a paragraph of prose (inline code, mostly): how references are written. */
  inlineMentions: number;
  /** Of those, mentions that are the whole of their inline passage (`json.dumps()`): a name cited on its own. */
  wholeInlineMentions: number;
  /** Links the target receives from other pages. */
  inboundLinks: number;
  /**
   * Candidate targets the source names anywhere, this one included. Same for every target of a source: it sets how
   * sure the scores are, not their order (a page naming fifty pages links few of them).
   */
  namedTargets: number;
  /** Pages the source already links to; same for every target of a source, like namedTargets. */
  sourceLinks: number;
  /**
   * Distinct pages linked per page over the whole site (0 on a site without internal links): how much this site's
   * editors link, so that the score adapts to a site rather than to the sites the model was fitted on.
   */
  siteLinksPerPage: number;
  /** TF-IDF cosine of source and target over their postings, in [0, 1] (term-cosine.ts). */
  termCosine: number;
  /**
   * Pages of the site in the source's language; same for every target of a source. Of the few pages of a small site,
   * each is likelier to be linked than one of the many of a large site: this sets the level, as the site grows.
   */
  languagePages: number;
}

/** What is known about one anchor for a target. */
export interface AnchorFeatures {
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
  /**
   * Pages that already link to the target with this anchor text; an editor's keyphrase of the target counts as
   * MAX_ANCHOR_USES (site-corpus.ts, KEYPHRASE_ANCHOR_USES).
   */
  anchorUses: number;
  /** Where the anchor is in the source text, 0 = start, 1 = end. */
  position: number;
  /** The anchor's block (text between line breaks) also names the target in inline code: prose citing a reference. */
  nearInlineMention: boolean;
  /** Written as a name: its words capitalised, and not where a sentence starts. */
  nameLike: boolean;
  /** A word that points the reader elsewhere ("see", "described in", "read more about") comes just before the anchor. */
  afterCue: boolean;
  /** The anchor is nearly the whole of its block: an item of a list of pages ("See also", "Related topics"). */
  wholeBlock: boolean;
}

const KINDS = [PhraseKind.title, PhraseKind.titlePart, PhraseKind.heading, PhraseKind.anchor, PhraseKind.definition] as const;
/** Uses of an anchor text beyond this read as this many: the strongest anchor evidence the model knows. */
export const MAX_ANCHOR_USES = 50;

/**
 * The target inputs added in 2026-11, the last of targetVector: the TF-IDF cosine and its square root, and one over the
 * square root of the pages in the language and one over the pages (each alone told the level of the benchmark's small
 * sites less well than the two together: the square root overshot at 5–10 pages, one over the pages at 3;
 * bench/quality/README.md). Both are bounded and vanish on a large site. A decision stored before them is given them as
 * generation reads them now (decision-inputs.ts).
 */
export function laterTargetInputs(f: Pick<TargetFeatures, 'termCosine' | 'languagePages'>): number[] {
  const pages = Math.max(1, f.languagePages);
  return [f.termCosine, Math.sqrt(f.termCosine), 1 / Math.sqrt(pages), 1 / pages];
}
export const LATER_TARGET_INPUTS = 4;

export function targetVector(f: TargetFeatures): number[] {
  return [
    1,
    f.similarity,
    Math.sqrt(f.similarity),
    ...KINDS.map((kind) => (f.evidence === kind ? 1 : 0)),
    Math.log1p(f.mentions),
    1 / (1 + f.inboundLinks),
    1 / (1 + f.similarityRank),
    f.relativeSimilarity,
    Math.log1p(f.similarityRank),
    Math.log1p(f.namedTargets),
    Math.log1p(f.sourceLinks),
    Math.log1p(f.inlineMentions),
    // How the target is named, when it is also named in inline code: a defined name there is a cross-reference.
    ...KINDS.map((kind) => (f.evidence === kind && f.inlineMentions > 0 ? 1 : 0)),
    Math.log1p(f.wholeInlineMentions),
    Math.log1p(f.siteLinksPerPage),
    f.evidence === null ? 0 : Math.log1p(f.siteLinksPerPage),
    ...laterTargetInputs(f),
  ];
}

export function anchorVector(f: AnchorFeatures): number[] {
  return [
    ...KINDS.map((kind) => (f.kind === kind ? 1 : 0)),
    f.titleCoverage,
    f.specificity,
    Math.min(f.anchorWords, 4) / 4,
    Math.log2(Math.max(1, f.ambiguity)),
    Math.log1p(Math.min(f.anchorUses, MAX_ANCHOR_USES)),
    f.position,
    f.nearInlineMention ? 1 : 0,
    f.nameLike ? 1 : 0,
    f.afterCue ? 1 : 0,
    f.wholeBlock ? 1 : 0,
  ];
}

/**
 * Weights over targetVector then anchorVector, fitted by bench/quality/fit-relevance.ts on the quality benchmark's
 * fourteen documentation sites and the small sites cut from them (links removed or half removed; label = the authors
 * linked that target from that page; the anchor is the one the engine prefers; every site weighs the same): the order by a softmax over each page's
 * candidates, the level by a logistic regression on each page's ten best targets, then calibrated on the suggestions
 * shown that score 0.3 or more on the sites without links (bench/quality/fitting/fit-procedure.ts). Judged
 * leave-one-site-out (bench/quality/README.md). Refit with that script when the features change.
 */
export const WEIGHTS = [
  -3.883, 2.262, -2.287, 1.737, 0.851, 0.502, 1.439, 0.850, -0.004, -1.418, -0.523, 0.026, -0.465, 0.291, 0.297, -0.370, 0.302, 1.366, 0.555, 1.186, 0.974, 0.563, -1.363, 0.228, -3.707, 5.469, 11.167, -11.469, -0.287, 0.610, 0.551, -0.243, 0.054, 0.944, 1.327, 1.837, -0.203, 0.578, 0.193, 0.129, 0.388, 0.654, 0.441,
];
export const TARGET_INPUTS = 18 + 2 * KINDS.length;
export const ANCHOR_INPUTS = KINDS.length + 10;

/** The largest value each anchor input after the kinds can take (the ambiguity input is log2 of at most 4 pages). */
const ANCHOR_INPUT_MAX = [1, 1, 1, 2, Math.log1p(MAX_ANCHOR_USES), 1, 1, 1, 1, 1];

/**
 * The default minRelevanceScore: suggestions more likely accepted than not. Held out on fourteen sites (each answered
 * by a model fitted on the others, all their links removed), 0.66 of the suggestions at or above 0.5 were links the
 * authors had made, 1.7 per page; at 0.8 it was 0.87 but 0.26 per page, so a new site showed almost nothing
 * (bench/quality/README.md).
 */
export const DEFAULT_MIN_RELEVANCE_SCORE = 0.5;

const dot = (weights: readonly number[], inputs: readonly number[]): number =>
  inputs.reduce((sum, input, i) => sum + (weights[i] ?? 0) * input, 0);

/**
 * Weights over targetVector then anchorVector. The bridge uses the fitted WEIGHTS; another fit (one per held-out
 * site in the quality benchmark) comes from a JSON file: `{"weights": [...]}`.
 */
export class RelevanceModel {
  private readonly targetWeights: readonly number[];
  private readonly anchorWeights: readonly number[];
  /** An upper bound of anchorLogit, so targets that cannot reach the best ones are never given anchors. */
  readonly maxAnchorLogit: number;

  constructor(readonly weights: readonly number[]) {
    if (weights.length !== TARGET_INPUTS + ANCHOR_INPUTS || !weights.every(Number.isFinite)) {
      throw new Error(`a relevance model has ${TARGET_INPUTS + ANCHOR_INPUTS} finite weights, got ${weights.length}`);
    }
    this.targetWeights = weights.slice(0, TARGET_INPUTS);
    this.anchorWeights = weights.slice(TARGET_INPUTS);
    this.maxAnchorLogit =
      Math.max(0, ...this.anchorWeights.slice(0, KINDS.length)) +
      this.anchorWeights.slice(KINDS.length).reduce((sum, weight, i) => sum + Math.max(0, weight * ANCHOR_INPUT_MAX[i]!), 0);
  }

  /** Reads `{"weights": [...]}` (what bench/quality/fit-relevance.ts writes with --out). */
  static fromJson(json: string): RelevanceModel {
    const parsed = JSON.parse(json) as { weights?: unknown };
    if (!Array.isArray(parsed.weights) || !parsed.weights.every((w) => typeof w === 'number')) {
      throw new Error('a relevance model file holds {"weights": [numbers]}');
    }
    return new RelevanceModel(parsed.weights as number[]);
  }

  targetLogit(features: TargetFeatures): number {
    return dot(this.targetWeights, targetVector(features));
  }

  anchorLogit(features: AnchorFeatures): number {
    return dot(this.anchorWeights, anchorVector(features));
  }
}

export const DEFAULT_RELEVANCE_MODEL = new RelevanceModel(WEIGHTS);

/** The chance an editor accepts the suggestion, from the sum of the target's and the anchor's log-odds. */
export function acceptance(logOdds: number): number {
  return 1 / (1 + Math.exp(-logOdds));
}
