import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { BUSY_TIMEOUT_MS } from '../db/connection.js';
import { migrationState } from '../db/migration-state.js';
import { NotFoundError, ValidationError } from '../errors.js';

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
