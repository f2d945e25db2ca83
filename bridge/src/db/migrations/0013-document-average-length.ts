import type { Migration } from './migration.js';

/**
 * The site's average length when each search document's postings were chosen, which its BM25 impacts are computed
 * with. Kept so that a rebuild from the rows gives every page the impacts it had before a restart; computed again
 * from the final counts, a page indexed in an earlier sync batch got other impacts, and answers changed after an
 * unclean stop. Rows stored before have none (NULL): a rebuild takes the restored average for them.
 */
export const migration: Migration = {
  version: 13,
  name: 'document-average-length',
  up: 'ALTER TABLE search_documents ADD COLUMN average_length REAL;',
  postgres: `ALTER TABLE search_documents ADD COLUMN average_length double precision;`,
};
