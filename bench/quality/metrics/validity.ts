/**
 * Checks every guarantee of contract §4 on one answer of the suggestions endpoint, independently of the bridge:
 * from the content that was synced, not from anything the bridge stores.
 */
import { normalizePageUrl } from '../../../bridge/src/lib/url.js';
import type { PageText } from '../html/page-text.js';

export interface SuggestionLike {
  sourcePageUrl: string;
  targetPageUrl: string;
  anchorText: string;
  context: string;
  relevanceScore: number;
}

export const VALIDITY_RULES = [
  'wrong_source',
  'target_not_stored',
  'target_not_2xx',
  'self_link',
  'already_linked',
  'anchor_not_in_eligible_text',
  'context_missing_anchor',
  'context_not_from_source',
  'duplicate_target',
  'overlapping_anchors',
  'score_out_of_range',
  'not_sorted',
] as const;

export type ValidityRule = (typeof VALIDITY_RULES)[number];

export interface SourcePage {
  url: string;
  text: PageText;
}

const collapse = (text: string): string => text.replace(/\s+/g, ' ').trim();
const withoutWhitespace = (text: string): string => text.replace(/\s+/g, '');
const withoutEllipses = (text: string): string => text.replace(/^\s*(…|\.\.\.)/, '').replace(/(…|\.\.\.)\s*$/, '');

function occurrences(haystack: string, needle: string): number[] {
  const found: number[] = [];
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) found.push(at);
  return found;
}

/**
 * Start offsets in the flattened visible text where this suggestion's anchor may sit: inside any occurrence of its
 * context when the context is found (pages repeat passages), anywhere in the text otherwise.
 */
function anchorStarts(suggestion: SuggestionLike, flatText: string): number[] {
  const anchor = collapse(suggestion.anchorText);
  if (!anchor) return [];
  const context = collapse(withoutEllipses(suggestion.context));
  const contextStarts = context ? occurrences(flatText, context) : [];
  if (contextStarts.length === 0) return occurrences(flatText, anchor);
  const inContext = occurrences(context, anchor);
  return contextStarts.flatMap((contextAt) => inContext.map((at) => contextAt + at));
}

/** Two anchors overlap only when every placement the text allows for them overlaps (no false alarms on repeats). */
function mustOverlap(a: SuggestionLike, b: SuggestionLike, flatText: string): boolean {
  const startsA = anchorStarts(a, flatText);
  const startsB = anchorStarts(b, flatText);
  if (startsA.length === 0 || startsB.length === 0) return false;
  const lengthA = collapse(a.anchorText).length;
  const lengthB = collapse(b.anchorText).length;
  return startsA.every((sa) => startsB.every((sb) => sa < sb + lengthB && sb < sa + lengthA));
}

/**
 * The rules each suggestion of an answer breaks, in answer order. `storedPages` maps each synced page's normalised
 * URL to its status code.
 */
export function checkAnswer(
  answer: readonly SuggestionLike[],
  source: SourcePage,
  storedPages: ReadonlyMap<string, number>,
): ValidityRule[][] {
  const flatText = collapse(source.text.visibleText);
  const compactText = withoutWhitespace(source.text.visibleText);
  const seenTargets = new Set<string>();
  return answer.map((suggestion, index) => {
    const broken: ValidityRule[] = [];
    const target = normalizePageUrl(suggestion.targetPageUrl);
    const status = target === null ? undefined : storedPages.get(target);
    if (normalizePageUrl(suggestion.sourcePageUrl) !== source.url) broken.push('wrong_source');
    if (target === null || status === undefined) broken.push('target_not_stored');
    else if (status < 200 || status > 299) broken.push('target_not_2xx');
    if (target === source.url) broken.push('self_link');
    if (target !== null && source.text.linkedUrls.has(target)) broken.push('already_linked');
    const anchor = collapse(suggestion.anchorText);
    if (!anchor || !source.text.anchorPassages.some((passage) => passage.includes(anchor))) {
      broken.push('anchor_not_in_eligible_text');
    }
    if (!suggestion.anchorText || !suggestion.context.includes(suggestion.anchorText)) broken.push('context_missing_anchor');
    const compactContext = withoutWhitespace(withoutEllipses(suggestion.context));
    if (!compactContext || !compactText.includes(compactContext)) broken.push('context_not_from_source');
    if (target !== null && seenTargets.has(target)) broken.push('duplicate_target');
    if (target !== null) seenTargets.add(target);
    if (answer.slice(0, index).some((earlier) => mustOverlap(earlier, suggestion, flatText))) broken.push('overlapping_anchors');
    const score = suggestion.relevanceScore;
    if (typeof score !== 'number' || !Number.isFinite(score) || score < 0 || score > 1) broken.push('score_out_of_range');
    const previous = answer[index - 1];
    if (previous && score > previous.relevanceScore) broken.push('not_sorted');
    return broken;
  });
}
