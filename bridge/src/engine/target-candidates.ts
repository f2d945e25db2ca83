import type { TargetCandidate } from './anchor-options.js';
import { findMentions, KIND_STRENGTH } from './phrase-mentions.js';
import type { PhraseKind } from './phrase-index.js';
import { linkedDocuments, type CorpusDocument, type SiteCorpus } from './site-corpus.js';
import { similarTargets } from './similar-pages.js';
import type { SourceText } from './source-text.js';
import type { GenerateRequest } from './types.js';

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
  // Similarity looked up once per target, not twice per comparison: a large site's source names hundreds of pages.
  const targets = Array.from(new Set<number>([...mentions.keys(), ...similarity.top]), (docNo) => ({
    docNo,
    similarity: similarity.byDoc.get(docNo) ?? 0,
  })).sort((a, b) => b.similarity - a.similarity || a.docNo - b.docNo);
  const bestSimilarity = Math.max(1e-9, targets[0]?.similarity ?? 0);

  return targets.map(({ docNo, similarity: targetSimilarity }, rank) => {
    const found = mentions.get(docNo) ?? [];
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
        inlineMentions: found.filter((m) => !m.eligible && inProseBlock(text, m.first)).length,
        inboundLinks: corpus.inboundLinks(docNo),
        namedTargets: mentions.size,
        sourceLinks: linked.size,
      },
    };
  });
}

/**
 * Whether the token is in a block (text between line breaks) that also holds text where anchors may go: inline code
 * in a paragraph, rather than a code block or a heading.
 */
function inProseBlock(text: SourceText, token: number): boolean {
  const start = text.tokens.starts[token]!;
  const blockStart = text.text.lastIndexOf('\n', start) + 1;
  let blockEnd = text.text.indexOf('\n', start);
  if (blockEnd === -1) blockEnd = text.text.length;
  const { eligible } = text;
  // The first eligible span ending after the block starts (spans are sorted and disjoint).
  let low = 0;
  let high = eligible.length / 2;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (eligible[mid * 2 + 1]! <= blockStart) low = mid + 1;
    else high = mid;
  }
  return low < eligible.length / 2 && eligible[low * 2]! < blockEnd;
}
