import { Kysely, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import pg from 'pg';
import type { Db } from './connection.js';
import { PostgresTextPlugin } from './postgres-text.js';
import { cachingStatements } from './statement-cache.js';
import type { Schema } from './schema.js';

/** Where the bridge's tables live: the embedded SQLite file (the default) or a PostgreSQL database. */
export type BackendKind = 'sqlite' | 'postgres';

/** A query runner: the database, or a transaction that repositories are handed to take part in. */
export type Executor = Kysely<Schema> | Transaction<Schema>;

export interface DatabaseBackend {
  kind: BackendKind;
  db: Kysely<Schema>;
  /** The SQLite connection, for what only SQLite has (online backup, integrity check, pragmas); null on PostgreSQL. */
  sqlite: Db | null;
  /** Ends the pool or closes the connection. */
  close: () => Promise<void>;
}

/** Kysely over the bridge's better-sqlite3 connection: the same connection the SQLite-only operations use. */
export function sqliteBackend(sqlite: Db): DatabaseBackend {
  const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: cachingStatements(sqlite) }) });
  return { kind: 'sqlite', db, sqlite, close: () => db.destroy() };
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/**
 * node-postgres gives 64-bit integers (COUNT(*), bigint columns) and numerics (SUM) as strings, since they may exceed
 * a double's exact range; the bridge's counts and byte totals stay far below 2^53, so both are read as numbers, the
 * same values SQLite gives.
 */
const numberTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID || oid === NUMERIC_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

/** How many connections one bridge keeps to PostgreSQL: requests, background generation and a sync in progress at once. */
export const POSTGRES_POOL_SIZE = 10;

/** Kysely over a node-postgres pool on `url` (postgres://user:password@host:port/database). */
export function postgresBackend(url: string, options: { poolSize?: number } = {}): DatabaseBackend {
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? POSTGRES_POOL_SIZE, types: numberTypes });
  // An idle connection the server closed (a restart, a failover): the pool drops it and the next query connects
  // afresh. Unheard, the event would end the process.
  pool.on('error', () => undefined);
  const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }), plugins: [new PostgresTextPlugin()] });
  return { kind: 'postgres', db, sqlite: null, close: () => db.destroy() };
}

/** Whether a database URL names PostgreSQL (the only server database the bridge runs on). */
export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}
