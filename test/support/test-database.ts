import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Db } from '../../bridge/src/db/connection.js';
import { postgresBackend, sqliteBackend, type DatabaseBackend } from '../../bridge/src/db/database.js';
import { migrate, migrateBackend } from '../../bridge/src/db/migrate.js';

/** Which backend the API tests run on: `INTERLINKER_TEST_DATABASE=postgres`, else SQLite. */
export const TEST_BACKEND: 'sqlite' | 'postgres' = process.env.INTERLINKER_TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';

export interface TestDatabase {
  database: DatabaseBackend;
  /** The SQLite connection; on PostgreSQL a stand-in that throws when used. */
  sqlite: Db;
  /** Closes the connection; on PostgreSQL also drops a database made for this test (not one a restart reopens). */
  close: () => Promise<void>;
}

/** PostgreSQL databases by the `dbFile` name of the bridge that made them, so that a restart opens the same one. */
const postgresDatabases = new Map<string, string>();

/** Any use of the SQLite connection on PostgreSQL: the test reads or writes the SQLite file itself. */
const sqliteOnly = new Proxy({} as Db, {
  get(_target, property) {
    throw new Error(`This test uses the SQLite connection (db.${String(property)}): it runs on SQLite only.`);
  },
});

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject('postgresAdminUrl') });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** An empty PostgreSQL database in the run's cluster, for a bridge started as a process; `drop` removes it. */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `interlinker_process_${process.pid}_${Date.now()}_${postgresDatabases.size}`;
  postgresDatabases.set(name, name);
  // A name of our own making (digits and underscores): identifiers cannot be parameters.
  await adminQuery(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'`);
  const url = new URL(inject('postgresAdminUrl'));
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      postgresDatabases.delete(name);
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** A migrated database for one test bridge: the SQLite file `dbFile`, or a PostgreSQL database named after it. */
export async function openTestDatabase(dbFile: string, { fresh }: { fresh: boolean }): Promise<TestDatabase> {
  if (TEST_BACKEND === 'sqlite') {
    const sqlite = openDatabase(dbFile);
    migrate(sqlite);
    return {
      database: sqliteBackend(sqlite),
      sqlite,
      close: async () => {
        sqlite.close();
      },
    };
  }
  let name = postgresDatabases.get(dbFile);
  if (name === undefined) {
    name = `interlinker_${postgresDatabases.size}_${process.pid}_${Date.now()}`;
    // A name of our own making (digits and underscores): identifiers cannot be parameters.
    await adminQuery(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'`);
    postgresDatabases.set(dbFile, name);
  }
  const url = new URL(inject('postgresAdminUrl'));
  url.pathname = `/${name}`;
  const database = postgresBackend(url.toString(), { poolSize: 4 });
  await migrateBackend(database);
  const dropped = name;
  return {
    database,
    sqlite: sqliteOnly,
    async close() {
      await database.close();
      if (!fresh) return;
      postgresDatabases.delete(dbFile);
      await adminQuery(`DROP DATABASE IF EXISTS ${dropped} WITH (FORCE)`);
    },
  };
}

/** A PostgreSQL database several test bridges share (as bridges behind a load balancer do): migrated, kept at close. */
export async function sharedPostgresDatabase(url: string): Promise<TestDatabase> {
  const database = postgresBackend(url, { poolSize: 4 });
  await migrateBackend(database);
  return { database, sqlite: sqliteOnly, close: () => database.close() };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The throwaway cluster's maintenance database (test/support/postgres-global-setup.ts). */
    postgresAdminUrl: string;
  }
}
