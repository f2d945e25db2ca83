import type { Migration } from './migration.js';

/**
 * PostgreSQL's btree keeps a whole key in an index entry, at most about 2,700 bytes, and the API accepts URLs of
 * 2,048 characters: of multibyte characters, up to 8 KB. So on PostgreSQL a page's URL key and a link's target are
 * indexed by their SHA-256 (`url_key_hash`, 32 bytes) instead of their text, and the repositories look them up and
 * upsert on that expression (pages.repository.ts). SQLite keeps the text in its indexes, whatever its length.
 * `convert_to` is stable only because an encoding could change; a database's cannot, so the hash is immutable.
 */
export const migration: Migration = {
  version: 19,
  name: 'url-key-hashes',
  postgresOnly: `
CREATE FUNCTION url_key_hash(key text) RETURNS bytea
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN sha256(convert_to(key, 'UTF8'));

ALTER TABLE pages DROP CONSTRAINT pages_project_id_url_key_key;
CREATE UNIQUE INDEX pages_project_url_key ON pages (project_id, url_key_hash(url_key));

DROP INDEX page_links_target;
CREATE INDEX page_links_target ON page_links (project_id, url_key_hash(target_key));
`,
};
