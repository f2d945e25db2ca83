import type { Migration } from './migration.js';

/**
 * When each page was first published and last modified, as the site says (UTC ISO 8601, null when it sends none):
 * what tells one post of a dated series from another. Kept with the page, not in its analysis: a changed date alone
 * does not analyse the page again.
 */
export const migration: Migration = {
  version: 17,
  name: 'page-dates',
  up: `ALTER TABLE pages ADD COLUMN published_at TEXT;
ALTER TABLE pages ADD COLUMN modified_at TEXT;`,
  postgres: `
ALTER TABLE pages ADD COLUMN published_at text;
ALTER TABLE pages ADD COLUMN modified_at text;
`,
};
