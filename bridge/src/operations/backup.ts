import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { BUSY_TIMEOUT_MS } from '../db/connection.js';
import { migrationState } from '../db/migration-state.js';
import { ConflictError, NotFoundError, ValidationError } from '../errors.js';

export interface BackupResult {
  file: string;
  bytes: number;
  /** Migrations the copy has applied. */
  migrations: number;
}

/** A file next to `file`, unique to this process: written in full, then renamed into place. */
export function partialFileOf(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.partial-${process.pid}`);
}

/** Opens an existing Interlinker database without writing to it (no migration, no change of journal mode). */
export function openExisting(file: string, what: string): Database.Database {
  if (!fs.existsSync(file)) throw new NotFoundError(`${what} ${file}`);
  const db = new Database(file, { fileMustExist: true });
  try {
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    if (migrationState(db) === null) {
      throw new ValidationError([{ field: 'file', message: file }], `${file} is not an Interlinker database (it has no schema_migrations table).`);
    }
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * Copies the database with SQLite's online backup while the bridge keeps serving: all pages in one step, so that the
 * copy is one read transaction's view (WAL lets the bridge write meanwhile; a step cut in several would start over
 * at each of its writes). The copy is a single self-contained file (rollback journal, no -wal beside it), written
 * under a temporary name and renamed into place, so `destination` is either the old file or a whole backup.
 */
export async function backupDatabase(sourceFile: string, destination: string): Promise<BackupResult> {
  const source = path.resolve(sourceFile);
  const target = path.resolve(destination);
  if (source === target) throw new ConflictError('The backup must go to another file than the database itself.');
  if (!fs.existsSync(path.dirname(target))) throw new NotFoundError(`Directory ${path.dirname(target)}`);
  const db = openExisting(source, 'Database');
  const partial = partialFileOf(target);
  try {
    fs.rmSync(partial, { force: true });
    // better-sqlite3 copies 100 pages a step unless told otherwise: the most it takes is all that remain.
    await db.backup(partial, { progress: () => 0x7fffffff });
    const copy = new Database(partial);
    let migrations: number;
    try {
      copy.pragma('journal_mode = DELETE');
      migrations = migrationState(copy)!.applied.length;
    } finally {
      copy.close();
    }
    fs.renameSync(partial, target);
    return { file: target, bytes: fs.statSync(target).size, migrations };
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  } finally {
    db.close();
  }
}
