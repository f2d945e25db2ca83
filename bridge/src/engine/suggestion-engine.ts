import { sentenceAround } from './context.js';
import { acceptance, anchorVector, DEFAULT_RELEVANCE_MODEL, targetVector, type RelevanceModel, type TargetFeatures } from './relevance.js';
import type { CorpusDocument, SiteCorpus } from './site-corpus.js';
import type { SourceText } from './source-text.js';
import { allowedAnchors, anchorOptions, anchorSearch, type AnchorOption } from './anchor-options.js';
import { findTargets } from './target-candidates.js';
import type { EngineSuggestion, GenerateRequest } from './types.js';

/** Targets given anchors per suggestion asked for: spares for targets whose anchors are all taken. */
const SPARE_FACTOR = 3;
/**
 * Targets whose anchors are looked for, per suggestion asked for, in order of target-only log-odds. On the quality
 * benchmark, the anchor changed the order little beyond the first 60 targets for 10 suggestions.
 */
const SEARCH_FACTOR = 6;

interface RankedTarget {
  docNo: number;
  features: TargetFeatures;
  targetLogOdds: number;
  options: AnchorOption[];
  /** Log-odds with the preferred anchor. */
  logOdds: number;
}

interface TakenAnchor {
  start: number;
  end: number;
  score: number;
  option: AnchorOption;
}

const round = (score: number): number => Math.round(score * 1e4) / 1e4;

/**
 * Suggestions for one source page: targets ranked by the score of their preferred anchor, each taking the first of
 * its anchors that overlaps no anchor already taken. Pure: reads the corpus, writes nothing.
 */
export function suggestLinks(
  corpus: SiteCorpus,
  source: CorpusDocument,
  text: SourceText,
  request: GenerateRequest,
  model: RelevanceModel = DEFAULT_RELEVANCE_MODEL,
): EngineSuggestion[] {
  const ranked = rankTargets(corpus, source, text, request, model);
  const taken: TakenAnchor[] = [];
  const suggestions: EngineSuggestion[] = [];
  for (const target of ranked) {
    if (suggestions.length >= request.limit) break;
    const anchor = firstFreeAnchor(target, taken, request.minRelevanceScore, model);
    if (anchor === null) continue;
    taken.push(anchor);
    const anchorText = text.text.slice(anchor.start, anchor.end);
    const context = sentenceAround(text.text, anchor.start, anchor.end);
    suggestions.push({
      targetPageId: corpus.pageIdOf(target.docNo)!,
      anchorText,
      context: context.includes(anchorText) ? context : anchorText,
      relevanceScore: anchor.score,
      inputs: [...targetVector(target.features), ...anchorVector(anchor.option.features)],
    });
  }
  // A target that fell back to a weaker anchor may now score below one after it.
  return suggestions.sort((a, b) => b.relevanceScore - a.relevanceScore);
}

/**
 * Targets with their anchors, best first. Anchor search is the costly part, so targets are visited by their
 * target-only log-odds and the visit stops when even the best possible anchor could not lift the next target
 * above the ones already kept.
 */
function rankTargets(corpus: SiteCorpus, source: CorpusDocument, text: SourceText, request: GenerateRequest, model: RelevanceModel): RankedTarget[] {
  const keep = Math.max(1, request.limit * SPARE_FACTOR);
  const candidates = findTargets(corpus, source, text, request)
    .map((candidate) => ({ candidate, targetLogOdds: model.targetLogit(candidate.features) }))
    .sort((a, b) => b.targetLogOdds - a.targetLogOdds || a.candidate.docNo - b.candidate.docNo);
  const visited = candidates.slice(0, request.limit * SEARCH_FACTOR);
  const search = anchorSearch(corpus, text, visited.map(({ candidate }) => candidate.docNo));
  const ranked: RankedTarget[] = [];
  let floor = -Infinity;
  for (const { candidate, targetLogOdds } of visited) {
    if (ranked.length >= keep && targetLogOdds + model.maxAnchorLogit <= floor) break;
    const options = allowedAnchors(anchorOptions(search, candidate), text, request);
    if (options.length === 0) continue;
    ranked.push({ docNo: candidate.docNo, features: candidate.features, targetLogOdds, options, logOdds: targetLogOdds + model.anchorLogit(options[0]!.features) });
    if (ranked.length >= keep) {
      ranked.sort((a, b) => b.logOdds - a.logOdds || a.docNo - b.docNo);
      ranked.length = keep;
      floor = ranked[keep - 1]!.logOdds;
    }
  }
  return ranked.sort((a, b) => b.logOdds - a.logOdds || a.docNo - b.docNo);
}

/** The target's first anchor, in order of preference, that overlaps no anchor taken and still scores enough. */
function firstFreeAnchor(target: RankedTarget, taken: readonly TakenAnchor[], minScore: number, model: RelevanceModel): TakenAnchor | null {
  for (const [index, option] of target.options.entries()) {
    if (!taken.every((t) => option.end <= t.start || option.start >= t.end)) continue;
    const logOdds = index === 0 ? target.logOdds : target.targetLogOdds + model.anchorLogit(option.features);
    const score = round(acceptance(logOdds));
    if (score >= minScore) return { start: option.start, end: option.end, score, option };
  }
  return null;
}
