import type { Migration } from './migration.js';

/**
 * Pages keep their URL path (so reports can apply a project's includePaths/excludePaths in SQL) and an `excluded`
 * flag: a page the site keeps out of suggestions (e.g. an excluded category) is still a live page for link health.
 */
export const migration: Migration = {
  version: 3,
  name: 'page-path-and-exclusion',
  up: `
ALTER TABLE pages ADD COLUMN path TEXT NOT NULL DEFAULT '/';
ALTER TABLE pages ADD COLUMN excluded INTEGER NOT NULL DEFAULT 0 CHECK (excluded IN (0, 1));
CREATE INDEX pages_excluded ON pages(project_id) WHERE excluded = 1;
`,
  backfill(db) {
    const update = db.prepare('UPDATE pages SET path = ? WHERE id = ?');
    // .all(), not .iterate(): the connection cannot write while a read cursor is open.
    for (const row of db.prepare('SELECT id, url_key FROM pages').all() as { id: string; url_key: string }[]) {
      update.run(new URL(row.url_key).pathname, row.id);
    }
  },
  postgres: `
ALTER TABLE pages ADD COLUMN path text NOT NULL DEFAULT '/';
ALTER TABLE pages ADD COLUMN excluded integer NOT NULL DEFAULT 0 CHECK (excluded IN (0, 1));
CREATE INDEX pages_excluded ON pages(project_id) WHERE excluded = 1;
`,
};
