import type { Kysely } from 'kysely';
import { inBatches } from '../db/batches.js';
import type { Executor } from '../db/database.js';
import type { Schema } from '../db/schema.js';
import type { UrlKeyMatching } from '../db/url-keys.js';
import type { PageDetail, PageSummary } from './pages.schemas.js';

export interface PageRecord {
  id: string;
  projectId: string;
  url: string;
  urlKey: string;
  title: string;
  statusCode: number;
  excluded: boolean;
}

export interface PageUpsert {
  newId: string;
  projectId: string;
  url: string;
  urlKey: string;
  title: string;
  content: string;
  contentHash: Buffer;
  statusCode: number;
  path: string;
  excluded: boolean;
  keyphrases: readonly string[];
  /** Canonical BCP 47 tag. */
  language: string;
  dates: PageDates;
  syncedAt: string;
}

/** When the site says the page was first published and last modified (UTC ISO 8601), null when it said nothing. */
export interface PageDates {
  publishedAt: string | null;
  modifiedAt: string | null;
}

/** What a sync sends of a page, as stored: a page synced again with the same is unchanged. */
export interface StoredVersion {
  id: string;
  url: string;
  title: string;
  /** contentHash() of the content; null for pages stored before it was kept. */
  contentHash: Buffer | null;
  statusCode: number;
  excluded: boolean;
  keyphrases: string[];
  language: string;
}

export interface PageLink {
  targetKey: string;
  anchorText: string;
}

/** The database has no booleans: turn the 0/1 `excluded` column into one. */
function withExcludedFlag<T extends { excluded: number }>(row: T): Omit<T, 'excluded'> & { excluded: boolean } {
  return { ...row, excluded: row.excluded === 1 };
}

/** The `excluded` flag, and the `keyphrases` column (a JSON array) as an array. */
function withFlagAndKeyphrases<T extends { excluded: number; keyphrases: string }>(
  row: T,
): Omit<T, 'excluded' | 'keyphrases'> & { excluded: boolean; keyphrases: string[] } {
  return { ...row, excluded: row.excluded === 1, keyphrases: JSON.parse(row.keyphrases) as string[] };
}

export class PagesRepository {
  constructor(
    private readonly db: Kysely<Schema>,
    private readonly urlKeys: UrlKeyMatching,
  ) {}

  private summaries(executor: Executor) {
    return executor
      .selectFrom('pages')
      .select([
        'pages.id',
        'pages.url',
        'pages.title',
        'pages.status_code as statusCode',
        'pages.excluded',
        'pages.keyphrases',
        'pages.language',
        'pages.published_at as publishedAt',
        'pages.modified_at as modifiedAt',
        'pages.last_synced_at as lastSyncedAt',
      ]);
  }

  private records(executor: Executor) {
    return executor
      .selectFrom('pages')
      .select(['id', 'project_id as projectId', 'url', 'url_key as urlKey', 'title', 'status_code as statusCode', 'excluded']);
  }

  /** Inserts or updates by normalised URL; returns the page id (unchanged for an existing page). */
  async upsert(executor: Executor, page: PageUpsert): Promise<string> {
    const { id } = await executor
      .insertInto('pages')
      .values({
        id: page.newId,
        project_id: page.projectId,
        url: page.url,
        url_key: page.urlKey,
        title: page.title,
        content_hash: page.contentHash,
        status_code: page.statusCode,
        path: page.path,
        excluded: page.excluded ? 1 : 0,
        keyphrases: JSON.stringify(page.keyphrases),
        language: page.language,
        published_at: page.dates.publishedAt,
        modified_at: page.dates.modifiedAt,
        created_at: page.syncedAt,
        last_synced_at: page.syncedAt,
      })
      .onConflict((conflict) =>
        conflict.expression(this.urlKeys.pageConflictTarget()).doUpdateSet((eb) => ({
          url: eb.ref('excluded.url'),
          title: eb.ref('excluded.title'),
          content_hash: eb.ref('excluded.content_hash'),
          status_code: eb.ref('excluded.status_code'),
          path: eb.ref('excluded.path'),
          excluded: eb.ref('excluded.excluded'),
          keyphrases: eb.ref('excluded.keyphrases'),
          language: eb.ref('excluded.language'),
          published_at: eb.ref('excluded.published_at'),
          modified_at: eb.ref('excluded.modified_at'),
          last_synced_at: eb.ref('excluded.last_synced_at'),
        })),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    await executor
      .insertInto('page_contents')
      .values({ page_id: id, content: page.content })
      .onConflict((conflict) => conflict.column('page_id').doUpdateSet((eb) => ({ content: eb.ref('excluded.content') })))
      .execute();
    return id;
  }

  /** The stored versions of the pages of these URLs, by URL key (a URL not stored is missing). */
  async findStoredVersions(projectId: string, urlKeys: readonly string[], executor: Executor = this.db): Promise<Map<string, StoredVersion>> {
    const versions = new Map<string, StoredVersion>();
    for (const batch of inBatches(urlKeys)) {
      const rows = await executor
        .selectFrom('pages')
        .select(['id', 'url_key', 'url', 'title', 'content_hash as contentHash', 'status_code as statusCode', 'excluded', 'keyphrases', 'language'])
        .where('project_id', '=', projectId)
        .where((eb) => this.urlKeys.matches(eb, 'url_key', batch))
        .execute();
      for (const { url_key: urlKey, ...row } of rows) versions.set(urlKey, withFlagAndKeyphrases(row));
    }
    return versions;
  }

  /** Records a sync of a page whose content did not change; its dates are kept as sent. */
  async touch(executor: Executor, pageId: string, dates: PageDates, syncedAt: string): Promise<void> {
    await executor
      .updateTable('pages')
      .set({ last_synced_at: syncedAt, published_at: dates.publishedAt, modified_at: dates.modifiedAt })
      .where('id', '=', pageId)
      .execute();
  }

  async replaceLinks(executor: Executor, pageId: string, projectId: string, links: readonly PageLink[]): Promise<void> {
    await executor.deleteFrom('page_links').where('source_page_id', '=', pageId).execute();
    const rows = links.map((link, position) => ({ source_page_id: pageId, project_id: projectId, target_key: link.targetKey, anchor_text: link.anchorText, position }));
    for (const batch of inBatches(rows)) await executor.insertInto('page_links').values(batch).execute();
  }

  async list(projectId: string, limit: number, offset: number): Promise<PageSummary[]> {
    const rows = await this.summaries(this.db)
      .where('project_id', '=', projectId)
      .orderBy('created_at', 'desc')
      .orderBy('rowid', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map(withFlagAndKeyphrases);
  }

  async count(projectId: string): Promise<number> {
    const row = await this.db
      .selectFrom('pages')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async findDetail(projectId: string, pageId: string): Promise<PageDetail | undefined> {
    const row = await this.summaries(this.db)
      .innerJoin('page_contents as c', 'c.page_id', 'pages.id')
      .select('c.content')
      .where('pages.id', '=', pageId)
      .where('pages.project_id', '=', projectId)
      .executeTakeFirst();
    return row ? withFlagAndKeyphrases(row) : undefined;
  }

  async findByUrlKey(projectId: string, urlKey: string, executor: Executor = this.db): Promise<PageRecord | undefined> {
    const row = await this.records(executor).where('project_id', '=', projectId).where((eb) => this.urlKeys.matches(eb, 'url_key', urlKey)).executeTakeFirst();
    return row ? withExcludedFlag(row) : undefined;
  }

  async findById(pageId: string, executor: Executor = this.db): Promise<PageRecord | undefined> {
    const row = await this.records(executor).where('id', '=', pageId).executeTakeFirst();
    return row ? withExcludedFlag(row) : undefined;
  }

  /** The pages' HTML as last synced, by page id. */
  async contents(pageIds: readonly string[], executor: Executor = this.db): Promise<Map<string, string>> {
    const contents = new Map<string, string>();
    for (const batch of inBatches(pageIds, 100)) {
      const rows = await executor.selectFrom('page_contents').select(['page_id', 'content']).where('page_id', 'in', batch).execute();
      for (const row of rows) contents.set(row.page_id, row.content);
    }
    return contents;
  }

  /** Pages the site keeps out of suggestions. */
  async excludedPageIds(projectId: string, executor: Executor = this.db): Promise<string[]> {
    const rows = await executor.selectFrom('pages').select('id').where('project_id', '=', projectId).where('excluded', '=', 1).execute();
    return rows.map((row) => row.id);
  }
}
