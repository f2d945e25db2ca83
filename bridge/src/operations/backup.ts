import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { migrationState } from '../db/migration-state.js';
import { ConflictError, NotFoundError } from '../errors.js';
import { openExisting, partialFileOf } from './database-file.js';

export interface BackupResult {
  file: string;
  bytes: number;
  /** Migrations the copy has applied. */
  migrations: number;
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
    // It holds what the database holds (key hashes, every site's pages): readable by its owner alone, whatever the umask.
    fs.chmodSync(partial, 0o600);
    fs.renameSync(partial, target);
    return { file: target, bytes: fs.statSync(target).size, migrations };
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  } finally {
    db.close();
  }
}
