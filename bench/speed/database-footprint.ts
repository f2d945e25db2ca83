/**
 * How many bytes a bridge database gives to what, read with SQLite's dbstat table (pages in use per table and index,
 * WAL checkpointed first so that the file holds them): the bridge does not report its index size, and its data on
 * disk is the one figure that counts the index alone (RSS also counts the runtime, caches and garbage).
 */
import Database from 'better-sqlite3';

/** The search index proper: vocabulary, URLs, per-page postings and terms, collection statistics. */
const INDEX_TABLES = new Set(['search_terms', 'search_urls', 'search_documents', 'search_stats']);
/** Copies of pages' text the engine keeps to find anchors and re-index. */
const TEXT_TABLES = new Set(['search_texts', 'page_contents']);

export interface DatabaseFootprint {
  databaseBytes: number;
  indexBytes: number;
  textBytes: number;
}

export function databaseFootprint(dbFile: string): DatabaseFootprint {
  const db = new Database(dbFile, { fileMustExist: true });
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
    const owners = new Map(
      (db.prepare("SELECT name, tbl_name AS owner FROM sqlite_schema WHERE type IN ('table', 'index')").all() as { name: string; owner: string }[]).map(
        (row) => [row.name, row.owner],
      ),
    );
    const sizes = db.prepare('SELECT name, SUM(pgsize) AS bytes FROM dbstat GROUP BY name').all() as { name: string; bytes: number }[];
    const footprint: DatabaseFootprint = { databaseBytes: 0, indexBytes: 0, textBytes: 0 };
    for (const { name, bytes } of sizes) {
      // Automatic indexes (primary keys of WITHOUT ROWID tables, UNIQUE) are named sqlite_autoindex_<table>_N.
      const owner = owners.get(name) ?? /^sqlite_autoindex_(.+)_\d+$/.exec(name)?.[1] ?? name;
      footprint.databaseBytes += bytes;
      if (INDEX_TABLES.has(owner)) footprint.indexBytes += bytes;
      if (TEXT_TABLES.has(owner)) footprint.textBytes += bytes;
    }
    return footprint;
  } finally {
    db.close();
  }
}
