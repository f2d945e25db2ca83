import type { Db } from '../connection.js';

/**
 * A numbered, forward-only schema change, run in one transaction. `up` is SQLite's SQL, as shipped; `backfill`,
 * when present, runs after it for data that SQL alone cannot derive (e.g. parsing URLs). `postgres` is the same
 * schema change in PostgreSQL's types (bytea for BLOB, double precision for REAL, bigint where a total may pass 2^31,
 * plpgsql trigger functions). PostgreSQL databases begin at the bridge version that added them, so every one runs
 * these on empty tables: they move no data.
 */
export interface Migration {
  version: number;
  name: string;
  up: string;
  backfill?: (db: Db) => void;
  postgres: string;
}
