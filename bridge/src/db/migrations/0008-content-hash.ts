import type { Migration } from './migration.js';

/**
 * SHA-256 of each page's content, written at sync: a page synced again is recognised as unchanged from its `pages`
 * row alone, without reading its content back. Pages stored before hold NULL and count as changed at their next sync.
 */
export const migration: Migration = {
  version: 8,
  name: 'content-hash',
  up: 'ALTER TABLE pages ADD COLUMN content_hash BLOB;',
  postgres: `ALTER TABLE pages ADD COLUMN content_hash bytea;`,
};
