import type { Migration } from './migration.js';

/**
 * The language of each page (a BCP 47 tag, canonical: "de-DE"), kept with the page so that an unchanged re-sync is
 * recognised, and with its search document so that a rebuilt index reads each page in its language and pairs pages
 * of one language only. Pages stored before were all analysed as English.
 */
export const migration: Migration = {
  version: 12,
  name: 'page-language',
  up: `ALTER TABLE pages ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
ALTER TABLE search_documents ADD COLUMN language TEXT NOT NULL DEFAULT 'en';`,
  postgres: `
ALTER TABLE pages ADD COLUMN language text NOT NULL DEFAULT 'en';
ALTER TABLE search_documents ADD COLUMN language text NOT NULL DEFAULT 'en';
`,
};
