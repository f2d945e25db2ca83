import Database from 'better-sqlite3';
import { checkDatabase } from './database-check.js';
import { openExisting } from './database-file.js';
import { migrationState } from '../db/migration-state.js';

/** `check`'s exit code when it ran and found a problem (1 is for a check that could not run). */
export const CHECK_PROBLEMS_EXIT_CODE = 2;

/** SQLite's answer to a file too damaged to read (or no database at all). */
function isDamaged(error: unknown): boolean {
  return error instanceof Database.SqliteError && /^SQLITE_(CORRUPT|NOTADB)/.test(error.code);
}

/** What `interlinker-bridge check` prints: a line per part checked, and the problems found. */
export function runDatabaseCheck(file: string): { lines: string[]; problems: string[] } {
  let db: Database.Database;
  try {
    db = openExisting(file, 'Database');
  } catch (error) {
    if (isDamaged(error)) return { lines: [`Database ${file}`], problems: [`the file cannot be read as a database: ${(error as Error).message}`] };
    throw error;
  }
  try {
    const report = checkDatabase(db, migrationState(db)!);
    const { migrations } = report;
    const lines = [
      `Database ${file}`,
      `Integrity: ${report.integrity.length === 1 && report.integrity[0] === 'ok' ? 'ok' : `${report.integrity.length} errors`}`,
      `Migrations: ${migrations.applied.length} applied, this bridge knows ${migrations.known.length}` +
        (migrations.pending.length > 0 ? ` (the next start applies ${migrations.pending.join(', ')}; indexes not compared until then)` : ''),
      ...report.projects.map(
        (project) => `Project ${project.projectId}: ${project.pages} pages, index revision ${project.revision}: ${project.problems.length === 0 ? 'ok' : 'PROBLEMS'}`,
      ),
    ];
    return { lines, problems: report.problems };
  } catch (error) {
    if (isDamaged(error)) return { lines: [`Database ${file}`], problems: [`the file is damaged: ${(error as Error).message}`] };
    throw error;
  } finally {
    db.close();
  }
}
