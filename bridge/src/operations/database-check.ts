import type { Db } from '../db/connection.js';
import type { MigrationState } from '../db/migration-state.js';
import { checkProjectIndex, type ProjectIndexReport } from './index-consistency.js';

/** What `interlinker-bridge check` found. */
export interface DatabaseCheckReport {
  /** SQLite's integrity_check lines: ['ok'] when the file is sound. */
  integrity: string[];
  migrations: MigrationState;
  projects: ProjectIndexReport[];
  /** Every problem found, one sentence each: none when the database is sound. */
  problems: string[];
}

/** integrity_check stops after this many errors: a damaged file can hold millions, and a hundred tell the story. */
const MAX_INTEGRITY_ERRORS = 100;

/**
 * Checks an Interlinker database: the file's integrity, its migrations against this build's, and each project's
 * stored search index against its rows. One read transaction, so a bridge writing meanwhile is neither blocked
 * (WAL) nor seen half-way. `migrations` must be the database's (migrationState), known to be an Interlinker one.
 */
export function checkDatabase(db: Db, migrations: MigrationState): DatabaseCheckReport {
  return db.transaction(() => {
    const integrity = db.pragma(`integrity_check(${MAX_INTEGRITY_ERRORS})`, { simple: false }) as { integrity_check: string }[];
    const lines = integrity.map((row) => row.integrity_check);
    const problems: string[] = [];
    if (lines.length !== 1 || lines[0] !== 'ok') problems.push(...lines.map((line) => `integrity: ${line}`));
    if (migrations.unknown.length > 0) {
      problems.push(`migrations ${migrations.unknown.join(', ')} are unknown to this bridge: the database was written by a newer version`);
    }
    if (problems.length === 0) {
      const foreignKeys = db.pragma('foreign_key_check') as unknown[];
      if (foreignKeys.length > 0) problems.push(`${foreignKeys.length} rows refer to rows that do not exist (foreign_key_check)`);
    }

    const projects: ProjectIndexReport[] = [];
    // Indexes are compared with rows only in a sound file of this build's schema (a damaged one may not even read).
    if (problems.length === 0 && migrations.pending.length === 0) {
      for (const projectId of db.prepare('SELECT id FROM projects ORDER BY created_at, id').pluck().all() as string[]) {
        const report = checkProjectIndex(db, projectId);
        projects.push(report);
        problems.push(...report.problems.map((problem) => `project ${projectId}: ${problem}`));
      }
    }
    return { integrity: lines, migrations, projects, problems };
  })();
}
