import type { Migration } from './migration.js';

/**
 * The term id of each distinct word of a page's text, stored at sync (engine/source-text.ts): a generation then
 * neither stems nor looks up the source's words. Pages indexed before keep NULL and are read the slower way until
 * they are synced again.
 */
export const migration: Migration = {
  version: 5,
  name: 'word-term-ids',
  up: 'ALTER TABLE search_texts ADD COLUMN word_term_ids BLOB;',
  postgres: `ALTER TABLE search_texts ADD COLUMN word_term_ids bytea;`,
};
