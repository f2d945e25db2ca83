import type { QuotaLimits } from '../accounts/quotas.js';
import type { Kysely } from 'kysely';
import type { Executor } from '../db/database.js';
import type { Schema } from '../db/schema.js';
import type { IndexedPage, PageAnalysis } from '../engine/types.js';
import type { ListResult, PaginationQuery } from '../pagination.js';
import { canonicalLanguageTag, primaryLanguage } from '../engine/language.js';
import { NotFoundError, toFieldIssues } from '../errors.js';
import type { Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import { pausePoint } from '../lib/pause-points.js';
import { isOnSite, normalizePageUrl, resolveHref } from '../lib/url.js';
import type { StoredSource } from '../generation/generation.service.js';
import type { Project } from '../projects/projects.schemas.js';
import { contentHash } from './content-hash.js';
import type { PageAnalyzer } from './page-analyzer.js';
import type { PageDates, PageLink, PagesRepository, StoredVersion } from './pages.repository.js';
import { syncPageInput, type PageDetail, type PageSummary, type SyncError, type SyncResult } from './pages.schemas.js';

/** Receives the pages of a sync inside its transaction (the search index). */
export interface SyncListener {
  applySync: (trx: Executor, projectId: string, pages: IndexedPage[]) => Promise<void>;
  /** Those of the pages indexed from an analysis of the current version (an unchanged page then needs no new one). */
  currentPages: (trx: Executor, pageIds: readonly string[]) => Promise<Set<string>>;
  /** One project's sync at a time, with its transaction (ProjectIndexes.serialized). */
  serialized: <T>(projectId: string, work: () => Promise<T>) => Promise<T>;
}

/** Pending suggestions that a sync makes stale: the page is now excluded, no longer answers 2xx, or changed language. */
export interface StaleSuggestions {
  removePendingOfPage: (trx: Executor, pageId: string) => Promise<void>;
  removePendingToPage: (trx: Executor, pageId: string) => Promise<void>;
  removePendingAcrossLanguages: (trx: Executor, pageId: string, isSameLanguage: (otherLanguage: string) => boolean) => Promise<number>;
}

/** Receives, inside the sync's transaction, the pages it stored (not those it found unchanged): the generation queue. */
export interface StoredPagesListener {
  pagesStored: (trx: Executor, project: Project, stored: readonly StoredSource[]) => Promise<void>;
}

/** The account's page and content quotas (accounts/quotas.ts). */
export interface SyncQuotas {
  usage: (accountId: string, executor: Executor) => Promise<QuotaLimits>;
  holdForChange: (accountId: string, transaction: Executor) => Promise<void>;
  assertPagesAllowed: (accountId: string, newPages: number) => Promise<void>;
  assertGrowthWithin: (accountId: string, before: QuotaLimits, executor: Executor) => Promise<void>;
}

/** Keeps a project's index from being released while its sync is between analysis and storing (indexing/). */
export interface IndexPins {
  pin: (projectId: string) => () => void;
}

/** A page that passed validation, before analysis. */
interface ValidPage {
  index: number;
  url: string;
  urlKey: string;
  title: string;
  content: string;
  contentHash: Buffer;
  statusCode: number;
  excluded: boolean;
  /** Trimmed, in the order sent, duplicates dropped. */
  keyphrases: string[];
  /** Canonical BCP 47 tag ("de-DE"). */
  language: string;
  dates: PageDates;
}

interface PreparedPage extends ValidPage {
  analysis: PageAnalysis;
  links: PageLink[];
}

export class PagesService {
  constructor(
    private readonly db: Kysely<Schema>,
    private readonly pages: PagesRepository,
    private readonly clock: Clock,
    private readonly analyzer: PageAnalyzer,
    private readonly listener: SyncListener,
    private readonly staleSuggestions: StaleSuggestions,
    private readonly storedListener?: StoredPagesListener,
    private readonly quotas?: SyncQuotas,
    private readonly pins?: IndexPins,
  ) {}

  /**
   * Batch sync (contract §3): each page is validated on its own; valid pages are upserted by normalised URL, their
   * links replaced and the index updated, all in one transaction so that a crash leaves the batch all or nothing.
   * Analysis (the costly part) runs first, off the transaction and possibly on other threads; batches synced at the
   * same time each keep their own transaction. A page whose analysis goes over the analyser's time or memory limit
   * (or fails) is reported in `errors` like an invalid one, and the rest of the batch is stored. A page sent again exactly as stored keeps its analysis, links and
   * index entry and only has its sync time updated: syncing a whole site again costs little where little changed.
   * `accountId` owns the project: analysis is shared fairly between accounts. A batch that would take the account
   * over its page or content quota is refused whole (403 quota_exceeded): its pages quota before analysis, both
   * quotas again inside the transaction, which then rolls back.
   */
  async syncBatch(project: Project, items: unknown[], accountId: string): Promise<SyncResult> {
    const unpin = this.pins?.pin(project.id);
    try {
      return await this.syncPinned(project, items, accountId);
    } finally {
      unpin?.();
    }
  }

  private async syncPinned(project: Project, items: unknown[], accountId: string): Promise<SyncResult> {
    const errors: SyncError[] = [];
    const valid: ValidPage[] = [];
    items.forEach((item, index) => {
      const outcome = this.validate(project, item, index);
      if ('code' in outcome) errors.push(outcome);
      else valid.push(outcome);
    });

    await this.quotas?.assertPagesAllowed(accountId, await this.newUrlCount(project.id, valid));
    const unchanged = await this.unchangedPages(this.db, project.id, valid);
    const prepared = new Map<ValidPage, PreparedPage>();
    // Pages whose analysis went over a limit or failed: they fail alone, the rest of the batch is stored.
    const unanalysed = new Set<ValidPage>();
    for (;;) {
      const toAnalyse = valid.filter((page) => !unchanged.has(page) && !prepared.has(page) && !unanalysed.has(page));
      const results = await this.analyzer.analyzeAll(
        toAnalyse.map((page) => ({ url: page.urlKey, title: page.title, html: page.content, language: page.language })),
        accountId,
      );
      toAnalyse.forEach((page, i) => {
        const result = results[i]!;
        if ('analysis' in result) {
          prepared.set(page, withLinks(project, page, result.analysis));
          return;
        }
        unanalysed.add(page);
        errors.push({ index: page.index, url: page.url, code: result.failure.code, message: result.failure.message });
      });
      const analysed = unanalysed.size === 0 ? valid : valid.filter((page) => !unanalysed.has(page));
      const outcome = await this.listener.serialized(project.id, () => this.store(project, accountId, analysed, unchanged, prepared));
      if ('pages' in outcome) {
        errors.sort((a, b) => a.index - b.index);
        return { synced: outcome.pages.length, failed: errors.length, errors, pages: outcome.pages };
      }
      // Another sync changed these pages while this one was analysing: they are analysed after all.
      for (const page of outcome.stale) unchanged.delete(page);
    }
  }

  /**
   * Writes the batch in one transaction, or names the pages thought unchanged that no longer are (writing nothing).
   * Runs inside ProjectIndexes.serialized, so that the index changes with the rows.
   */
  private store(
    project: Project,
    accountId: string,
    valid: readonly ValidPage[],
    unchanged: ReadonlyMap<ValidPage, string>,
    prepared: ReadonlyMap<ValidPage, PreparedPage>,
  ): Promise<{ pages: SyncResult['pages'] } | { stale: ValidPage[] }> {
    const syncedAt = this.clock.now().toISOString();
    return this.db.transaction().execute(async (trx) => {
      const stillUnchanged = await this.unchangedPages(trx, project.id, [...unchanged.keys()]);
      const stale = [...unchanged.keys()].filter((page) => !stillUnchanged.has(page));
      if (stale.length > 0) return { stale };
      await this.quotas?.holdForChange(accountId, trx);
      const usageBefore = await this.quotas?.usage(accountId, trx);
      const indexed: IndexedPage[] = [];
      const stored: StoredSource[] = [];
      const result: SyncResult['pages'] = [];
      for (const sent of valid) {
        if (result.length === Math.floor(valid.length / 2)) pausePoint('sync-store');
        const unchangedId = unchanged.get(sent);
        if (unchangedId !== undefined) {
          await this.pages.touch(trx, unchangedId, sent.dates, syncedAt);
          result.push({ index: sent.index, id: unchangedId, url: sent.urlKey });
          continue;
        }
        const page = prepared.get(sent)!;
        const fresh = newId('pg');
        const id = await this.pages.upsert(trx, {
          newId: fresh,
          projectId: project.id,
          url: page.url,
          urlKey: page.urlKey,
          title: page.title,
          content: page.content,
          contentHash: page.contentHash,
          statusCode: page.statusCode,
          path: new URL(page.urlKey).pathname,
          excluded: page.excluded,
          keyphrases: page.keyphrases,
          language: page.language,
          dates: page.dates,
          syncedAt,
        });
        await this.pages.replaceLinks(trx, id, project.id, page.links);
        if (page.excluded) await this.staleSuggestions.removePendingOfPage(trx, id);
        else if (page.statusCode < 200 || page.statusCode > 299) await this.staleSuggestions.removePendingToPage(trx, id);
        stored.push({ pageId: id, url: page.url, statusCode: page.statusCode, excluded: page.excluded, isNew: id === fresh });
        indexed.push({
          pageId: id,
          url: page.urlKey,
          title: page.title,
          statusCode: page.statusCode,
          analysis: page.analysis,
          linkedUrls: [...new Set(page.links.map((link) => link.targetKey))],
          keyphrases: page.keyphrases,
          language: page.language,
        });
        result.push({ index: page.index, id, url: page.urlKey });
      }
      // Once the whole batch is stored, so that two pages whose language changed together keep what links them.
      for (const page of indexed) {
        const primary = primaryLanguage(page.language);
        await this.staleSuggestions.removePendingAcrossLanguages(trx, page.pageId, (other) => primaryLanguage(other) === primary);
      }
      // Before the index takes the batch: a refusal then leaves memory as it was.
      if (usageBefore !== undefined) await this.quotas!.assertGrowthWithin(accountId, usageBefore, trx);
      if (indexed.length > 0) await this.listener.applySync(trx, project.id, indexed);
      if (stored.length > 0) await this.storedListener?.pagesStored(trx, project, stored);
      return { pages: result };
    });
  }

  /** How many distinct URLs of the batch the project does not hold yet: the pages the batch adds. */
  private async newUrlCount(projectId: string, valid: readonly ValidPage[]): Promise<number> {
    const keys = [...new Set(valid.map((page) => page.urlKey))];
    const stored = await this.pages.findStoredVersions(projectId, keys);
    return keys.filter((key) => !stored.has(key)).length;
  }

  /**
   * Pages sent exactly as stored (URL, title, content, status, exclusion, keyphrases, language) and indexed by the current analysis, with
   * their ids. Dates are not compared: a page whose dates alone changed keeps its analysis and takes the new dates. A URL sent twice in the batch is never among them: the later version must win whatever the stored one.
   */
  private async unchangedPages(executor: Executor, projectId: string, valid: readonly ValidPage[]): Promise<Map<ValidPage, string>> {
    const sent = new Map<string, number>();
    for (const page of valid) sent.set(page.urlKey, (sent.get(page.urlKey) ?? 0) + 1);
    const once = valid.filter((page) => sent.get(page.urlKey) === 1);
    const stored = await this.pages.findStoredVersions(projectId, once.map((page) => page.urlKey), executor);
    const same = once.flatMap((page) => {
      const version = stored.get(page.urlKey);
      return version !== undefined && isStoredAsSent(version, page) ? [{ page, id: version.id }] : [];
    });
    const current = await this.listener.currentPages(executor, same.map(({ id }) => id));
    return new Map(same.filter(({ id }) => current.has(id)).map(({ page, id }) => [page, id]));
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
      contentHash: contentHash(page.content),
      statusCode: page.statusCode,
      excluded: page.excluded,
      keyphrases: [...new Set(page.keyphrases)],
      // The schema accepted it, so it has a canonical form.
      language: canonicalLanguageTag(page.language)!,
      dates: { publishedAt: page.publishedAt ?? null, modifiedAt: page.modifiedAt ?? null },
    };
  }

  async list(projectId: string, page: PaginationQuery): Promise<ListResult<PageSummary>> {
    return {
      items: await this.pages.list(projectId, page.limit, page.offset),
      pagination: { ...page, total: await this.pages.count(projectId) },
    };
  }

  async get(projectId: string, pageId: string): Promise<PageDetail> {
    const page = await this.pages.findDetail(projectId, pageId);
    if (!page) throw new NotFoundError('Page');
    return page;
  }
}

/** Whether the stored version is the page as sent (dates aside); its analysis's version is checked apart. */
function isStoredAsSent(stored: StoredVersion, page: ValidPage): boolean {
  return (
    stored.url === page.url &&
    stored.title === page.title &&
    stored.statusCode === page.statusCode &&
    stored.excluded === page.excluded &&
    sameList(stored.keyphrases, page.keyphrases) &&
    stored.language === page.language &&
    stored.contentHash !== null &&
    stored.contentHash.equals(page.contentHash)
  );
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
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
