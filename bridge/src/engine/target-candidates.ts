import type { TargetCandidate } from './anchor-options.js';
import { findMentions, KIND_STRENGTH, mentionsOf, type Mention } from './phrase-mentions.js';
import type { PhraseKind } from './phrase-index.js';
import { forEachOutlink, linkedDocuments, type CorpusDocument, type SiteCorpus } from './site-corpus.js';
import { similarityPlace, similarTargets } from './similar-pages.js';
import { SourceTerms, TargetTerms } from './term-cosine.js';
import { blockEnd, blockStart, type SourceText } from './source-text.js';
import type { GenerateRequest } from './types.js';

/**
 * Pages worth suggesting from one source page: pages named in the text (titles, headings, n-grams and anchor texts
 * of existing links, matched anywhere, even in code, as evidence) and pages similar by BM25 "more like this",
 * without those the request excludes. Pure.
 */
export function findTargets(corpus: SiteCorpus, source: CorpusDocument, text: SourceText, request: GenerateRequest): TargetCandidate[] {
  const view = forwardView(corpus, source, request);
  const mentions = findMentions(corpus, text, view.accept, view.withdrawnAnchors);
  const similarity = similarTargets(corpus, source, view.accept, [...mentions.keys()]);
  // Similarity looked up once per target, not twice per comparison: a large site's source names hundreds of pages.
  const targets = Array.from(new Set<number>([...mentions.keys(), ...similarity.top]), (docNo) => ({
    docNo,
    similarity: similarity.byDoc.get(docNo) ?? 0,
  })).sort((a, b) => b.similarity - a.similarity || a.docNo - b.docNo);
  const bestSimilarity = Math.max(1e-9, targets[0]?.similarity ?? 0);
  const sourceTerms = new SourceTerms(corpus, source);
  const languagePages = corpus.documentCountOf(source.language);
  return targets.map(({ docNo, similarity: targetSimilarity }, rank) =>
    candidateOf(corpus, text, view, docNo, mentions.get(docNo) ?? [], mentions.size, {
      similarity: targetSimilarity,
      rank,
      best: bestSimilarity,
      termCosine: sourceTerms.cosineWith(docNo),
      languagePages,
    }),
  );
}

/**
 * The one candidate `findTargets` would return for `targetDocNo`, or undefined when it returns none: the same
 * features, computed for that target only. Inbound generation scores one target per source, so it skips building
 * and sorting the source's other candidates (hundreds at 100,000 pages) and counts those ranked above the target.
 */
export function findTarget(
  corpus: SiteCorpus,
  source: CorpusDocument,
  text: SourceText,
  request: GenerateRequest,
  targetDocNo: number,
): TargetCandidate | undefined {
  return findTargetFromEach(corpus, [{ source, text, request }], targetDocNo)[0];
}

/** A source page as forward generation reads it: the page, its text, and the request it generates under. */
export interface ForwardSource {
  source: CorpusDocument;
  text: SourceText;
  request: GenerateRequest;
}

/**
 * `findTarget` for each of several sources of one target, computed step by step over all the sources rather than
 * source by source: the "more like this" of every source, then every pass through the phrase trie. The sources of a
 * target share its topic, so one step reads much the same posting lists and trie nodes for each, and they are still
 * in the cache when the next source needs them; interleaved, each step found them evicted by the other (at 100,000
 * pages the trie's arrays and the postings read are tens of MB). Same candidates, in the order of `sources`.
 */
export function findTargetFromEach(
  corpus: SiteCorpus,
  sources: readonly ForwardSource[],
  targetDocNo: number,
): (TargetCandidate | undefined)[] {
  const views = sources.map(({ source, request }) => forwardView(corpus, source, request));
  const accepted = views.map((view) => view.accept(targetDocNo));
  const places = sources.map(({ source }, i) => (accepted[i] ? similarityPlace(corpus, source, views[i]!.accept, targetDocNo) : null));
  const found = sources.map(({ text }, i) =>
    accepted[i] ? mentionsOf(corpus, text, views[i]!.accept, views[i]!.withdrawnAnchors, targetDocNo) : null,
  );
  const targetTerms = new TargetTerms(corpus, targetDocNo);
  const languagePages = corpus.documentCountOf(corpus.languageOf(targetDocNo));
  return sources.map(({ source, text }, i) => {
    const view = views[i]!;
    const place = places[i]!;
    const { mentions, named } = found[i] ?? { mentions: [], named: new Set<number>() };
    if (!accepted[i]) return undefined;
    // Most often the target ranks among the similar pages kept, and counting the pages scoring as much places it.
    if (place !== null) {
      const termCosine = targetTerms.cosineWith(source);
      const best = Math.max(1e-9, place.best);
      return candidateOf(corpus, text, view, targetDocNo, mentions, named.size, { ...place, best, termCosine, languagePages });
    }
    const similarity = similarTargets(corpus, source, view.accept, [...named]);
    if (mentions.length === 0 && !similarity.top.includes(targetDocNo)) return undefined;
    // findTargets' candidates are the named pages and the similar ones, in order of similarity, then document number.
    const targetSimilarity = similarity.byDoc.get(targetDocNo) ?? 0;
    let rank = 0;
    let best = 0;
    const count = (docNo: number): void => {
      const docSimilarity = similarity.byDoc.get(docNo) ?? 0;
      best = Math.max(best, docSimilarity);
      if (docSimilarity > targetSimilarity || (docSimilarity === targetSimilarity && docNo < targetDocNo)) rank += 1;
    };
    named.forEach(count);
    for (const docNo of similarity.top) if (!named.has(docNo)) count(docNo);
    return candidateOf(corpus, text, view, targetDocNo, mentions, named.size, {
      similarity: targetSimilarity,
      rank,
      best: Math.max(1e-9, best),
      termCosine: targetTerms.cosineWith(source),
      languagePages,
    });
  });
}

/** The targets forward generation from the source may suggest, and what it reads the source as. */
interface ForwardView {
  accept: (docNo: number) => boolean;
  ownLinks: ReadonlySet<number>;
  linked: ReadonlySet<number>;
  unlinked: boolean;
  withdrawnAnchors: ReadonlyMap<number, ReadonlySet<string>> | null;
  siteLinksPerPage: number;
}

function forwardView(corpus: SiteCorpus, source: CorpusDocument, request: GenerateRequest): ForwardView {
  const ownLinks = linkedDocuments(source);
  const unlinked = request.asIfUnlinked === true;
  const linked = unlinked ? new Set<number>() : ownLinks;
  const verdicts = new Map<number, boolean>();
  const accept = (docNo: number): boolean => {
    let verdict = verdicts.get(docNo);
    if (verdict === undefined) {
      verdict =
        docNo !== source.docNo &&
        corpus.isTarget(docNo) &&
        // A suggestion never crosses languages: a German page is linked from German pages only.
        corpus.languageOf(docNo) === source.language &&
        !linked.has(docNo) &&
        !request.excludedTargetIds.has(corpus.pageIdOf(docNo)!) &&
        request.isTargetUrlAllowed(corpus.urlOf(docNo));
      verdicts.set(docNo, verdict);
    }
    return verdict;
  };
  const siteLinksPerPage = unlinked
    ? Math.max(0, corpus.linksPerPage - ownLinks.size / Math.max(1, corpus.documentCount))
    : corpus.linksPerPage;
  return { accept, ownLinks, linked, unlinked, withdrawnAnchors: unlinked ? ownAnchorPhrases(source) : null, siteLinksPerPage };
}

/** A target's features from its mentions, its place by similarity among the source's candidates and its cosine. */
function candidateOf(
  corpus: SiteCorpus,
  text: SourceText,
  view: ForwardView,
  docNo: number,
  found: Mention[],
  namedTargets: number,
  place: { similarity: number; rank: number; best: number; termCosine: number; languagePages: number },
): TargetCandidate {
  let inlineMentions = 0;
  let wholeInlineMentions = 0;
  for (const mention of found) {
    const shape = inlineShape(text, mention);
    if (shape !== InlineShape.none) inlineMentions += 1;
    if (shape === InlineShape.whole) wholeInlineMentions += 1;
  }
  return {
    docNo,
    mentions: found,
    features: {
      similarity: place.similarity,
      similarityRank: place.rank,
      relativeSimilarity: place.similarity / place.best,
      evidence: found.reduce<PhraseKind | null>(
        (best, m) => (best === null || KIND_STRENGTH[m.kind] > KIND_STRENGTH[best] ? m.kind : best),
        null,
      ),
      mentions: found.length,
      inlineMentions,
      wholeInlineMentions,
      inboundLinks: corpus.inboundLinks(docNo) - (view.unlinked && view.ownLinks.has(docNo) ? 1 : 0),
      namedTargets,
      sourceLinks: view.linked.size,
      siteLinksPerPage: view.siteLinksPerPage,
      termCosine: place.termCosine,
      languagePages: place.languagePages,
    },
  };
}

/** The anchor phrases of the source's own links, by target, as findMentions compares them. */
function ownAnchorPhrases(source: CorpusDocument): Map<number, Set<string>> {
  const phrases = new Map<number, Set<string>>();
  forEachOutlink(source.outlinks, (target, anchor) => {
    if (anchor.length === 0) return;
    const set = phrases.get(target) ?? new Set<string>();
    set.add(anchor.join(','));
    phrases.set(target, set);
  });
  return phrases;
}

const enum InlineShape {
  /** In eligible text, or outside prose (a code block, a heading). */
  none,
  /** Inside text of a paragraph where no anchor may go (inline code, mostly), with other words around it there. */
  part,
  /** The whole of such a passage, give or take punctuation: `json.dumps()`, a reference to the page by name. */
  whole,
}

const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/** How a mention sits in its block (text between line breaks), from the eligible spans around it. */
function inlineShape(text: SourceText, mention: Mention): InlineShape {
  if (mention.eligible) return InlineShape.none;
  const start = text.tokens.starts[mention.first]!;
  const end = text.tokens.ends[mention.last]!;
  const blockFirst = blockStart(text.text, start);
  const blockLast = blockEnd(text.text, start);
  const { eligible } = text;
  const spans = eligible.length / 2;
  const firstEndingAfter = (offset: number): number => {
    let low = 0;
    let high = spans;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (eligible[mid * 2 + 1]! <= offset) low = mid + 1;
      else high = mid;
    }
    return low;
  };
  // Prose: the block holds eligible text (spans are sorted and disjoint).
  const inBlock = firstEndingAfter(blockFirst);
  if (inBlock >= spans || eligible[inBlock * 2]! >= blockLast) return InlineShape.none;
  const next = firstEndingAfter(start);
  if (next < spans && eligible[next * 2]! < end) return InlineShape.part;
  const gapStart = next > 0 && eligible[(next - 1) * 2 + 1]! > blockFirst ? eligible[(next - 1) * 2 + 1]! : blockFirst;
  const gapEnd = next < spans && eligible[next * 2]! < blockLast ? eligible[next * 2]! : blockLast;
  const alone = !WORD_CHARACTER.test(text.text.slice(gapStart, start)) && !WORD_CHARACTER.test(text.text.slice(end, gapEnd));
  return alone ? InlineShape.whole : InlineShape.part;
}
