import type { Db } from '../db/connection.js';
import type { PageDetail, PageSummary } from './pages.schemas.js';

export interface PageRecord {
  id: string;
  projectId: string;
  url: string;
  urlKey: string;
  title: string;
  statusCode: number;
}

export interface PageUpsert {
  newId: string;
  projectId: string;
  url: string;
  urlKey: string;
  title: string;
  content: string;
  statusCode: number;
  syncedAt: string;
}

export interface PageLink {
  targetKey: string;
  anchorText: string;
}

const SUMMARY_COLUMNS = 'id, url, title, status_code AS statusCode, last_synced_at AS lastSyncedAt';

export class PagesRepository {
  private readonly statements;

  constructor(db: Db) {
    this.statements = {
      upsert: db
        .prepare(
          `INSERT INTO pages (id, project_id, url, url_key, title, content, status_code, created_at, last_synced_at)
           VALUES (@newId, @projectId, @url, @urlKey, @title, @content, @statusCode, @syncedAt, @syncedAt)
           ON CONFLICT (project_id, url_key) DO UPDATE SET url = excluded.url, title = excluded.title,
             content = excluded.content, status_code = excluded.status_code, last_synced_at = excluded.last_synced_at
           RETURNING id`,
        )
        .pluck(),
      deleteLinks: db.prepare('DELETE FROM page_links WHERE source_page_id = ?'),
      insertLink: db.prepare(
        'INSERT INTO page_links (source_page_id, project_id, target_key, anchor_text, position) VALUES (?, ?, ?, ?, ?)',
      ),
      list: db.prepare(
        `SELECT ${SUMMARY_COLUMNS} FROM pages WHERE project_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?`,
      ),
      count: db.prepare('SELECT COUNT(*) FROM pages WHERE project_id = ?').pluck(),
      detail: db.prepare(`SELECT ${SUMMARY_COLUMNS}, content FROM pages WHERE id = ? AND project_id = ?`),
      byKey: db.prepare(
        'SELECT id, project_id AS projectId, url, url_key AS urlKey, title, status_code AS statusCode FROM pages WHERE project_id = ? AND url_key = ?',
      ),
      byId: db.prepare(
        'SELECT id, project_id AS projectId, url, url_key AS urlKey, title, status_code AS statusCode FROM pages WHERE id = ?',
      ),
      linkedPageIds: db
        .prepare(
          `SELECT DISTINCT p.id FROM page_links l JOIN pages p ON p.project_id = l.project_id AND p.url_key = l.target_key
           WHERE l.source_page_id = ?`,
        )
        .pluck(),
    };
  }

  /** Inserts or updates by normalised URL; returns the page id (unchanged for an existing page). */
  upsert(page: PageUpsert): string {
    return this.statements.upsert.get(page) as string;
  }

  replaceLinks(pageId: string, projectId: string, links: readonly PageLink[]): void {
    this.statements.deleteLinks.run(pageId);
    links.forEach((link, position) => this.statements.insertLink.run(pageId, projectId, link.targetKey, link.anchorText, position));
  }

  list(projectId: string, limit: number, offset: number): PageSummary[] {
    return this.statements.list.all(projectId, limit, offset) as PageSummary[];
  }

  count(projectId: string): number {
    return this.statements.count.get(projectId) as number;
  }

  findDetail(projectId: string, pageId: string): PageDetail | undefined {
    return this.statements.detail.get(pageId, projectId) as PageDetail | undefined;
  }

  findByUrlKey(projectId: string, urlKey: string): PageRecord | undefined {
    return this.statements.byKey.get(projectId, urlKey) as PageRecord | undefined;
  }

  findById(pageId: string): PageRecord | undefined {
    return this.statements.byId.get(pageId) as PageRecord | undefined;
  }

  /** Synced pages that the page's content links to. */
  linkedPageIds(pageId: string): string[] {
    return this.statements.linkedPageIds.all(pageId) as string[];
  }
}
