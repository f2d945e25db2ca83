import { IMPACT_UNIT, termFrequencyPart } from './bm25.js';
import { MAX_PHRASE_WORDS } from './keyphrases.js';
import { PhraseIndex, PhraseKind } from './phrase-index.js';
import type { SuggestionFeatures } from './relevance.js';
import { linkedDocuments, type CorpusDocument, type SiteCorpus } from './site-corpus.js';
import { isAnchorRun, type SourceText } from './source-text.js';
import type { GenerateRequest } from './types.js';

/** Terms of the source that form the "more like this" query. */
export const QUERY_TERMS = 30;
/** Topically similar pages considered as targets, beside those named in the text. */
const SIMILAR_CANDIDATES = 60;
/** A phrase naming more pages than this says nothing about which one is meant. */
const MAX_AMBIGUITY = 4;
/** Anchor options kept per target, so a target whose best anchor is taken can use another. */
const OPTIONS_PER_TARGET = 4;
/** Longest anchor built from a target's vocabulary, in words. */
const MAX_VOCABULARY_RUN = 4;

/** One place in the source where a link to the target could go, with what is known about it. */
export interface AnchorOption {
  start: number;
  end: number;
  features: SuggestionFeatures;
}

export interface TargetCandidate {
  docNo: number;
  options: AnchorOption[];
}

interface Mention {
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
 * Targets worth suggesting from one source page and every anchor each could take: pages named in the text (titles,
 * headings, n-grams and anchor texts of existing links, matched anywhere, even in code, as evidence) and pages
 * similar by BM25 "more like this". Anchors are eligible runs only. Pure.
 */
export function collectCandidates(corpus: SiteCorpus, source: CorpusDocument, text: SourceText, request: GenerateRequest): TargetCandidate[] {
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
  const targets = new Set<number>([...mentions.keys(), ...similarity.top]);
  const positions = eligiblePositions(text);

  const candidates: TargetCandidate[] = [];
  for (const docNo of targets) {
    const found = mentions.get(docNo) ?? [];
    const evidence = found.reduce<PhraseKind | null>(
      (best, m) => (best === null || KIND_STRENGTH[m.kind] > KIND_STRENGTH[best] ? m.kind : best),
      null,
    );
    const context = {
      similarity: similarity.byDoc.get(docNo) ?? 0,
      evidence,
      mentions: found.length,
      inboundLinks: corpus.inboundLinks(docNo),
    };
    const options: AnchorOption[] = [];
    for (const mention of found) {
      if (!mention.eligible) continue;
      options.push(option(corpus, text, docNo, mention.first, mention.last, mention.kind, mention.ambiguity, mention.anchorUses, context));
    }
    for (const run of vocabularyRuns(corpus, text, docNo, positions)) {
      if (options.some((o) => o.start === text.tokens.starts[run.first] && o.end === text.tokens.ends[run.last])) continue;
      options.push(option(corpus, text, docNo, run.first, run.last, null, 1, 0, context));
    }
    if (options.length > 0) candidates.push({ docNo, options });
  }
  return candidates;
}

function option(
  corpus: SiteCorpus,
  text: SourceText,
  docNo: number,
  first: number,
  last: number,
  kind: PhraseKind | null,
  ambiguity: number,
  anchorUses: number,
  context: { similarity: number; evidence: PhraseKind | null; mentions: number; inboundLinks: number },
): AnchorOption {
  const title = corpus.titleTermIds(docNo) ?? new Int32Array(0);
  const anchorTerms = new Set<number>();
  for (let i = first; i <= last; i += 1) {
    if (text.stop[i] === 0 && text.termIds[i] !== -1) anchorTerms.add(text.termIds[i]!);
  }
  let titleMass = 0;
  for (const id of new Set(title)) titleMass += corpus.idf(id);
  let covered = 0;
  let idfSum = 0;
  for (const termId of anchorTerms) {
    const value = corpus.idf(termId);
    idfSum += value;
    if (title.includes(termId)) covered += value;
  }
  const rarest = corpus.idfOfFrequency(1);
  return {
    start: text.tokens.starts[first]!,
    end: text.tokens.ends[last]!,
    features: {
      similarity: context.similarity,
      evidence: context.evidence,
      mentions: context.mentions,
      kind,
      titleCoverage: titleMass > 0 ? covered / titleMass : 0,
      specificity: anchorTerms.size > 0 ? Math.min(1, idfSum / anchorTerms.size / rarest) : 0,
      anchorWords: anchorTerms.size,
      ambiguity,
      anchorUses,
      inboundLinks: context.inboundLinks,
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

/** Positions of eligible content tokens by term id, so each target's words are found without rescanning the text. */
function eligiblePositions(text: SourceText): Map<number, number[]> {
  const positions = new Map<number, number[]>();
  for (let i = 0; i < text.tokens.count; i += 1) {
    const termId = text.termIds[i]!;
    if (text.spans[i] === -1 || text.stop[i] === 1 || termId === -1) continue;
    const list = positions.get(termId);
    if (list === undefined) positions.set(termId, [i]);
    else list.push(i);
  }
  return positions;
}

/**
 * Runs of the target's own words (title and strongest terms) in the eligible text: anchors for a page the text
 * does not name by a known phrase. Best runs first (by the idf of the words covered), at most OPTIONS_PER_TARGET.
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
  return runs.sort((a, b) => b.weight - a.weight || a.first - b.first).slice(0, OPTIONS_PER_TARGET);
}
