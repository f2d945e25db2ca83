import type { Db } from './connection.js';
import type { Migration } from './migrations/migration.js';
import { migrations as allMigrations } from './migrations/index.js';

/** Applies the migrations the database has not seen yet, each in its own transaction. Returns the versions applied. */
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
      db.exec(migration.up);
      migration.backfill?.(db);
      record.run(migration.version, migration.name, new Date().toISOString());
    })();
    done.push(migration.version);
  }
  return done;
}
