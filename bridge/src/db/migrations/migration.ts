import type { Compilable, Kysely } from 'kysely';
import type { Db } from '../connection.js';

/**
 * A numbered, forward-only schema change, run in one transaction. Those shipped before PostgreSQL (1–17) are
 * SQLite's SQL as it ran (`up`; `backfill`, when present, runs after it for data that SQL alone cannot derive, e.g.
 * parsing URLs) with `postgres`, the same change in PostgreSQL's types (bytea for BLOB, double precision for REAL,
 * bigint where a total may pass 2^31, plpgsql trigger functions); PostgreSQL databases begin at the version that
 * added them, so those run on empty tables and move no data. Later ones are `portable`: Kysely schema builders,
 * compiled for whichever backend runs them.
 */
export type Migration = ShippedMigration | PortableMigration | PostgresOnlyMigration;

export interface ShippedMigration {
  version: number;
  name: string;
  up: string;
  backfill?: (db: Db) => void;
  postgres: string;
}

export interface PortableMigration {
  version: number;
  name: string;
  /** The statements, built on the schema module of a Kysely of the backend's dialect (never executed there). */
  portable: (schema: Kysely<unknown>['schema']) => Compilable[];
}

/** A change only PostgreSQL needs (one of its limits that SQLite does not have): recorded on SQLite, doing nothing. */
export interface PostgresOnlyMigration {
  version: number;
  name: string;
  /** Static DDL, several statements. */
  postgresOnly: string;
}
