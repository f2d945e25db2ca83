import { IMPACT_UNIT, termFrequencyPart } from './bm25.js';
import type { CorpusDocument, SiteCorpus } from './site-corpus.js';

/** Terms of the source that form the "more like this" query. */
export const QUERY_TERMS = 60;
/** Topically similar pages considered as targets, beside those named in the text. */
const SIMILAR_CANDIDATES = 80;

/** "More like this": BM25 over the source's strongest terms; similarity in [0, 1] relative to the source itself. */
export function similarTargets(
  corpus: SiteCorpus,
  source: CorpusDocument,
  accept: (docNo: number) => boolean,
  namedDocs: readonly number[],
): { top: number[]; byDoc: Map<number, number> } {
  const query = moreLikeThis(corpus, source);
  const byDoc = new Map<number, number>();
  if (query.selfScore <= 0) return { top: [], byDoc };
  const normalise = (score: number): number => Math.min(1, score / query.selfScore);
  const { top: hits, scores } = corpus.index.searchWithScoresOf(query.termIds, query.weights, SIMILAR_CANDIDATES, accept, namedDocs);
  namedDocs.forEach((docNo, i) => {
    if (scores[i]! > 0) byDoc.set(docNo, normalise(scores[i]!));
  });
  for (const hit of hits) byDoc.set(hit.docNo, normalise(hit.score));
  return { top: hits.map((hit) => hit.docNo), byDoc };
}

/**
 * The target's similarity, its rank by similarity among the source's candidates (findTargets' order: similarity,
 * then document number) and the best candidate's similarity, when the target is among the `similarTargets` top:
 * then every page above it is in that top too, so named pages change nothing. null when that is not so, or when the
 * target's similarity is 1 (pages above the source's own score all read 1, tied by document number).
 */
export function similarityPlace(
  corpus: SiteCorpus,
  source: CorpusDocument,
  accept: (docNo: number) => boolean,
  targetDocNo: number,
): { similarity: number; rank: number; best: number } | null {
  const query = moreLikeThis(corpus, source);
  if (query.selfScore <= 0) return null;
  const place = corpus.index.placeOf(query.termIds, query.weights, targetDocNo, SIMILAR_CANDIDATES, accept);
  if (place === null) return null;
  const similarity = Math.min(1, place.score / query.selfScore);
  if (similarity >= 1) return null;
  return { similarity, rank: place.above, best: Math.min(1, place.best / query.selfScore) };
}

/**
 * The source's "more like this" query: its strongest terms, their weights, and the score the source gives itself.
 * Every source of an inbound request builds one (≈ 160 terms each), so it is built in typed arrays and an index sort
 * rather than an object per term: the same terms, order (weight, then the document's own order of its terms, as a
 * stable sort of the objects gave) and sums.
 */
function moreLikeThis(corpus: SiteCorpus, source: CorpusDocument): { termIds: number[]; weights: number[]; selfScore: number } {
  const average = corpus.averageLength;
  const { postingTermIds, postingCounts, length } = source;
  const count = postingTermIds.length;
  const parts = new Float64Array(count);
  const weights = new Float64Array(count);
  const order: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const part = termFrequencyPart(postingCounts[i]!, length, average);
    parts[i] = part;
    weights[i] = part * corpus.idf(postingTermIds[i]!);
    order.push(i);
  }
  order.sort((a, b) => weights[b]! - weights[a]! || a - b);
  const kept = Math.min(QUERY_TERMS, count);
  const termIds: number[] = [];
  const queryWeights: number[] = [];
  let selfScore = 0;
  for (let k = 0; k < kept; k += 1) {
    const i = order[k]!;
    termIds.push(postingTermIds[i]!);
    queryWeights.push(weights[i]! * IMPACT_UNIT);
    selfScore += weights[i]! * parts[i]!;
  }
  return { termIds, weights: queryWeights, selfScore };
}
