import type { Migration } from './migration.js';

/**
 * A page's HTML moves to its own table. In `pages`, every row carried ~10 KB of content in overflow pages, and
 * the columns stored after it (status, path, excluded) could only be read by walking that overflow chain: each page
 * look-up of a suggestion request cost tens of microseconds of I/O. The content is read only by the page detail.
 */
export const migration: Migration = {
  version: 4,
  name: 'page-contents',
  up: `
CREATE TABLE page_contents (
  page_id TEXT PRIMARY KEY REFERENCES pages(id) ON DELETE CASCADE,
  content TEXT NOT NULL
);
INSERT INTO page_contents (page_id, content) SELECT id, content FROM pages;
ALTER TABLE pages DROP COLUMN content;
`,
  postgres: `
CREATE TABLE page_contents (
  page_id text PRIMARY KEY REFERENCES pages(id) ON DELETE CASCADE,
  content text NOT NULL
);
ALTER TABLE pages DROP COLUMN content;
`,
};
