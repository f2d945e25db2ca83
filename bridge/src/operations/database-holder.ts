import fs from 'node:fs';
import Database from 'better-sqlite3';
import { isDatabaseBusy } from '../db/connection.js';
import { ConflictError } from '../errors.js';

/**
 * Takes the database for this process alone, or refuses with 409 conflict while another process has it open. The
 * bridge keeps its connection in WAL mode, in which every open connection holds a shared lock on the file until it
 * closes; leaving WAL mode needs them all gone, so that change is the test (an operating-system lock: a bridge that
 * crashed holds nothing). The returned connection keeps an exclusive lock until `release()`: a bridge starting
 * meanwhile waits, then fails to start, instead of opening a file about to be replaced. Null when there is no file.
 */
export function takeDatabase(file: string): { release: () => void } | null {
  if (!fs.existsSync(file)) return null;
  const inUse = new ConflictError(`${file} is open in another process (a running bridge?): stop it, then run this again.`);
  const db = new Database(file, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 0');
    if (db.pragma('journal_mode = DELETE', { simple: true }) !== 'delete') throw inUse;
    db.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    db.close();
    throw isDatabaseBusy(error) ? inUse : error;
  }
  return {
    release: () => {
      db.exec('ROLLBACK');
      db.close();
    },
  };
}
