import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';

export type Db = Database.Database;

/**
 * How long a statement waits for another writer (the command line, a backup tool, an `sqlite3` shell) to release the
 * database. better-sqlite3 waits synchronously, so every request of the process waits with it: a short wait rides
 * out the command line's few-millisecond writes, and longer holds are answered 503 with Retry-After instead.
 */
export const BUSY_TIMEOUT_MS = 1000;
/** The command line blocks nobody else while it waits, so it may wait out a long sync batch of the bridge. */
export const CLI_BUSY_TIMEOUT_MS = 10_000;

/**
 * PostgreSQL's SQLSTATEs of a database too busy to answer now, where a retry soon may succeed: serialization failure,
 * deadlock detected, lock not available, too many connections, cannot connect now (starting or shutting down).
 */
const POSTGRES_BUSY_STATES = new Set(['40001', '40P01', '55P03', '53300', '57P03']);

/**
 * SQLITE_BUSY or SQLITE_LOCKED, with any extended code (SQLITE_BUSY_SNAPSHOT, …): another connection holds a lock; or
 * on PostgreSQL one of POSTGRES_BUSY_STATES. Answered 503 with Retry-After.
 */
export function isDatabaseBusy(error: unknown): boolean {
  if (error instanceof Database.SqliteError) return /^SQLITE_(BUSY|LOCKED)(_|$)/.test(error.code);
  return error instanceof pg.DatabaseError && error.code !== undefined && POSTGRES_BUSY_STATES.has(error.code);
}

/** A row whose key another transaction inserted first (SQLite's constraint codes, PostgreSQL's 23505). */
export function isUniqueViolation(error: unknown): boolean {
  if (error instanceof Database.SqliteError) return error.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || error.code === 'SQLITE_CONSTRAINT_UNIQUE';
  return error instanceof pg.DatabaseError && error.code === '23505';
}

/**
 * Call when a statement has waited the whole busy timeout in vain: the holder is a long one (a backup, a shell), so
 * for the next timeout's length statements give up at once (503 straight away) instead of each stalling the event
 * loop, and so every other request, for the full timeout. Then waiting resumes. Returns the function to call.
 */
export function busyBackoff(db: Db, timeoutMs = BUSY_TIMEOUT_MS): () => void {
  let resume: NodeJS.Timeout | undefined;
  return () => {
    if (resume || !db.open) return;
    db.pragma('busy_timeout = 0');
    resume = setTimeout(() => {
      resume = undefined;
      if (db.open) db.pragma(`busy_timeout = ${timeoutMs}`);
    }, timeoutMs);
    resume.unref();
  };
}

/**
 * Opens the bridge's one SQLite connection. WAL lets readers (e.g. a backup) work while we write; NORMAL sync is
 * durable across application crashes in WAL mode and much faster than FULL.
 */
export function openDatabase(file: string, options: { busyTimeoutMs?: number } = {}): Db {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma(`busy_timeout = ${options.busyTimeoutMs ?? BUSY_TIMEOUT_MS}`);
  return db;
}
