import { analyzePage } from '../../bridge/src/engine/page-analysis.js';
import { SiteCorpus, type CorpusDocument } from '../../bridge/src/engine/site-corpus.js';
import { readSourceText, type SourceText } from '../../bridge/src/engine/source-text.js';
import { stemmerFor } from '../../bridge/src/engine/stemmer.js';
import type { IndexedPage } from '../../bridge/src/engine/types.js';

export const SITE = 'https://docs.example';

export interface SitePage {
  path: string;
  title: string;
  html: string;
  /** Paths the page links to. */
  links?: string[];
  /** BCP 47 tag; English when absent. */
  language?: string;
}

export interface InMemorySite {
  corpus: SiteCorpus;
  /** By page id (the page's path). */
  documents: Map<string, CorpusDocument>;
  pages: IndexedPage[];
  /** Each page's text as a generation reads it (with the word term ids its sync stores). */
  texts: Map<string, SourceText>;
}

/** Indexes pages in memory as one sync batch; no database. */
export function indexSite(sitePages: readonly SitePage[]): InMemorySite {
  const corpus = new SiteCorpus();
  const pages: IndexedPage[] = sitePages.map((page) => {
    const url = `${SITE}${page.path}`;
    const analysis = analyzePage({ url, title: page.title, html: page.html, language: page.language });
    const linkedUrls = (page.links ?? []).map((path) => `${SITE}${path}`);
    return { pageId: page.path, url, title: page.title, statusCode: 200, analysis, linkedUrls, language: page.language };
  });
  const indexed = corpus.indexBatch(pages);
  const documents = new Map<string, CorpusDocument>(indexed.map(({ document }) => [document.pageId, document]));
  const texts = new Map(
    indexed.map(({ page, prepared }) => {
      const { text, eligible } = page.analysis;
      const stem = stemmerFor(page.language);
      return [page.pageId, readSourceText({ text, eligible, wordTermIds: prepared.wordTermIds }, corpus, stem)];
    }),
  );
  return { corpus, documents, pages, texts };
}
