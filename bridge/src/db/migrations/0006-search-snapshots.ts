import type { Migration } from './migration.js';

/**
 * A project's in-memory search state, serialised when the bridge stops (indexing/project-indexes.ts): a restart
 * reads it back in one piece instead of rebuilding the indexes page by page. Used only while `revision` equals the
 * index's revision in search_stats, and `format` the bridge's snapshot format; otherwise the indexes are rebuilt.
 */
export const migration: Migration = {
  version: 6,
  name: 'search-snapshots',
  up: `
CREATE TABLE search_snapshots (
  project_id TEXT PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
  revision INTEGER NOT NULL,
  format INTEGER NOT NULL,
  data BLOB NOT NULL
);
`,
  postgres: `
CREATE TABLE search_snapshots (
  project_id text PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
  revision integer NOT NULL,
  format integer NOT NULL,
  data bytea NOT NULL
);
`,
};
