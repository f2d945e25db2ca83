import type { Migration } from './migration.js';

/**
 * The version of the page analysis a page was indexed with (engine/page-analysis.ts, ANALYSIS_VERSION). A page synced
 * again unchanged keeps its analysis only when it is of the current version; rows indexed before hold 0 and are
 * analysed again at their next sync.
 */
export const migration: Migration = {
  version: 7,
  name: 'analysis-version',
  up: 'ALTER TABLE search_texts ADD COLUMN analysis_version INTEGER NOT NULL DEFAULT 0;',
  postgres: `ALTER TABLE search_texts ADD COLUMN analysis_version integer NOT NULL DEFAULT 0;`,
};
