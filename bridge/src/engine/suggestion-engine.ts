import { sentenceAround } from './context.js';
import { relevance } from './relevance.js';
import type { CorpusDocument, SiteCorpus } from './site-corpus.js';
import type { SourceText } from './source-text.js';
import { collectCandidates } from './target-candidates.js';
import type { EngineSuggestion, GenerateRequest } from './types.js';

interface ScoredOption {
  start: number;
  end: number;
  score: number;
}

const round = (score: number): number => Math.round(score * 1e4) / 1e4;

/**
 * Suggestions for one source page: candidates scored, best target first, each taking its best anchor that does not
 * overlap an anchor already taken. Pure: reads the corpus, writes nothing.
 */
export function suggestLinks(corpus: SiteCorpus, source: CorpusDocument, text: SourceText, request: GenerateRequest): EngineSuggestion[] {
  const scored: { docNo: number; options: ScoredOption[] }[] = [];
  for (const candidate of collectCandidates(corpus, source, text, request)) {
    const options = candidate.options
      .map((option) => ({ start: option.start, end: option.end, score: round(relevance(option.features)) }))
      .filter((option) => option.score >= request.minRelevanceScore)
      .sort((a, b) => b.score - a.score || a.start - b.start);
    if (options.length > 0) scored.push({ docNo: candidate.docNo, options });
  }
  scored.sort((a, b) => b.options[0]!.score - a.options[0]!.score || a.docNo - b.docNo);

  const taken: ScoredOption[] = [];
  const suggestions: EngineSuggestion[] = [];
  for (const target of scored) {
    if (suggestions.length >= request.limit) break;
    const option = target.options.find((o) => taken.every((t) => o.end <= t.start || o.start >= t.end));
    if (option === undefined) continue;
    taken.push(option);
    const anchorText = text.text.slice(option.start, option.end);
    const context = sentenceAround(text.text, option.start, option.end);
    suggestions.push({
      targetPageId: corpus.pageIdOf(target.docNo)!,
      anchorText,
      context: context.includes(anchorText) ? context : anchorText,
      relevanceScore: option.score,
    });
  }
  // A target that fell back to a weaker anchor may now score below one after it.
  return suggestions.sort((a, b) => b.relevanceScore - a.relevanceScore);
}
