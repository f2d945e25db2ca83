import { IMPACT_UNIT, termFrequencyPart } from './bm25.js';
import { MAX_PHRASE_WORDS } from './keyphrases.js';
import { PhraseIndex, PhraseKind } from './phrase-index.js';
import type { AnchorFeatures, TargetFeatures } from './relevance.js';
import { linkedDocuments, type CorpusDocument, type SiteCorpus } from './site-corpus.js';
import { isAnchorRun, type SourceText } from './source-text.js';
import type { GenerateRequest } from './types.js';

/** Terms of the source that form the "more like this" query. */
export const QUERY_TERMS = 60;
/** Topically similar pages considered as targets, beside those named in the text. */
const SIMILAR_CANDIDATES = 80;
/** A phrase naming more pages than this says nothing about which one is meant. */
const MAX_AMBIGUITY = 4;
/** Anchor options kept per target (named mentions, then word runs), so a target whose best anchor is taken can use another. */
const MENTION_OPTIONS = 2;
const RUN_OPTIONS = 2;
/** Occurrences of a word tried as anchor starts: the first mentions are where editors link. */
const POSITIONS_PER_TERM = 6;
/** Longest anchor built from a target's vocabulary, in words. */
const MAX_VOCABULARY_RUN = 4;

/** One place in the source where a link to the target could go. */
export interface AnchorOption {
  start: number;
  end: number;
  features: AnchorFeatures;
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
}

export interface Mention {
  first: number;
  last: number;
  kind: PhraseKind;
  ambiguity: number;
  anchorUses: number;
  eligible: boolean;
}

/** Kinds in order of how surely they name a page; the best one found anywhere in the source is evidence. */
const KIND_STRENGTH: Record<PhraseKind, number> = {
  [PhraseKind.title]: 5,
  [PhraseKind.anchor]: 4,
  [PhraseKind.titlePart]: 3,
  [PhraseKind.heading]: 2,
  [PhraseKind.ngram]: 1,
};

/**
 * Pages worth suggesting from one source page: pages named in the text (titles, headings, n-grams and anchor texts
 * of existing links, matched anywhere, even in code, as evidence) and pages similar by BM25 "more like this",
 * without those the request excludes. Pure.
 */
export function findTargets(corpus: SiteCorpus, source: CorpusDocument, text: SourceText, request: GenerateRequest): TargetCandidate[] {
  const linked = linkedDocuments(source);
  const verdicts = new Map<number, boolean>();
  const accept = (docNo: number): boolean => {
    let verdict = verdicts.get(docNo);
    if (verdict === undefined) {
      verdict =
        docNo !== source.docNo &&
        corpus.isTarget(docNo) &&
        !linked.has(docNo) &&
        !request.excludedTargetIds.has(corpus.pageIdOf(docNo)!) &&
        request.isTargetUrlAllowed(corpus.urlOf(docNo));
      verdicts.set(docNo, verdict);
    }
    return verdict;
  };

  const mentions = findMentions(corpus, text, accept);
  const similarity = similarTargets(corpus, source, accept, mentions);
  const targets = [...new Set<number>([...mentions.keys(), ...similarity.top])];
  targets.sort((a, b) => (similarity.byDoc.get(b) ?? 0) - (similarity.byDoc.get(a) ?? 0) || a - b);
  const bestSimilarity = Math.max(1e-9, similarity.byDoc.get(targets[0] ?? -1) ?? 0);

  return targets.map((docNo, rank) => {
    const found = mentions.get(docNo) ?? [];
    const targetSimilarity = similarity.byDoc.get(docNo) ?? 0;
    return {
      docNo,
      mentions: found,
      features: {
        similarity: targetSimilarity,
        similarityRank: rank,
        relativeSimilarity: targetSimilarity / bestSimilarity,
        evidence: found.reduce<PhraseKind | null>(
          (best, m) => (best === null || KIND_STRENGTH[m.kind] > KIND_STRENGTH[best] ? m.kind : best),
          null,
        ),
        mentions: found.length,
        inboundLinks: corpus.inboundLinks(docNo),
      },
    };
  });
}

export function anchorSearch(corpus: SiteCorpus, text: SourceText): AnchorSearch {
  return { corpus, text, positions: eligiblePositions(text) };
}

/** Where a link to the target could go, best first: its eligible mentions, then runs of its own words. */
export function anchorOptions(search: AnchorSearch, target: TargetCandidate): AnchorOption[] {
  const { corpus, text } = search;
  const title = titleOf(corpus, target.docNo);
  const options: AnchorOption[] = [];
  const spans = new Set<number>();
  const eligibleMentions = target.mentions
    .filter((mention) => mention.eligible)
    .sort((a, b) => KIND_STRENGTH[b.kind] - KIND_STRENGTH[a.kind] || a.first - b.first);
  for (const mention of eligibleMentions) {
    if (options.length >= MENTION_OPTIONS) break;
    if (spans.has(mention.first * 8 + mention.last - mention.first)) continue;
    spans.add(mention.first * 8 + mention.last - mention.first);
    options.push(option(corpus, text, title, mention.first, mention.last, mention.kind, mention.ambiguity, mention.anchorUses));
  }
  for (const run of vocabularyRuns(corpus, text, target.docNo, search.positions)) {
    if (spans.has(run.first * 8 + run.last - run.first)) continue;
    spans.add(run.first * 8 + run.last - run.first);
    options.push(option(corpus, text, title, run.first, run.last, null, 1, 0));
  }
  return options.sort((a, b) => anchorPreference(b.features) - anchorPreference(a.features) || a.start - b.start);
}

/** Editors link a page by its name: exact names first, then the fullest and most specific run of its words. */
function anchorPreference(features: AnchorFeatures): number {
  const named = features.kind === null ? 0 : KIND_STRENGTH[features.kind];
  return named * 10 + features.titleCoverage * 4 + features.specificity * 2 + Math.min(features.anchorWords, 4) * 0.25;
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

function option(
  corpus: SiteCorpus,
  text: SourceText,
  title: TitleTerms,
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
  const rarest = corpus.idfOfFrequency(1);
  return {
    start: text.tokens.starts[first]!,
    end: text.tokens.ends[last]!,
    features: {
      kind,
      titleCoverage: title.mass > 0 ? covered / title.mass : 0,
      specificity: anchorTerms.length > 0 ? Math.min(1, idfSum / anchorTerms.length / rarest) : 0,
      anchorWords: anchorTerms.length,
      ambiguity,
      anchorUses,
      position: text.tokens.count > 1 ? first / (text.tokens.count - 1) : 0,
    },
  };
}

/** Every mention of a phrase naming an acceptable target, anywhere in the text, grouped by target. */
function findMentions(corpus: SiteCorpus, text: SourceText, accept: (docNo: number) => boolean): Map<number, Mention[]> {
  const byTarget = new Map<number, Mention[]>();
  const { phrases } = corpus;
  for (let first = 0; first < text.tokens.count; first += 1) {
    if (text.stop[first] === 1 || text.termIds[first] === -1) continue;
    let node = PhraseIndex.root;
    for (let last = first; last < text.tokens.count && last - first < MAX_PHRASE_WORDS; last += 1) {
      if (last > first && text.tokens.joined[last] === 0) break;
      const termId = text.termIds[last]!;
      if (termId === -1) break;
      node = phrases.child(node, termId);
      if (node === -1) break;
      if (!phrases.hasEntries(node) || text.stop[last] === 1) continue;
      const ambiguity = phrases.distinctDocs(node);
      if (ambiguity > MAX_AMBIGUITY) continue;
      const eligible = isAnchorRun(text, first, last);
      for (const entry of phrases.entries(node)) {
        if (!accept(entry.docNo)) continue;
        const list = byTarget.get(entry.docNo) ?? [];
        list.push({ first, last, kind: entry.kind, ambiguity, anchorUses: entry.kind === PhraseKind.anchor ? entry.count : 0, eligible });
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

/** First positions of eligible content tokens by term id, so each target's words are found without rescanning. */
function eligiblePositions(text: SourceText): Map<number, number[]> {
  const positions = new Map<number, number[]>();
  for (let i = 0; i < text.tokens.count; i += 1) {
    const termId = text.termIds[i]!;
    if (text.spans[i] === -1 || text.stop[i] === 1 || termId === -1) continue;
    const list = positions.get(termId);
    if (list === undefined) positions.set(termId, [i]);
    else if (list.length < POSITIONS_PER_TERM) list.push(i);
  }
  return positions;
}

/**
 * Runs of the target's own words (title and strongest terms) in the eligible text: anchors for a page the text
 * does not name by a known phrase. Best runs first (by the idf of the words covered), at most RUN_OPTIONS.
 */
function vocabularyRuns(
  corpus: SiteCorpus,
  text: SourceText,
  docNo: number,
  positions: ReadonlyMap<number, number[]>,
): { first: number; last: number }[] {
  const vocabulary = new Set<number>([...(corpus.titleTermIds(docNo) ?? []), ...(corpus.keyTermIds(docNo) ?? [])]);
  const starts = new Set<number>();
  for (const termId of vocabulary) for (const position of positions.get(termId) ?? []) starts.add(position);
  const runs: { first: number; last: number; weight: number }[] = [];
  for (const first of starts) {
    const covered = new Set<number>();
    let best: { first: number; last: number; weight: number } | null = null;
    for (let last = first; last < text.tokens.count && last - first < MAX_VOCABULARY_RUN; last += 1) {
      const termId = text.termIds[last]!;
      if (text.stop[last] === 0 && !vocabulary.has(termId)) break;
      if (!isAnchorRun(text, first, last)) break;
      if (text.stop[last] === 1) continue;
      covered.add(termId);
      let weight = 0;
      for (const id of covered) weight += corpus.idf(id);
      best = { first, last, weight };
    }
    if (best !== null) runs.push(best);
  }
  return runs.sort((a, b) => b.weight - a.weight || a.first - b.first).slice(0, RUN_OPTIONS);
}
