import { sql } from 'kysely';
import type { Db } from './connection.js';
import type { DatabaseBackend } from './database.js';
import { migrations as knownMigrations } from './migrations/index.js';
import type { Migration } from './migrations/migration.js';

/** Which migrations a database has applied, against those this build knows. */
export interface MigrationState {
  applied: number[];
  known: number[];
  /** Known but not applied yet: the next start applies them. */
  pending: number[];
  /** Applied but unknown to this build: the database was written by a newer bridge. */
  unknown: number[];
}

function stateOf(applied: number[], migrations: readonly Migration[]): MigrationState {
  const known = migrations.map((migration) => migration.version).sort((a, b) => a - b);
  const appliedSet = new Set(applied);
  const knownSet = new Set(known);
  return {
    applied,
    known,
    pending: known.filter((version) => !appliedSet.has(version)),
    unknown: applied.filter((version) => !knownSet.has(version)),
  };
}

/**
 * The database's migrations, or null when it has no migration table (not an Interlinker database, or an empty
 * file). Only reads.
 */
export function migrationState(db: Db, migrations: readonly Migration[] = knownMigrations): MigrationState | null {
  const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get();
  if (table === undefined) return null;
  const applied = db.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all() as number[];
  return stateOf(applied, migrations);
}

/** migrationState for either backend. */
export async function migrationStateOf(backend: DatabaseBackend, migrations: readonly Migration[] = knownMigrations): Promise<MigrationState | null> {
  if (backend.sqlite) return migrationState(backend.sqlite, migrations);
  const { rows } = await sql<{ present: boolean }>`SELECT to_regclass('schema_migrations') IS NOT NULL AS present`.execute(backend.db);
  if (!rows[0]?.present) return null;
  const applied = await backend.db.selectFrom('schema_migrations').select('version').orderBy('version').execute();
  return stateOf(applied.map((row) => row.version), migrations);
}
