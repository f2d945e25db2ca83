import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler, sql } from 'kysely';
import type { Db } from './connection.js';
import type { DatabaseBackend } from './database.js';
import type { Migration } from './migrations/migration.js';
import { migrations as allMigrations } from './migrations/index.js';

/** Kyselys that only compile (a driver that runs nothing): portable migrations' statements in each dialect. */
const sqliteCompiler = new Kysely<unknown>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});
const postgresCompiler = new Kysely<unknown>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

/** Applies the migrations the SQLite database has not seen yet, each in its own transaction. Returns the versions applied. */
export function migrate(db: Db, migrations: readonly Migration[] = allMigrations): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
  const applied = new Set(
    db.prepare('SELECT version FROM schema_migrations').pluck().all() as number[],
  );
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  const done: number[] = [];
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    if (applied.has(migration.version)) continue;
    db.transaction(() => {
      if ('portable' in migration) {
        for (const statement of migration.portable(sqliteCompiler.schema)) {
          const { sql: text, parameters } = statement.compile();
          db.prepare(text).run(...(parameters as unknown[]));
        }
      } else if ('up' in migration) {
        db.exec(migration.up);
        migration.backfill?.(db);
      }
      record.run(migration.version, migration.name, new Date().toISOString());
    })();
    done.push(migration.version);
  }
  return done;
}

/**
 * Serialises bridges that start at the same moment on one PostgreSQL database: the second waits for the first's
 * migrations, then finds nothing left to apply. Any constant of the bridge's own would do.
 */
const POSTGRES_MIGRATION_LOCK = 7_700_029;

/** Applies PostgreSQL's rendering of the migrations not applied yet, each in its own transaction. */
async function migratePostgres(backend: DatabaseBackend, migrations: readonly Migration[]): Promise<number[]> {
  const { db } = backend;
  return db.connection().execute(async (connection) => {
    await sql`SELECT pg_advisory_lock(${POSTGRES_MIGRATION_LOCK})`.execute(connection);
    try {
      await connection.schema
        .createTable('schema_migrations')
        .ifNotExists()
        .addColumn('version', 'integer', (column) => column.primaryKey())
        .addColumn('name', 'text', (column) => column.notNull())
        .addColumn('applied_at', 'text', (column) => column.notNull())
        .execute();
      const applied = new Set((await connection.selectFrom('schema_migrations').select('version').execute()).map((row) => row.version));
      const done: number[] = [];
      for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
        if (applied.has(migration.version)) continue;
        await connection.transaction().execute(async (trx) => {
          if ('portable' in migration) {
            for (const statement of migration.portable(postgresCompiler.schema)) await trx.executeQuery(statement.compile());
          } else {
            // The migration's own static DDL (several statements, no parameters): never text from outside.
            await sql.raw('postgres' in migration ? migration.postgres : migration.postgresOnly).execute(trx);
          }
          await trx
            .insertInto('schema_migrations')
            .values({ version: migration.version, name: migration.name, applied_at: new Date().toISOString() })
            .execute();
        });
        done.push(migration.version);
      }
      return done;
    } finally {
      await sql`SELECT pg_advisory_unlock(${POSTGRES_MIGRATION_LOCK})`.execute(connection);
    }
  });
}

/** Applies the migrations the backend's database has not seen yet. Returns the versions applied. */
export async function migrateBackend(backend: DatabaseBackend, migrations: readonly Migration[] = allMigrations): Promise<number[]> {
  return backend.sqlite ? migrate(backend.sqlite, migrations) : migratePostgres(backend, migrations);
}
