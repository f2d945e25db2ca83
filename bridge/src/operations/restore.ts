import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { migrationState, type MigrationState } from '../db/migration-state.js';
import { ConflictError, ValidationError } from '../errors.js';
import { openExisting, partialFileOf } from './database-file.js';
import { takeDatabase } from './database-holder.js';

export interface RestoreResult {
  migrations: MigrationState;
  /** Where the replaced database was kept (a hard link to it), or null when there was none. */
  previous: string | null;
}

/** The backup's migrations, once it is known to be a sound Interlinker database that this build can run. */
function verifiedBackup(backup: Database.Database, file: string): MigrationState {
  const integrity = backup.pragma('quick_check', { simple: true });
  if (integrity !== 'ok') throw new ValidationError([{ field: 'file', message: String(integrity) }], `${file} is damaged: ${String(integrity)}`);
  const migrations = migrationState(backup)!;
  if (migrations.unknown.length > 0) {
    throw new ConflictError(
      `${file} has migrations ${migrations.unknown.join(', ')}, unknown to this bridge: it was written by a newer version. Restore it with that version.`,
    );
  }
  return migrations;
}

/**
 * Replaces the database with a backup, only while no process has the database open (takeDatabase). The backup is
 * checked first (SQLite's quick_check, migrations this build knows), copied next to the database with SQLite's
 * backup API and renamed over it: the database is the old file or the whole backup, never a mix. The old file stays
 * as `<database>.before-restore` (a hard link where the file system has them). Migrations the backup lacks run at the
 * next start.
 */
export async function restoreDatabase(backupFile: string, databaseFile: string): Promise<RestoreResult> {
  const target = path.resolve(databaseFile);
  const backup = openExisting(path.resolve(backupFile), 'Backup');
  const partial = partialFileOf(target);
  let held: { release: () => void } | null = null;
  try {
    const migrations = verifiedBackup(backup, backupFile);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.rmSync(partial, { force: true });
    await backup.backup(partial);
    held = takeDatabase(target);
    let previous: string | null = null;
    if (held !== null) {
      previous = `${target}.before-restore`;
      fs.rmSync(previous, { force: true });
      try {
        fs.linkSync(target, previous);
      } catch {
        // A file system without hard links: a copy, then.
        fs.copyFileSync(target, previous);
      }
    }
    // The database keeps the permissions it had; a new one is its owner's alone.
    fs.chmodSync(partial, held === null ? 0o600 : fs.statSync(target).mode & 0o777);
    // Left by a bridge that did not stop cleanly: SQLite would read them as part of the restored file.
    for (const suffix of ['-wal', '-shm']) fs.rmSync(target + suffix, { force: true });
    fs.renameSync(partial, target);
    return { migrations, previous };
  } finally {
    held?.release();
    fs.rmSync(partial, { force: true });
    backup.close();
  }
}
