import type { Migration } from './migration.js';

/**
 * The phrases a site's editors want a page linked for (a focus keyphrase, the editor sidebar's list), as a JSON array
 * of strings: kept with the page so that an unchanged re-sync is recognised and a restart indexes them again. Pages
 * stored before have none.
 */
export const migration: Migration = {
  version: 11,
  name: 'page-keyphrases',
  up: "ALTER TABLE pages ADD COLUMN keyphrases TEXT NOT NULL DEFAULT '[]';",
  postgres: `ALTER TABLE pages ADD COLUMN keyphrases text NOT NULL DEFAULT '[]';`,
};
