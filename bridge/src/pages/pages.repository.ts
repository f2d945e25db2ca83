import type { Db } from '../db/connection.js';
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

const SUMMARY_COLUMNS =
  'id, url, title, status_code AS statusCode, excluded, keyphrases, language, published_at AS publishedAt, modified_at AS modifiedAt, last_synced_at AS lastSyncedAt';
const RECORD_COLUMNS = 'id, project_id AS projectId, url, url_key AS urlKey, title, status_code AS statusCode, excluded';

/** SQLite has no booleans: turn the 0/1 `excluded` column into one. */
function withExcludedFlag<T extends { excluded: unknown }>(row: T): T & { excluded: boolean } {
  return { ...row, excluded: row.excluded === 1 };
}

/** The `excluded` flag, and the `keyphrases` column (a JSON array) as an array. */
function withFlagAndKeyphrases<T extends { excluded: unknown; keyphrases: unknown }>(
  row: T,
): T & { excluded: boolean; keyphrases: string[] } {
  return { ...row, excluded: row.excluded === 1, keyphrases: JSON.parse(row.keyphrases as string) as string[] };
}

export class PagesRepository {
  private readonly statements;

  constructor(db: Db) {
    this.statements = {
      upsert: db
        .prepare(
          `INSERT INTO pages (id, project_id, url, url_key, title, content_hash, status_code, path, excluded, keyphrases,
             language, published_at, modified_at, created_at, last_synced_at)
           VALUES (@newId, @projectId, @url, @urlKey, @title, @contentHash, @statusCode, @path, @excluded, @keyphrases,
             @language, @publishedAt, @modifiedAt, @syncedAt, @syncedAt)
           ON CONFLICT (project_id, url_key) DO UPDATE SET url = excluded.url, title = excluded.title,
             content_hash = excluded.content_hash, status_code = excluded.status_code, path = excluded.path,
             excluded = excluded.excluded, keyphrases = excluded.keyphrases, language = excluded.language,
             published_at = excluded.published_at, modified_at = excluded.modified_at, last_synced_at = excluded.last_synced_at
           RETURNING id`,
        )
        .pluck(),
      upsertContent: db.prepare(
        'INSERT INTO page_contents (page_id, content) VALUES (?, ?) ON CONFLICT (page_id) DO UPDATE SET content = excluded.content',
      ),
      storedVersion: db.prepare(
        `SELECT id, url, title, content_hash AS contentHash, status_code AS statusCode, excluded, keyphrases,
           language
         FROM pages WHERE project_id = ? AND url_key = ?`,
      ),
      touch: db.prepare(
        'UPDATE pages SET last_synced_at = @syncedAt, published_at = @publishedAt, modified_at = @modifiedAt WHERE id = @id',
      ),
      deleteLinks: db.prepare('DELETE FROM page_links WHERE source_page_id = ?'),
      insertLink: db.prepare(
        'INSERT INTO page_links (source_page_id, project_id, target_key, anchor_text, position) VALUES (?, ?, ?, ?, ?)',
      ),
      list: db.prepare(
        `SELECT ${SUMMARY_COLUMNS} FROM pages WHERE project_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?`,
      ),
      count: db.prepare('SELECT COUNT(*) FROM pages WHERE project_id = ?').pluck(),
      detail: db.prepare(
        `SELECT ${SUMMARY_COLUMNS}, c.content FROM pages JOIN page_contents c ON c.page_id = pages.id
         WHERE pages.id = ? AND project_id = ?`,
      ),
      byKey: db.prepare(`SELECT ${RECORD_COLUMNS} FROM pages WHERE project_id = ? AND url_key = ?`),
      byId: db.prepare(`SELECT ${RECORD_COLUMNS} FROM pages WHERE id = ?`),
      content: db.prepare('SELECT content FROM page_contents WHERE page_id = ?').pluck(),
      excludedIds: db.prepare('SELECT id FROM pages WHERE project_id = ? AND excluded = 1').pluck(),
    };
  }

  /** Inserts or updates by normalised URL; returns the page id (unchanged for an existing page). */
  upsert(page: PageUpsert): string {
    const { content, dates, ...row } = page;
    const id = this.statements.upsert.get({
      ...row,
      ...dates,
      excluded: page.excluded ? 1 : 0,
      keyphrases: JSON.stringify(page.keyphrases),
    }) as string;
    this.statements.upsertContent.run(id, content);
    return id;
  }

  findStoredVersion(projectId: string, urlKey: string): StoredVersion | undefined {
    const row = this.statements.storedVersion.get(projectId, urlKey) as
      | (StoredVersion & { excluded: unknown; keyphrases: unknown })
      | undefined;
    return row ? withFlagAndKeyphrases(row) : undefined;
  }

  /** Records a sync of a page whose content did not change; its dates are kept as sent. */
  touch(pageId: string, dates: PageDates, syncedAt: string): void {
    this.statements.touch.run({ id: pageId, syncedAt, ...dates });
  }

  replaceLinks(pageId: string, projectId: string, links: readonly PageLink[]): void {
    this.statements.deleteLinks.run(pageId);
    links.forEach((link, position) => this.statements.insertLink.run(pageId, projectId, link.targetKey, link.anchorText, position));
  }

  list(projectId: string, limit: number, offset: number): PageSummary[] {
    return (this.statements.list.all(projectId, limit, offset) as (PageSummary & { excluded: unknown; keyphrases: unknown })[]).map(
      withFlagAndKeyphrases,
    );
  }

  count(projectId: string): number {
    return this.statements.count.get(projectId) as number;
  }

  findDetail(projectId: string, pageId: string): PageDetail | undefined {
    const row = this.statements.detail.get(pageId, projectId) as
      | (PageDetail & { excluded: unknown; keyphrases: unknown })
      | undefined;
    return row ? withFlagAndKeyphrases(row) : undefined;
  }

  findByUrlKey(projectId: string, urlKey: string): PageRecord | undefined {
    const row = this.statements.byKey.get(projectId, urlKey) as (PageRecord & { excluded: unknown }) | undefined;
    return row ? withExcludedFlag(row) : undefined;
  }

  findById(pageId: string): PageRecord | undefined {
    const row = this.statements.byId.get(pageId) as (PageRecord & { excluded: unknown }) | undefined;
    return row ? withExcludedFlag(row) : undefined;
  }

  /** The page's HTML as last synced. */
  content(pageId: string): string | undefined {
    return this.statements.content.get(pageId) as string | undefined;
  }

  /** Pages the site keeps out of suggestions. */
  excludedPageIds(projectId: string): string[] {
    return this.statements.excludedIds.all(projectId) as string[];
  }
}
