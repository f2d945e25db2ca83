/**
 * The two baselines turned round, for "which pages should link to this one": every other page ranked by TF-IDF cosine
 * with the target (the forward baseline's vectors; cosine is symmetric), or by the largest number of the target's
 * title words one sentence of the page's linkable text holds (Link Whisper's title-word matching, from the source's
 * side). Neither ranks a page that already links to the target.
 */
import { TfidfCosineBaseline } from '../baselines/tfidf-cosine.js';
import { contentWords, stem } from '../baselines/words.js';
import type { BaselinePage } from '../baselines/types.js';

const SENTENCE_END = /(?<=[.!?])\s+/;

export interface InboundBaseline {
  name: string;
  /** Source URLs for the page at `targetIndex`, best first. */
  rank: (targetIndex: number, limit: number) => string[];
}

export function inboundBaselines(pages: readonly BaselinePage[]): InboundBaseline[] {
  const linksTo = (sourceIndex: number, targetIndex: number): boolean => pages[sourceIndex]!.text.linkedUrls.has(pages[targetIndex]!.url);
  const index = new Map(pages.map((page, i) => [page.url, i]));

  const tfidf = new TfidfCosineBaseline(pages);
  const bySimilarity = (targetIndex: number, limit: number): string[] =>
    // Every page similar to the target, from the target's side: the page it would not link itself is still a source.
    tfidf
      .rank(targetIndex, pages.length)
      .map((ranked) => ranked.targetUrl)
      .filter((url) => !linksTo(index.get(url)!, targetIndex))
      .slice(0, limit);

  const titles = pages.map((page) => [...new Set(contentWords(page.title).map(stem))]);
  const sentences = pages.map((page) =>
    page.text.anchorPassages
      .flatMap((passage) => passage.split(SENTENCE_END))
      .map((sentence) => new Set(contentWords(sentence).map(stem)))
      .filter((stems) => stems.size > 0),
  );
  const byTitleWords = (targetIndex: number, limit: number): string[] => {
    const title = titles[targetIndex]!;
    if (title.length === 0) return [];
    const matches: { url: string; shared: number }[] = [];
    pages.forEach((page, sourceIndex) => {
      if (sourceIndex === targetIndex || linksTo(sourceIndex, targetIndex)) return;
      let shared = 0;
      for (const sentence of sentences[sourceIndex]!) {
        let count = 0;
        for (const word of title) if (sentence.has(word)) count += 1;
        shared = Math.max(shared, count);
      }
      if (shared > 0) matches.push({ url: page.url, shared });
    });
    return matches
      .sort((a, b) => b.shared - a.shared || a.url.localeCompare(b.url))
      .slice(0, limit)
      .map((match) => match.url);
  };

  return [
    { name: 'tf-idf cosine', rank: bySimilarity },
    { name: 'title words of the target', rank: byTitleWords },
  ];
}
