import type { Db } from '../db/connection.js';
import type { DateWindow } from './date-window.js';
import type { BrokenLink, OrphanPage } from './analytics.schemas.js';

interface WindowBinding {
  projectId: string;
  from: string | null;
  to: string | null;
}

const IN_WINDOW = '(@from IS NULL OR created_at >= @from) AND (@to IS NULL OR created_at < @to)';

/**
 * Every internal link of the project: links found in synced content, plus implemented suggestions whose link the
 * synced content does not show yet (the platform re-syncs the page after inserting it).
 */
const ALL_LINKS = `
  SELECT l.source_page_id, l.target_key, l.anchor_text FROM page_links l WHERE l.project_id = @projectId
  UNION ALL
  SELECT s.source_page_id, t.url_key, s.anchor_text FROM suggestions s JOIN pages t ON t.id = s.target_page_id
  WHERE s.project_id = @projectId AND s.status = 'implemented'
    AND NOT EXISTS (SELECT 1 FROM page_links l2 WHERE l2.source_page_id = s.source_page_id AND l2.target_key = t.url_key)`;

/**
 * Pages that take part in suggestions: not excluded, inside includePaths (when any) and outside excludePaths.
 * Its parameters @include and @exclude are JSON arrays of path prefixes.
 */
const IN_PATHS = `p.excluded = 0
  AND (json_array_length(@include) = 0 OR EXISTS (SELECT 1 FROM json_each(@include) WHERE substr(p.path, 1, length(value)) = value))
  AND NOT EXISTS (SELECT 1 FROM json_each(@exclude) WHERE substr(p.path, 1, length(value)) = value)`;

/** Distinct (source, target page) pairs between synced pages; a page linking to itself does not count. */
const INBOUND_PAIRS = `
  SELECT DISTINCT a.source_page_id, p.id AS target_page_id FROM (${ALL_LINKS}) a
  JOIN pages p ON p.project_id = @projectId AND p.url_key = a.target_key
  WHERE p.id <> a.source_page_id`;

export class AnalyticsRepository {
  private readonly statements;

  constructor(db: Db) {
    this.statements = {
      suggestions: db.prepare(
        `SELECT COUNT(*) AS total, COUNT(*) FILTER (WHERE status = 'pending') AS pending,
           COUNT(*) FILTER (WHERE status = 'approved') AS approved,
           COUNT(*) FILTER (WHERE status = 'implemented') AS implemented,
           COUNT(*) FILTER (WHERE status = 'rejected') AS rejected
         FROM suggestions WHERE project_id = @projectId AND ${IN_WINDOW}`,
      ),
      implementations: db.prepare(
        `SELECT COUNT(*) AS total,
           COUNT(*) FILTER (WHERE status = 'completed') AS successful,
           COUNT(*) FILTER (WHERE status = 'failed') AS failed,
           COUNT(*) FILTER (WHERE status = 'pending') AS pending,
           COUNT(*) FILTER (WHERE status = 'rolled_back') AS rolledBack
         FROM implementations WHERE project_id = @projectId AND ${IN_WINDOW}`,
      ),
      pages: db.prepare(
        `SELECT (SELECT COUNT(*) FROM pages WHERE project_id = @projectId) AS synced,
           (SELECT COUNT(DISTINCT l.target_key) FROM page_links l WHERE l.project_id = @projectId
              AND NOT EXISTS (SELECT 1 FROM pages p WHERE p.project_id = @projectId AND p.url_key = l.target_key)) AS pending`,
      ),
      links: db.prepare(
        `SELECT COUNT(*) AS total,
           COUNT(*) FILTER (WHERE p.status_code BETWEEN 200 AND 299) AS active,
           COUNT(*) FILTER (WHERE p.status_code BETWEEN 400 AND 599) AS broken,
           COUNT(*) FILTER (WHERE p.status_code BETWEEN 300 AND 399 OR p.status_code < 200) AS redirected,
           COUNT(*) FILTER (WHERE p.id IS NULL) AS unresolved
         FROM (${ALL_LINKS}) a LEFT JOIN pages p ON p.project_id = @projectId AND p.url_key = a.target_key`,
      ),
      dailySuggestions: db.prepare(
        `SELECT substr(created_at, 1, 10) AS day, COUNT(*) AS n FROM suggestions
         WHERE project_id = @projectId AND ${IN_WINDOW} GROUP BY day`,
      ),
      dailyImplementations: db.prepare(
        `SELECT substr(created_at, 1, 10) AS day, COUNT(*) AS n FROM implementations
         WHERE project_id = @projectId AND ${IN_WINDOW} GROUP BY day`,
      ),
      orphans: db.prepare(
        `SELECT p.id, p.url, p.title FROM pages p
         WHERE p.project_id = @projectId AND p.status_code BETWEEN 200 AND 299 AND ${IN_PATHS}
           AND p.id NOT IN (SELECT target_page_id FROM (${INBOUND_PAIRS}))
         ORDER BY p.created_at DESC, p.rowid DESC LIMIT @limit OFFSET @offset`,
      ),
      orphanCount: db.prepare(
        `SELECT COUNT(*) FROM pages p WHERE p.project_id = @projectId AND p.status_code BETWEEN 200 AND 299 AND ${IN_PATHS}
           AND p.id NOT IN (SELECT target_page_id FROM (${INBOUND_PAIRS}))`,
      ).pluck(),
      broken: db.prepare(
        `SELECT a.source_page_id AS sourcePageId, s.url AS sourcePageUrl, t.url AS targetUrl, a.anchor_text AS anchorText,
           t.status_code AS statusCode
         FROM (${ALL_LINKS}) a JOIN pages t ON t.project_id = @projectId AND t.url_key = a.target_key
         JOIN pages s ON s.id = a.source_page_id
         WHERE t.status_code BETWEEN 400 AND 599 AND s.status_code BETWEEN 200 AND 299
         ORDER BY s.url, t.url LIMIT @limit OFFSET @offset`,
      ),
      // A link in a page the site reported gone is no link a visitor follows, and quotes a page that is no longer public.
      brokenCount: db.prepare(
        `SELECT COUNT(*) FROM (${ALL_LINKS}) a JOIN pages t ON t.project_id = @projectId AND t.url_key = a.target_key
         JOIN pages s ON s.id = a.source_page_id
         WHERE t.status_code BETWEEN 400 AND 599 AND s.status_code BETWEEN 200 AND 299`,
      ).pluck(),
      inboundCounts: db.prepare(
        `SELECT COALESCE(c.n, 0) AS inbound, COUNT(*) AS pages FROM pages p
         LEFT JOIN (SELECT target_page_id, COUNT(*) AS n FROM (${INBOUND_PAIRS}) GROUP BY target_page_id) c
           ON c.target_page_id = p.id
         WHERE p.project_id = @projectId AND p.status_code BETWEEN 200 AND 299 AND ${IN_PATHS} GROUP BY inbound`,
      ),
    };
  }

  suggestionCounts(projectId: string, window: DateWindow) {
    return this.statements.suggestions.get(bind(projectId, window)) as {
      total: number; pending: number; approved: number; implemented: number; rejected: number;
    };
  }

  implementationCounts(projectId: string, window: DateWindow) {
    return this.statements.implementations.get(bind(projectId, window)) as {
      total: number; successful: number; failed: number; pending: number; rolledBack: number;
    };
  }

  pageCounts(projectId: string) {
    return this.statements.pages.get({ projectId }) as { synced: number; pending: number };
  }

  linkCounts(projectId: string) {
    return this.statements.links.get({ projectId }) as {
      total: number; active: number; broken: number; redirected: number; unresolved: number;
    };
  }

  daily(projectId: string, window: DateWindow): { suggestions: Map<string, number>; implementations: Map<string, number> } {
    const toMap = (rows: { day: string; n: number }[]) => new Map(rows.map((row) => [row.day, row.n]));
    return {
      suggestions: toMap(this.statements.dailySuggestions.all(bind(projectId, window)) as { day: string; n: number }[]),
      implementations: toMap(this.statements.dailyImplementations.all(bind(projectId, window)) as { day: string; n: number }[]),
    };
  }

  orphans(projectId: string, paths: PathFilter, limit: number, offset: number): { items: OrphanPage[]; total: number } {
    const bound = { projectId, ...bindPaths(paths) };
    return {
      items: this.statements.orphans.all({ ...bound, limit, offset }) as OrphanPage[],
      total: this.statements.orphanCount.get(bound) as number,
    };
  }

  brokenLinks(projectId: string, limit: number, offset: number): { items: BrokenLink[]; total: number } {
    return {
      items: this.statements.broken.all({ projectId, limit, offset }) as BrokenLink[],
      total: this.statements.brokenCount.get({ projectId }) as number,
    };
  }

  inboundCounts(projectId: string, paths: PathFilter): { inbound: number; pages: number }[] {
    return this.statements.inboundCounts.all({ projectId, ...bindPaths(paths) }) as { inbound: number; pages: number }[];
  }
}

export interface PathFilter {
  includePaths: readonly string[];
  excludePaths: readonly string[];
}

function bindPaths(paths: PathFilter) {
  return { include: JSON.stringify(paths.includePaths), exclude: JSON.stringify(paths.excludePaths) };
}

function bind(projectId: string, window: DateWindow): WindowBinding {
  return { projectId, from: window.from, to: window.toExclusive };
}
