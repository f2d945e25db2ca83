import { sentenceAround } from './context.js';
import { relevance } from './relevance.js';
import type { CorpusDocument, SiteCorpus } from './site-corpus.js';
import type { SourceText } from './source-text.js';
import { collectCandidates, type TargetCandidate } from './target-candidates.js';
import type { EngineSuggestion, GenerateRequest } from './types.js';

interface ScoredOption {
  start: number;
  end: number;
  score: number;
}

const round = (score: number): number => Math.round(score * 1e4) / 1e4;

/**
 * Suggestions for one source page: targets ranked by the score of their preferred anchor, each taking the first of
 * its anchors that does not overlap one already taken. Pure: reads the corpus, writes nothing.
 */
export function suggestLinks(corpus: SiteCorpus, source: CorpusDocument, text: SourceText, request: GenerateRequest): EngineSuggestion[] {
  // Targets rank by their preferred anchor; the others are scored only if that anchor is taken.
  const ranked = collectCandidates(corpus, source, text, request)
    .map((candidate) => ({ candidate, score: round(relevance(candidate.options[0]!.features)) }))
    .filter((target) => target.score >= request.minRelevanceScore)
    .sort((a, b) => b.score - a.score || a.candidate.docNo - b.candidate.docNo);

  const taken: ScoredOption[] = [];
  const suggestions: EngineSuggestion[] = [];
  for (const { candidate, score } of ranked) {
    if (suggestions.length >= request.limit) break;
    const option = firstFreeOption(candidate, score, taken, request.minRelevanceScore);
    if (option === null) continue;
    taken.push(option);
    const anchorText = text.text.slice(option.start, option.end);
    const context = sentenceAround(text.text, option.start, option.end);
    suggestions.push({
      targetPageId: corpus.pageIdOf(candidate.docNo)!,
      anchorText,
      context: context.includes(anchorText) ? context : anchorText,
      relevanceScore: option.score,
    });
  }
  // A target that fell back to a weaker anchor may now score below one after it.
  return suggestions.sort((a, b) => b.relevanceScore - a.relevanceScore);
}

/** The first anchor of the target, in order of preference, that overlaps no anchor taken and still scores enough. */
function firstFreeOption(candidate: TargetCandidate, preferredScore: number, taken: readonly ScoredOption[], minScore: number): ScoredOption | null {
  for (const [index, option] of candidate.options.entries()) {
    if (!taken.every((t) => option.end <= t.start || option.start >= t.end)) continue;
    const score = index === 0 ? preferredScore : round(relevance(option.features));
    if (score >= minScore) return { start: option.start, end: option.end, score };
  }
  return null;
}
