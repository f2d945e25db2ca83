/**
 * The engine in this process, fed the way the bridge feeds it (same analysis, same links, same sync batches), so the
 * feature dump sees the candidates and features the bridge scores: SiteCorpus.indexBatch, as
 * indexing/project-indexes.ts's `apply` calls it for a fresh project, without SQLite.
 */
import { analyzePage } from '../../../bridge/src/engine/page-analysis.js';
import { SiteCorpus, type CorpusDocument } from '../../../bridge/src/engine/site-corpus.js';
import { readSourceText, type SourceText } from '../../../bridge/src/engine/source-text.js';
import { stemmerFor } from '../../../bridge/src/engine/stemmer.js';
import type { GenerateRequest, IndexedPage } from '../../../bridge/src/engine/types.js';
import { isOnSite, normalizePageUrl, resolveHref } from '../../../bridge/src/lib/url.js';

export interface SyncPage {
  url: string;
  title: string;
  content: string;
}

export class InProcessSite {
  readonly corpus = new SiteCorpus();
  private readonly pages = new Map<string, { document: CorpusDocument; text: string; eligible: number[]; wordTermIds: Int32Array }>();

  /** `language`: the BCP 47 tag every page of the site is synced with (English when absent), as the plugin sends it. */
  constructor(
    private readonly domain: string,
    private readonly language?: string,
  ) {}

  /** One sync batch; the page id is the normalised URL. */
  sync(batch: readonly SyncPage[]): void {
    const indexed: IndexedPage[] = batch.map((page) => {
      const url = normalizePageUrl(page.url)!;
      const analysis = analyzePage({ url, title: page.title, html: page.content, language: this.language });
      const linked = new Set<string>();
      for (const link of analysis.links) {
        const target = resolveHref(link.href, url);
        if (target && isOnSite(target, this.domain)) linked.add(target);
      }
      return { pageId: url, url, title: page.title, statusCode: 200, analysis, linkedUrls: [...linked], language: this.language };
    });
    for (const { page, document, prepared } of this.corpus.indexBatch(indexed)) {
      this.pages.set(page.url, { document, text: page.analysis.text, eligible: page.analysis.eligible, wordTermIds: prepared.wordTermIds });
    }
  }

  /** What suggestLinks and findTargets take for one source page, as the bridge's benchmark requests build it. */
  source(url: string, limit: number): { document: CorpusDocument; text: SourceText; request: GenerateRequest } {
    const key = normalizePageUrl(url)!;
    const page = this.pages.get(key);
    if (page === undefined) throw new Error(`not synced: ${url}`);
    return {
      document: page.document,
      text: readSourceText(page, this.corpus, stemmerFor(this.language)),
      request: {
        projectId: 'in-process',
        sourcePageId: key,
        limit,
        minRelevanceScore: 0,
        excludedTargetIds: new Set([key]),
        isTargetUrlAllowed: () => true,
      },
    };
  }
}
