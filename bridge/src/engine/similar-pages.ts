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
  named: ReadonlyMap<number, unknown>,
): { top: number[]; byDoc: Map<number, number> } {
  const average = corpus.averageLength;
  const terms = Array.from(source.postingTermIds.keys(), (i) => {
    const termId = source.postingTermIds[i]!;
    const part = termFrequencyPart(source.postingCounts[i]!, source.length, average);
    return { termId, part, weight: part * corpus.idf(termId) };
  })
    .sort((a, b) => b.weight - a.weight)
    .slice(0, QUERY_TERMS);
  const selfScore = terms.reduce((sum, t) => sum + t.weight * t.part, 0);
  const byDoc = new Map<number, number>();
  if (selfScore <= 0) return { top: [], byDoc };
  const normalise = (score: number): number => Math.min(1, score / selfScore);
  const namedDocs = [...named.keys()];
  const { top: hits, scores } = corpus.index.searchWithScoresOf(
    terms.map((t) => t.termId),
    terms.map((t) => t.weight * IMPACT_UNIT),
    SIMILAR_CANDIDATES,
    accept,
    namedDocs,
  );
  namedDocs.forEach((docNo, i) => {
    if (scores[i]! > 0) byDoc.set(docNo, normalise(scores[i]!));
  });
  for (const hit of hits) byDoc.set(hit.docNo, normalise(hit.score));
  return { top: hits.map((hit) => hit.docNo), byDoc };
}
