import type { Db } from '../db/connection.js';
import type { IndexedPage, PageAnalysis } from '../engine/types.js';
import type { ListResult } from '../http/endpoint.js';
import type { PaginationQuery } from '../http/common-schemas.js';
import { NotFoundError } from '../http/errors.js';
import { toFieldIssues } from '../http/validate.js';
import type { Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import { isOnSite, normalizePageUrl, resolveHref } from '../lib/url.js';
import type { Project } from '../projects/projects.schemas.js';
import type { PageAnalyzer } from './page-analyzer.js';
import type { PageLink, PagesRepository } from './pages.repository.js';
import { syncPageInput, type PageDetail, type PageSummary, type SyncError, type SyncResult } from './pages.schemas.js';

/** Receives the pages of a sync inside its transaction (the search index). */
export interface SyncListener {
  applySync(projectId: string, pages: IndexedPage[]): void;
}

/** Pending suggestions that a sync makes stale: the page is now excluded, or no longer answers 2xx. */
export interface StaleSuggestions {
  removePendingOfPage(pageId: string): void;
  removePendingToPage(pageId: string): void;
}

/** A page that passed validation, before analysis. */
interface ValidPage {
  index: number;
  url: string;
  urlKey: string;
  title: string;
  content: string;
  statusCode: number;
  excluded: boolean;
}

interface PreparedPage extends ValidPage {
  analysis: PageAnalysis;
  links: PageLink[];
}

export class PagesService {
  constructor(
    private readonly db: Db,
    private readonly pages: PagesRepository,
    private readonly clock: Clock,
    private readonly analyzer: PageAnalyzer,
    private readonly listener: SyncListener,
    private readonly staleSuggestions: StaleSuggestions,
  ) {}

  /**
   * Batch sync (contract §3): each page is validated on its own; valid pages are upserted by normalised URL, their
   * links replaced and the index updated, all in one transaction so that a crash leaves the batch all or nothing.
   * Analysis (the costly part) runs first, off the transaction and possibly on other threads; batches synced at the
   * same time each keep their own transaction.
   */
  async syncBatch(project: Project, items: unknown[]): Promise<SyncResult> {
    const errors: SyncError[] = [];
    const valid: ValidPage[] = [];
    items.forEach((item, index) => {
      const outcome = this.validate(project, item, index);
      if ('code' in outcome) errors.push(outcome);
      else valid.push(outcome);
    });
    const analyses = await this.analyzer.analyzeAll(valid.map((page) => ({ url: page.urlKey, title: page.title, html: page.content })));
    const prepared = valid.map((page, i) => withLinks(project, page, analyses[i]!));

    const syncedAt = this.clock.now().toISOString();
    const stored = this.db.transaction(() => {
      const indexed: IndexedPage[] = [];
      const result: SyncResult['pages'] = [];
      for (const page of prepared) {
        const id = this.pages.upsert({
          newId: newId('pg'),
          projectId: project.id,
          url: page.url,
          urlKey: page.urlKey,
          title: page.title,
          content: page.content,
          statusCode: page.statusCode,
          path: new URL(page.urlKey).pathname,
          excluded: page.excluded,
          syncedAt,
        });
        this.pages.replaceLinks(id, project.id, page.links);
        if (page.excluded) this.staleSuggestions.removePendingOfPage(id);
        else if (page.statusCode < 200 || page.statusCode > 299) this.staleSuggestions.removePendingToPage(id);
        indexed.push({
          pageId: id,
          url: page.urlKey,
          title: page.title,
          statusCode: page.statusCode,
          analysis: page.analysis,
          linkedUrls: [...new Set(page.links.map((link) => link.targetKey))],
        });
        result.push({ index: page.index, id, url: page.urlKey });
      }
      this.listener.applySync(project.id, indexed);
      return result;
    })();

    return { synced: stored.length, failed: errors.length, errors, pages: stored };
  }

  private validate(project: Project, item: unknown, index: number): ValidPage | SyncError {
    const rawUrl = typeof item === 'object' && item !== null && typeof (item as { url?: unknown }).url === 'string'
      ? (item as { url: string }).url
      : null;
    const parsed = syncPageInput.safeParse(item);
    if (!parsed.success) {
      const message = toFieldIssues(parsed.error).map((issue) => `${issue.field}: ${issue.message}`).join('; ');
      return { index, url: rawUrl, code: 'validation_error', message };
    }
    const page = parsed.data;
    const urlKey = normalizePageUrl(page.url);
    if (!urlKey || !isOnSite(page.url, project.domain)) {
      return { index, url: page.url, code: 'validation_error', message: `url: Not on the project's domain (${project.domain}).` };
    }
    return {
      index,
      url: page.url,
      urlKey,
      title: page.title,
      content: page.content,
      statusCode: page.statusCode,
      excluded: page.excluded,
    };
  }

  list(projectId: string, page: PaginationQuery): ListResult<PageSummary> {
    return {
      items: this.pages.list(projectId, page.limit, page.offset),
      pagination: { ...page, total: this.pages.count(projectId) },
    };
  }

  get(projectId: string, pageId: string): PageDetail {
    const page = this.pages.findDetail(projectId, pageId);
    if (!page) throw new NotFoundError('Page');
    return page;
  }
}

/** The page with its analysis and its links to the project's own site. */
function withLinks(project: Project, page: ValidPage, analysis: PageAnalysis): PreparedPage {
  const links: PageLink[] = [];
  for (const link of analysis.links) {
    const targetKey = resolveHref(link.href, page.urlKey);
    if (targetKey && isOnSite(targetKey, project.domain)) links.push({ targetKey, anchorText: link.anchorText });
  }
  return { ...page, analysis, links };
}
