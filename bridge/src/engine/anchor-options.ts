import { cueWordsOf } from './cue-words.js';
import { KIND_STRENGTH, type Mention } from './phrase-mentions.js';
import type { PhraseKind } from './phrase-index.js';
import type { AnchorFeatures, TargetFeatures } from './relevance.js';
import type { SiteCorpus } from './site-corpus.js';
import { SharedTerms } from './shared-terms.js';
import { blockStart, type SourceText } from './source-text.js';
import { termMarksOf, type IdMarks } from './id-marks.js';
import type { GenerateRequest } from './types.js';

/**
 * Anchor options kept per target (named mentions, then word runs), so a target whose best anchor is taken can use
 * another. Four runs rather than two: recall@10 +0.004–0.006 on both benchmark corpora.
 */
const MENTION_OPTIONS = 2;
const RUN_OPTIONS = 4;
/** Occurrences of a word tried as anchor starts: the first mentions are where editors link. */
const POSITIONS_PER_TERM = 6;
/** Longest anchor built from a target's vocabulary, in words. */
const MAX_VOCABULARY_RUN = 4;

/** One place in the source where a link to the target could go. */
export interface AnchorOption {
  start: number;
  end: number;
  features: AnchorFeatures;
  /** Written as a name (its words capitalised, not at a sentence start): where authors link a page by its name. */
  nameLike: boolean;
}

/** A page worth suggesting from the source, with what is known before anchors are looked for. */
export interface TargetCandidate {
  docNo: number;
  features: TargetFeatures;
  mentions: Mention[];
}

/** Everything anchor search needs about the source, computed once per request. */
export interface AnchorSearch {
  corpus: SiteCorpus;
  text: SourceText;
  positions: ReadonlyMap<number, number[]>;
  shared: SharedTerms;
  vocabulary: IdMarks;
}

/** The search for anchors of `targets` (document numbers): anchorOptions may be asked for any of them. */
export function anchorSearch(corpus: SiteCorpus, text: SourceText, targets: readonly number[]): AnchorSearch {
  const positions = eligiblePositions(corpus, text);
  return { corpus, text, positions, shared: new SharedTerms(corpus, positions, targets), vocabulary: termMarksOf(corpus) };
}

/** Where a link to the target could go, best first: its eligible mentions, then runs of its own words. */
export function anchorOptions(search: AnchorSearch, target: TargetCandidate): AnchorOption[] {
  const { corpus, text } = search;
  const title = titleOf(corpus, target.docNo);
  const inlineBlocks = new Set(target.mentions.filter((m) => !m.eligible).map((m) => blockStart(text.text, text.tokens.starts[m.first]!)));
  const option = (first: number, last: number, kind: PhraseKind | null, ambiguity: number, anchorUses: number): AnchorOption =>
    optionAt(corpus, text, title, inlineBlocks, first, last, kind, ambiguity, anchorUses);
  const options: AnchorOption[] = [];
  const spans = new Set<number>();
  const eligibleMentions = target.mentions
    .filter((mention) => mention.eligible)
    .map((mention) => ({ mention, nameLike: isNameLike(text, mention.first, mention.last) }))
    .sort(
      (a, b) =>
        KIND_STRENGTH[b.mention.kind] - KIND_STRENGTH[a.mention.kind] || Number(b.nameLike) - Number(a.nameLike) || a.mention.first - b.mention.first,
    )
    .map(({ mention }) => mention);
  for (const mention of eligibleMentions) {
    if (options.length >= MENTION_OPTIONS) break;
    if (spans.has(spanKey(mention.first, mention.last)) || cutsUnit(text, mention.first, mention.last)) continue;
    spans.add(spanKey(mention.first, mention.last));
    options.push(option(mention.first, mention.last, mention.kind, mention.ambiguity, mention.anchorUses));
  }
  const vocabulary = [corpus.titleTermIds(target.docNo) ?? EMPTY, corpus.keyTermIds(target.docNo) ?? EMPTY];
  for (const run of vocabularyRuns(search, vocabulary)) {
    if (spans.has(spanKey(run.first, run.last)) || cutsUnit(text, run.first, run.last)) continue;
    spans.add(spanKey(run.first, run.last));
    options.push(option(run.first, run.last, null, 1, 0));
  }
  // A page the source resembles but never names by its own words: its specific words the source shares.
  if (options.length === 0) {
    for (const run of vocabularyRuns(search, [search.shared.of(target.docNo)])) {
      if (!cutsUnit(text, run.first, run.last)) options.push(option(run.first, run.last, null, 1, 0));
    }
  }
  return options.sort((a, b) => preferenceOf(b) - preferenceOf(a) || a.start - b.start);
}

/** Between anchors alike otherwise, the one written as a name: "see Colors" rather than an earlier "the color". */
const preferenceOf = (option: AnchorOption): number => anchorPreference(option.features) + (option.nameLike ? NAME_LIKE_PREFERENCE : 0);
const NAME_LIKE_PREFERENCE = 0.5;

const UPPER_CASE = /^\p{Lu}/u;
const SENTENCE_END = /[.!?]/;

/** Every content word of tokens first..last starts with a capital, and the first is not where a sentence starts. */
function isNameLike(text: SourceText, first: number, last: number): boolean {
  for (let i = first; i <= last; i += 1) {
    if (text.stop[i] === 1) continue;
    if (!UPPER_CASE.test(text.text[text.tokens.starts[i]!]!)) return false;
  }
  // The character before the first word, spaces and opening quotes skipped (a few at most: the cost stays bounded
  // on any text): none in its block, or a sentence end.
  const start = text.tokens.starts[first]!;
  for (let at = start - 1; at >= 0 && at >= start - 8; at -= 1) {
    const character = text.text[at]!;
    if (character === '\n') return false;
    if (character === ' ' || character === '\u00a0' || character === '"' || character === '\u201c' || character === '(') continue;
    return !SENTENCE_END.test(character);
  }
  return false;
}

/**
 * Characters that bind the words on both sides into one unit when nothing else stands between them: a compound
 * ("return-position"), a version ("2.12.0-beta.1"), a path or URL ("/usr/lib", "example.com"), an identifier
 * ("sys_path", "foo::bar", "user@example"). An anchor that starts or ends at one of them links a piece of a unit.
 */
const UNIT_JOINERS = new Set(['-', '\u2010', '\u2011', '.', '/', '\\', '_', ':', '@', '+', '#', '~', '=']);
const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/** Tokens first..last would cut a unit: a joiner binds the first to what precedes it, or the last to what follows. */
function cutsUnit(text: SourceText, first: number, last: number): boolean {
  const source = text.text;
  const start = text.tokens.starts[first]!;
  const before = source[start - 1];
  if (before !== undefined && UNIT_JOINERS.has(before)) {
    const outer = source[start - 2];
    // "foo::bar": two colons; "a/b", "x-y": a word on the other side.
    if (outer !== undefined && (WORD_CHARACTER.test(outer) || outer === before)) return true;
  }
  const end = withManSection(text, last);
  const after = source[end];
  if (after !== undefined && UNIT_JOINERS.has(after)) {
    const outer = source[end + 1];
    if (outer !== undefined && (WORD_CHARACTER.test(outer) || outer === after)) return true;
  }
  return false;
}

/** One number per token span; anchors are at most 8 words long. */
const spanKey = (first: number, last: number): number => first * 8 + (last - first);

/** Editors link a page by its name: exact names first, then the fullest and most specific run of its words. */
function anchorPreference(features: AnchorFeatures): number {
  const named = features.kind === null ? 0 : KIND_STRENGTH[features.kind];
  return named * 10 + features.titleCoverage * 4 + features.specificity * 2 + Math.min(features.anchorWords, 4) * 0.25;
}

/**
 * The end of an anchor, taking in a manual section written right after it ("git-commit(1)"), as authors of manual
 * pages link the name with its section.
 */
function withManSection(text: SourceText, last: number): number {
  const end = text.tokens.ends[last]!;
  const next = last + 1;
  if (next >= text.tokens.count || text.text[end] !== '(' || text.tokens.starts[next] !== end + 1) return end;
  const close = text.tokens.ends[next]!;
  const span = text.spans[last]!;
  const inNode = text.spans[next] === span && close + 1 <= text.eligible[span * 2 + 1]!;
  return inNode && text.text[close] === ')' && /^\d[a-z]?$/i.test(text.tokens.words[next]!) ? close + 1 : end;
}

/** A target's title terms and their idf mass, computed once per target. */
interface TitleTerms {
  terms: ReadonlySet<number>;
  mass: number;
}

function titleOf(corpus: SiteCorpus, docNo: number): TitleTerms {
  const terms = new Set(corpus.titleTermIds(docNo) ?? []);
  let mass = 0;
  for (const id of terms) mass += corpus.idf(id);
  return { terms, mass };
}

function optionAt(
  corpus: SiteCorpus,
  text: SourceText,
  title: TitleTerms,
  inlineBlocks: ReadonlySet<number>,
  first: number,
  last: number,
  kind: PhraseKind | null,
  ambiguity: number,
  anchorUses: number,
): AnchorOption {
  const anchorTerms: number[] = [];
  for (let i = first; i <= last; i += 1) {
    const termId = text.termIds[i]!;
    if (text.stop[i] === 0 && termId !== -1 && !anchorTerms.includes(termId)) anchorTerms.push(termId);
  }
  let covered = 0;
  let idfSum = 0;
  for (const termId of anchorTerms) {
    const value = corpus.idf(termId);
    idfSum += value;
    if (title.terms.has(termId)) covered += value;
  }
  const rarest = corpus.idfOfFrequency(1, text.language);
  const nameLike = isNameLike(text, first, last);
  return {
    start: text.tokens.starts[first]!,
    end: withManSection(text, last),
    nameLike,
    features: {
      kind,
      titleCoverage: title.mass > 0 ? covered / title.mass : 0,
      specificity: anchorTerms.length > 0 ? Math.min(1, idfSum / anchorTerms.length / rarest) : 0,
      anchorWords: anchorTerms.length,
      ambiguity,
      anchorUses,
      position: text.tokens.count > 1 ? first / (text.tokens.count - 1) : 0,
      nearInlineMention: inlineBlocks.has(blockStart(text.text, text.tokens.starts[first]!)),
      nameLike,
      afterCue: followsCue(text, first),
      wholeBlock: isWholeBlock(text, first, last),
    },
  };
}

/** Words before the anchor where a cue counts ("see also the X", "read more about X"). */
const CUE_REACH = 3;

/** A cue word of the text's language (cue-words.ts) among the few words before token `first`, in its block. */
function followsCue(text: SourceText, first: number): boolean {
  for (let i = first - 1; i >= 0 && i >= first - CUE_REACH; i -= 1) {
    if (gapAfter(text, i) !== Gap.inBlock) return false;
    if (cueWordsOf(text.language).has(text.tokens.words[i]!)) return true;
  }
  return false;
}

/** Other words a block may hold beside a name and still be an item of a list of pages ("git-add(1) — add files"). */
const LIST_ITEM_EXTRA_WORDS = 2;

/** Tokens first..last are all of their block but a couple of words (looks at most that many words each side). */
function isWholeBlock(text: SourceText, first: number, last: number): boolean {
  let extra = 0;
  for (let i = first - 1; i >= 0; i -= 1) {
    const gap = gapAfter(text, i);
    if (gap === Gap.lineBreak) break;
    if (gap === Gap.unread || ++extra > LIST_ITEM_EXTRA_WORDS) return false;
  }
  for (let i = last; i + 1 < text.tokens.count; i += 1) {
    const gap = gapAfter(text, i);
    if (gap === Gap.lineBreak) break;
    if (gap === Gap.unread || ++extra > LIST_ITEM_EXTRA_WORDS) return false;
  }
  return true;
}

const enum Gap {
  inBlock,
  lineBreak,
  /** Longer than MAX_GAP: not read, and taken as neither. */
  unread,
}

/**
 * Longest run of characters between two words that these checks read: they cost a bounded amount per anchor on any
 * text, however long its paragraphs (a word run in prose is separated by a few spaces or punctuation marks).
 */
const MAX_GAP = 64;
const NEWLINE = 10;

/** What lies between token i and token i + 1. */
function gapAfter(text: SourceText, i: number): Gap {
  const from = text.tokens.ends[i]!;
  const to = text.tokens.starts[i + 1]!;
  if (to - from > MAX_GAP) return text.text.charCodeAt(from) === NEWLINE || text.text.charCodeAt(to - 1) === NEWLINE ? Gap.lineBreak : Gap.unread;
  for (let at = from; at < to; at += 1) if (text.text.charCodeAt(at) === NEWLINE) return Gap.lineBreak;
  return Gap.inBlock;
}

/** First positions of eligible content tokens by term id, so each target's words are found without rescanning. */
function eligiblePositions(corpus: SiteCorpus, text: SourceText): Map<number, number[]> {
  const positions = new Map<number, number[]>();
  for (let i = 0; i < text.tokens.count; i += 1) {
    const termId = text.termIds[i]!;
    if (text.spans[i] === -1 || text.stop[i] === 1 || termId === -1) continue;
    // A term no page counts (a number, a word only some phrase has) can be no page's anchor word.
    if (corpus.terms.documentFrequency(termId) === 0) continue;
    const list = positions.get(termId);
    if (list === undefined) positions.set(termId, [i]);
    else if (list.length < POSITIONS_PER_TERM) list.push(i);
  }
  return positions;
}

/**
 * Runs of a target's words (title and strongest terms, or the specific words it shares with the source) in the
 * eligible text: anchors for a page the text does not name by a known phrase. Best runs first (by the idf of the
 * words covered), at most RUN_OPTIONS.
 */
function vocabularyRuns(search: AnchorSearch, vocabulary: readonly Int32Array[]): { first: number; last: number }[] {
  const { corpus, text, positions } = search;
  const marks = search.vocabulary;
  marks.reset(vocabulary);
  let startCount = 0;
  for (const list of vocabulary) for (const termId of list) startCount += positions.get(termId)?.length ?? 0;
  if (startCount === 0) return [];
  const starts = new Int32Array(startCount);
  startCount = 0;
  for (const list of vocabulary) {
    for (const termId of list) {
      const found = positions.get(termId);
      if (found !== undefined) for (const position of found) starts[startCount++] = position;
    }
  }
  starts.sort();

  const runs: WordRun[] = [];
  const covered = new Int32Array(MAX_VOCABULARY_RUN);
  let coveredUntil = -1;
  for (const first of starts) {
    // A start inside the previous run only gives a weaker suffix of it.
    if (first <= coveredUntil) continue;
    const span = text.spans[first]!;
    if (span === -1) continue;
    let coveredCount = 0;
    let weight = 0;
    let end = -1;
    for (let last = first; last < text.tokens.count && last - first < MAX_VOCABULARY_RUN; last += 1) {
      const termId = text.termIds[last]!;
      const stop = text.stop[last] === 1;
      if (!stop && !marks.has(termId)) break;
      // One text node, joined by single spaces or hyphens (isAnchorRun, checked one more token at a time).
      if (last > first && (text.spans[last] !== span || text.tokens.joined[last] === 0)) break;
      if (stop) continue;
      let seen = false;
      for (let c = 0; c < coveredCount; c += 1) seen ||= covered[c] === termId;
      if (!seen) {
        covered[coveredCount++] = termId;
        weight += corpus.idf(termId);
      }
      end = last;
    }
    if (end === -1) continue;
    coveredUntil = end;
    keepBestRun(runs, { first, last: end, weight });
  }
  return runs;
}

interface WordRun {
  first: number;
  last: number;
  weight: number;
}

/** Inserts a run into the best RUN_OPTIONS so far (heaviest first, then earliest), without sorting them all. */
function keepBestRun(runs: WordRun[], run: WordRun): void {
  let at = runs.length;
  while (at > 0 && (runs[at - 1]!.weight < run.weight || (runs[at - 1]!.weight === run.weight && runs[at - 1]!.first > run.first))) {
    at -= 1;
  }
  if (at >= RUN_OPTIONS) return;
  runs.splice(at, 0, run);
  if (runs.length > RUN_OPTIONS) runs.length = RUN_OPTIONS;
}

const EMPTY = new Int32Array(0);

/** The options whose text the request allows, in their order (all of them when it sets no rule). */
export function allowedAnchors(options: AnchorOption[], text: SourceText, request: Pick<GenerateRequest, 'isAnchorAllowed'>): AnchorOption[] {
  const allowed = request.isAnchorAllowed;
  return allowed ? options.filter((option) => allowed(text.text.slice(option.start, option.end))) : options;
}
