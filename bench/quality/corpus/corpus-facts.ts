/** What a corpus holds, for the console and the report: how many pages, links, and how many pairs prose can earn. */
import type { Corpus } from './types.js';

export interface CorpusFacts {
  package: string;
  domain: string;
  pages: number;
  pagesWithLinks: number;
  links: number;
  /** Distinct (page, target) pairs the authors linked. */
  linkedPairs: number;
  /** … of which at least one link's text is not inline code, so an anchor in prose can earn it. */
  linkedPairsWithProseAnchor: number;
  proseShare: number;
}

export function corpusFacts(corpus: Corpus): CorpusFacts {
  const distinctPairs = (keep: (inCode: boolean) => boolean): number =>
    corpus.pages.reduce((sum, page) => sum + new Set(page.links.filter((link) => keep(link.inCode)).map((link) => link.targetUrl)).size, 0);
  const linkedPairs = distinctPairs(() => true);
  const linkedPairsWithProseAnchor = distinctPairs((inCode) => !inCode);
  return {
    package: `${corpus.packageName} ${corpus.packageVersion}`,
    domain: corpus.domain,
    pages: corpus.pages.length,
    pagesWithLinks: corpus.pages.filter((page) => page.links.length > 0).length,
    links: corpus.pages.reduce((sum, page) => sum + page.links.length, 0),
    linkedPairs,
    linkedPairsWithProseAnchor,
    proseShare: linkedPairs === 0 ? 0 : linkedPairsWithProseAnchor / linkedPairs,
  };
}
