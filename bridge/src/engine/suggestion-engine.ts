import { IMPACT_UNIT, termFrequencyPart } from './bm25.js';
import { sentenceAround } from './context.js';
import { MAX_PHRASE_WORDS } from './keyphrases.js';
import { PhraseIndex, PhraseKind } from './phrase-index.js';
import { relevance, type SuggestionFeatures } from './relevance.js';
import { linkedDocuments, type CorpusDocument, type SiteCorpus } from './site-corpus.js';
import { isAnchorRun, type SourceText } from './source-text.js';
import type { EngineSuggestion, GenerateRequest } from './types.js';

/** Terms of the source that form the "more like this" query. */
export const QUERY_TERMS = 30;
/** Topically similar pages considered as targets, beside those named in the text. */
const SIMILAR_CANDIDATES = 60;
/** A phrase naming more pages than this says nothing about which one is meant. */
const MAX_AMBIGUITY = 4;
/** An anchor made only of title words must cover at least this share of the title's weight. */
const MIN_TITLE_WORDS_COVERAGE = 0.5;

interface AnchorOption {
  first: number;
  last: number;
  kind: PhraseKind | null;
  ambiguity: number;
  anchorUses: number;
}

interface ScoredOption {
  start: number;
  end: number;
  score: number;
}

/** Suggestions for one source page. Pure: reads the corpus, writes nothing. */
export function suggestLinks(corpus: SiteCorpus, source: CorpusDocument, sourceText: SourceText, request: GenerateRequest): EngineSuggestion[] {
  const linked = linkedDocuments(source);
  const isCandidate = (docNo: number): boolean => {
    if (docNo === source.docNo || !corpus.isTarget(docNo) || linked.has(docNo)) return false;
    const pageId = corpus.pageIdOf(docNo)!;
    return !request.excludedTargetIds.has(pageId) && request.isTargetUrlAllowed(corpus.urlOf(docNo));
  };
  const allowed = new Map<number, boolean>();
  const accept = (docNo: number): boolean => {
    let verdict = allowed.get(docNo);
    if (verdict === undefined) {
      verdict = isCandidate(docNo);
      allowed.set(docNo, verdict);
    }
    return verdict;
  };

  const options = findPhraseMentions(corpus, sourceText, accept);
  const similarity = similarTargets(corpus, source, accept, options);
  for (const docNo of similarity.top) {
    if (!options.has(docNo)) {
      const option = findTitleWords(corpus, sourceText, docNo);
      if (option !== null) options.set(docNo, [option]);
    }
  }

  const scored: { docNo: number; options: ScoredOption[] }[] = [];
  for (const [docNo, anchors] of options) {
    const targetSimilarity = similarity.byDoc.get(docNo) ?? 0;
    const ranked = anchors
      .map((option) => ({
        start: sourceText.tokens.starts[option.first]!,
        end: sourceText.tokens.ends[option.last]!,
        score: Math.round(relevance(features(corpus, sourceText, docNo, option, targetSimilarity)) * 1e4) / 1e4,
      }))
      .filter((option) => option.score >= request.minRelevanceScore)
      .sort((a, b) => b.score - a.score || a.start - b.start);
    if (ranked.length > 0) scored.push({ docNo, options: ranked });
  }
  scored.sort((a, b) => b.options[0]!.score - a.options[0]!.score || a.docNo - b.docNo);

  const taken: ScoredOption[] = [];
  const suggestions: EngineSuggestion[] = [];
  for (const target of scored) {
    if (suggestions.length >= request.limit) break;
    const option = target.options.find((o) => taken.every((t) => o.end <= t.start || o.start >= t.end));
    if (option === undefined) continue;
    taken.push(option);
    const anchorText = sourceText.text.slice(option.start, option.end);
    const context = sentenceAround(sourceText.text, option.start, option.end);
    suggestions.push({
      targetPageId: corpus.pageIdOf(target.docNo)!,
      anchorText,
      context: context.includes(anchorText) ? context : anchorText,
      relevanceScore: option.score,
    });
  }
  return suggestions.sort((a, b) => b.relevanceScore - a.relevanceScore);
}

/** Every mention in the eligible text of a phrase that names an acceptable target, grouped by target. */
function findPhraseMentions(corpus: SiteCorpus, source: SourceText, accept: (docNo: number) => boolean): Map<number, AnchorOption[]> {
  const byTarget = new Map<number, AnchorOption[]>();
  const { phrases } = corpus;
  for (let first = 0; first < source.tokens.count; first += 1) {
    if (source.spans[first] === -1 || source.stop[first] === 1 || source.termIds[first] === -1) continue;
    let node = PhraseIndex.root;
    for (let last = first; last < source.tokens.count && last - first < MAX_PHRASE_WORDS; last += 1) {
      if (last > first && (source.spans[last] !== source.spans[first] || source.tokens.joined[last] === 0)) break;
      const termId = source.termIds[last]!;
      if (termId === -1) break;
      node = phrases.child(node, termId);
      if (node === -1) break;
      if (!phrases.hasEntries(node) || source.stop[last] === 1) continue;
      const ambiguity = phrases.distinctDocs(node);
      if (ambiguity > MAX_AMBIGUITY) continue;
      for (const entry of phrases.entries(node)) {
        if (!accept(entry.docNo)) continue;
        const list = byTarget.get(entry.docNo) ?? [];
        list.push({ first, last, kind: entry.kind, ambiguity, anchorUses: entry.kind === PhraseKind.anchor ? entry.count : 0 });
        byTarget.set(entry.docNo, list);
      }
    }
  }
  return byTarget;
}

/** "More like this": BM25 over the source's strongest terms; similarity in [0, 1] relative to the source itself. */
function similarTargets(
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
  const hits = corpus.index.search(
    terms.map((t) => t.termId),
    terms.map((t) => t.weight * IMPACT_UNIT),
    SIMILAR_CANDIDATES,
    accept,
    (docNo, score) => {
      if (named.has(docNo)) byDoc.set(docNo, normalise(score));
    },
  );
  for (const hit of hits) byDoc.set(hit.docNo, normalise(hit.score));
  return { top: hits.map((hit) => hit.docNo), byDoc };
}

/** The best run of the target's title words in the eligible text, for a similar page no phrase names. */
function findTitleWords(corpus: SiteCorpus, source: SourceText, docNo: number): AnchorOption | null {
  const title = corpus.titleTermIds(docNo);
  if (title === undefined || title.length === 0) return null;
  const titleSet = new Set(title);
  const titleMass = [...titleSet].reduce((sum, id) => sum + corpus.idf(id), 0);
  let best: AnchorOption | null = null;
  let bestCoverage = MIN_TITLE_WORDS_COVERAGE;
  for (let first = 0; first < source.tokens.count; first += 1) {
    if (source.stop[first] === 1 || !titleSet.has(source.termIds[first]!)) continue;
    const covered = new Set<number>();
    for (let last = first; last < source.tokens.count && last - first < MAX_PHRASE_WORDS; last += 1) {
      const termId = source.termIds[last]!;
      if (source.stop[last] === 0 && !titleSet.has(termId)) break;
      if (!isAnchorRun(source, first, last)) break;
      if (source.stop[last] === 1) continue;
      covered.add(termId);
      const coverage = [...covered].reduce((sum, id) => sum + corpus.idf(id), 0) / titleMass;
      if (coverage > bestCoverage) {
        bestCoverage = coverage;
        best = { first, last, kind: null, ambiguity: 1, anchorUses: 0 };
      }
    }
  }
  return best;
}

function features(corpus: SiteCorpus, source: SourceText, docNo: number, option: AnchorOption, similarity: number): SuggestionFeatures {
  const title = new Set(corpus.titleTermIds(docNo) ?? []);
  const titleMass = [...title].reduce((sum, id) => sum + corpus.idf(id), 0);
  const anchorTerms = new Set<number>();
  for (let i = option.first; i <= option.last; i += 1) {
    if (source.stop[i] === 0 && source.termIds[i] !== -1) anchorTerms.add(source.termIds[i]!);
  }
  let covered = 0;
  let idfSum = 0;
  for (const termId of anchorTerms) {
    const value = corpus.idf(termId);
    idfSum += value;
    if (title.has(termId)) covered += value;
  }
  const rarest = corpus.idfOfFrequency(1);
  return {
    similarity,
    kind: option.kind,
    titleCoverage: titleMass > 0 ? covered / titleMass : 0,
    specificity: anchorTerms.size > 0 ? Math.min(1, idfSum / anchorTerms.size / rarest) : 0,
    ambiguity: option.ambiguity,
    anchorUses: option.anchorUses,
    inboundLinks: corpus.inboundLinks(docNo),
    position: source.tokens.count > 1 ? option.first / (source.tokens.count - 1) : 0,
  };
}
