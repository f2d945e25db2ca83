/**
 * Baseline 1: plain TF-IDF cosine similarity between pages' visible text (title included), as Yoast's related-links
 * feature does it with its prominent words. No stemming on English sites, no anchors: it ranks targets only. On a site
 * of another language (bench/quality/run-languages.ts) its words are stemmed in that language, as the engine's are.
 */
import { ENGLISH_WORDS, type BaselineWords } from './words.js';
import { byScoreThenUrl, isEligibleTarget, type BaselinePage, type RankedTarget } from './types.js';

type SparseVector = Map<string, number>;

export class TfidfCosineBaseline {
  private readonly vectors: SparseVector[];

  constructor(
    private readonly pages: readonly BaselinePage[],
    words: BaselineWords = ENGLISH_WORDS,
  ) {
    const term = words === ENGLISH_WORDS ? (word: string) => word : words.stem;
    const counts = pages.map((page) => {
      const tf = new Map<string, number>();
      for (const word of words.contentWords(`${page.title}\n${page.text.visibleText}`).map(term)) tf.set(word, (tf.get(word) ?? 0) + 1);
      return tf;
    });
    const documentFrequency = new Map<string, number>();
    for (const tf of counts) for (const word of tf.keys()) documentFrequency.set(word, (documentFrequency.get(word) ?? 0) + 1);
    this.vectors = counts.map((tf) => {
      const vector: SparseVector = new Map();
      let norm = 0;
      for (const [word, count] of tf) {
        const weight = count * Math.log(pages.length / (documentFrequency.get(word) ?? 1));
        if (weight > 0) vector.set(word, weight);
        norm += weight * weight;
      }
      norm = Math.sqrt(norm);
      if (norm > 0) for (const [word, weight] of vector) vector.set(word, weight / norm);
      return vector;
    });
  }

  /** The `limit` eligible targets most similar to the page at `sourceIndex`. */
  rank(sourceIndex: number, limit: number): RankedTarget[] {
    const source = this.pages[sourceIndex];
    const sourceVector = this.vectors[sourceIndex];
    if (!source || !sourceVector) throw new RangeError(`no page at index ${sourceIndex}`);
    const ranked: RankedTarget[] = [];
    this.pages.forEach((target, index) => {
      if (!isEligibleTarget(source, target)) return;
      const score = cosine(sourceVector, this.vectors[index] ?? new Map());
      if (score > 0) ranked.push({ targetUrl: target.url, score });
    });
    return ranked.sort(byScoreThenUrl).slice(0, limit);
  }
}

/** Dot product of two unit vectors; iterates the smaller one. */
function cosine(a: SparseVector, b: SparseVector): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [word, weight] of small) dot += weight * (large.get(word) ?? 0);
  return dot;
}
