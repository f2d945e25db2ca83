import type { Migration } from './migration.js';

/**
 * The length of each search document's term vector (its postings' counts × idf, under the idf that chose them), kept
 * so that the TF-IDF cosine reads the same length after a restart from the rows as before it. Rows stored before have
 * none (NULL): a rebuild computes theirs once every document is restored.
 */
export const migration: Migration = {
  version: 14,
  name: 'term-vector-length',
  up: 'ALTER TABLE search_documents ADD COLUMN vector_norm REAL;',
  postgres: `ALTER TABLE search_documents ADD COLUMN vector_norm double precision;`,
};
