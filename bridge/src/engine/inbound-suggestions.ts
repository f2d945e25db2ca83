import { allowedAnchors, anchorOptions, anchorSearch, type TargetCandidate } from './anchor-options.js';
import { IMPACT_UNIT } from './bm25.js';
import { sentenceAround } from './context.js';
import { PhraseKind } from './phrase-index.js';
import { acceptance, anchorVector, DEFAULT_RELEVANCE_MODEL, targetVector, type RelevanceModel } from './relevance.js';
import { forEachPhrase, linkedDocuments, type CorpusDocument, type SiteCorpus } from './site-corpus.js';
import { similarTargets } from './similar-pages.js';
import type { SourceText } from './source-text.js';
import { findTargetFromEach, type ForwardSource } from './target-candidates.js';
import type { EngineSuggestion, GenerateRequest } from './types.js';

/**
 * Sources scored in full per suggestion asked for. Each costs what a forward generation's target search costs (its
 * text read, its names found, its "more like this"), so the bound keeps a request's cost fixed whatever the site.
 */
const SOURCES_PER_SUGGESTION = 2;
/** At least this many sources are scored, even for one suggestion: a good source may score below a weaker one. */
const MIN_SOURCES = 12;
/** Candidates looked up per source scored: those that already link to the target are passed over unscored. */
const CANDIDATES_PER_SOURCE = 2;
/** Of the sources scored, the share taken from the pages that name the target (the rest: pages like it). */
const NAMING_SHARE = 0.75;
/** Query terms naming the target: the content words of its title, title head and editors' keyphrases. */
const MAX_NAME_TERMS = 24;

export interface InboundRequest {
  projectId: string;
  targetPageId: string;
  limit: number;
  minRelevanceScore: number;
  /** Sources scored in full: `sourceBudget(limit)` unless given (the quality benchmark measures other budgets). */
  sources?: number;
  /**
   * Whether a page may be a source: synced, not excluded, inside the project's paths, and its pair with the target
   * not settled by an editor (approved, rejected, implemented).
   */
  isSourceAllowed: (pageId: string, url: string) => boolean;
  /** The request forward generation makes for that source: its scores are the forward ones only under it. */
  forwardRequest: (sourcePageId: string) => GenerateRequest;
}

/** A candidate source page as stored: what forward generation reads of it, its text only when asked (the costly part). */
export interface LoadedSource {
  document: CorpusDocument;
  readText: () => SourceText | undefined;
}

export interface InboundSuggestion extends EngineSuggestion {
  sourcePageId: string;
}

/**
 * Pages that should link to the target, best first, at most one suggestion per source. Each candidate source is
 * scored exactly as forward generation from it would score the target (same features, same model, its preferred
 * anchor), so a pair scores the same whichever way it is asked for. Pure apart from `load`, which reads a source.
 * `candidates`: candidateSources's answer, when the caller has it already (to read their rows at once).
 */
export function suggestInbound(
  corpus: SiteCorpus,
  target: CorpusDocument,
  request: InboundRequest,
  load: (docNo: number) => LoadedSource | undefined,
  model: RelevanceModel = DEFAULT_RELEVANCE_MODEL,
  candidates: readonly number[] = candidateSources(corpus, target, request),
): InboundSuggestion[] {
  if (request.limit <= 0 || !corpus.isTarget(target.docNo)) return [];
  const budget = request.sources ?? sourceBudget(request.limit);
  const sources: ForwardSource[] = [];
  for (const docNo of candidates) {
    if (sources.length >= budget) break;
    const source = load(docNo);
    // A page that links to the target already is never its source (forward generation leaves it out too).
    if (source === undefined || linkedDocuments(source.document).has(target.docNo)) continue;
    const text = source.readText();
    if (text === undefined) continue;
    sources.push({ source: source.document, text, request: request.forwardRequest(source.document.pageId) });
  }
  const suggestions: InboundSuggestion[] = [];
  findTargetFromEach(corpus, sources, target.docNo).forEach((candidate, i) => {
    const suggestion = candidate && scorePair(corpus, sources[i]!, candidate, request, model);
    if (suggestion) suggestions.push(suggestion);
  });
  return suggestions
    .sort((a, b) => b.relevanceScore - a.relevanceScore || (a.sourcePageId < b.sourcePageId ? -1 : 1))
    .slice(0, request.limit);
}

/**
 * Pages worth scoring as sources, most promising first, at most a bounded number: those whose strongest terms hold
 * the words naming the target (its title, title head and editors' keyphrases, weighted by how specific they are),
 * merged with pages like the target by BM25 "more like this". Both read the inverted index of each page's top terms,
 * so the cost is that of two searches.
 */
export function candidateSources(corpus: SiteCorpus, target: CorpusDocument, request: InboundRequest): number[] {
  const budget = request.sources ?? sourceBudget(request.limit);
  const wanted = budget * CANDIDATES_PER_SOURCE;
  const verdicts = new Map<number, boolean>();
  const accept = (docNo: number): boolean => {
    let verdict = verdicts.get(docNo);
    if (verdict === undefined) {
      const pageId = corpus.pageIdOf(docNo);
      verdict = docNo !== target.docNo && pageId !== undefined && request.isSourceAllowed(pageId, corpus.urlOf(docNo));
      verdicts.set(docNo, verdict);
    }
    return verdict;
  };

  const nameTerms = namingTerms(corpus, target);
  const naming =
    nameTerms.length === 0
      ? []
      : corpus.index.search(
          nameTerms,
          nameTerms.map((termId) => corpus.idf(termId) * IMPACT_UNIT),
          wanted,
          accept,
        ).map((hit) => hit.docNo);
  const similar = similarTargets(corpus, target, accept, []).top;
  // The budget is filled with NAMING_SHARE of it from the names, then the most similar pages; the rest of both lists
  // stand in for candidates passed over (they link to the target already).
  const fromNames = Math.ceil(budget * NAMING_SHARE);
  const chosen = new Set<number>(naming.slice(0, fromNames));
  for (const docNo of [...similar, ...naming.slice(fromNames)]) {
    if (chosen.size >= wanted) break;
    chosen.add(docNo);
  }
  return [...chosen];
}

/** How many sources are scored in full for `limit` suggestions. */
export function sourceBudget(limit: number): number {
  return Math.max(MIN_SOURCES, limit * SOURCES_PER_SUGGESTION);
}

/** Distinct content terms of the target's title, title head and editors' keyphrases, the most specific first. */
function namingTerms(corpus: SiteCorpus, target: CorpusDocument): number[] {
  const terms = new Set<number>(target.titleTermIds);
  forEachPhrase(target.phrases, (kind, termIds) => {
    if (kind !== PhraseKind.title && kind !== PhraseKind.titlePart && kind !== PhraseKind.anchor) return;
    for (const termId of termIds) terms.add(termId);
  });
  // Stopwords inside a phrase are kept in it; they have postings on no page (postings are a page's top tf-idf terms).
  return [...terms]
    .filter((termId) => corpus.index.postingCount(termId) > 0)
    .sort((a, b) => corpus.idf(b) - corpus.idf(a) || a - b)
    .slice(0, MAX_NAME_TERMS);
}

/**
 * The suggestion forward generation from the source would make for the target (`candidate`, as `findTarget` finds
 * it) when no other anchor is in the way: its first anchor option that scores enough.
 */
function scorePair(
  corpus: SiteCorpus,
  { source, text: sourceText, request: forward }: ForwardSource,
  candidate: TargetCandidate,
  request: InboundRequest,
  model: RelevanceModel,
): InboundSuggestion | null {
  const targetDocNo = candidate.docNo;
  const targetLogOdds = model.targetLogit(candidate.features);
  const options = allowedAnchors(anchorOptions(anchorSearch(corpus, sourceText, [targetDocNo]), candidate), sourceText, forward);
  for (const option of options) {
    const score = Math.round(acceptance(targetLogOdds + model.anchorLogit(option.features)) * 1e4) / 1e4;
    if (score < request.minRelevanceScore) continue;
    const { text } = sourceText;
    const anchorText = text.slice(option.start, option.end);
    const context = sentenceAround(text, option.start, option.end);
    return {
      sourcePageId: source.pageId,
      targetPageId: corpus.pageIdOf(targetDocNo)!,
      anchorText,
      context: context.includes(anchorText) ? context : anchorText,
      relevanceScore: score,
      inputs: [...targetVector(candidate.features), ...anchorVector(option.features)],
    };
  }
  return null;
}
