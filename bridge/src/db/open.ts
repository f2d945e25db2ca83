import { openDatabase } from './connection.js';
import { postgresBackend, sqliteBackend, type DatabaseBackend } from './database.js';

/** Where the configuration keeps the data (config.ts): INTERLINKER_DATABASE_URL, else the INTERLINKER_DB file. */
export interface DatabaseLocation {
  databaseFile: string;
  databaseUrl: string | null;
}

/** Opens the configured database (not migrated). */
export function openConfiguredDatabase(location: DatabaseLocation, options: { busyTimeoutMs?: number } = {}): DatabaseBackend {
  return location.databaseUrl ? postgresBackend(location.databaseUrl) : sqliteBackend(openDatabase(location.databaseFile, options));
}

/** The database's name for logs and messages: the file, or the URL without its password. */
export function describeDatabase(location: DatabaseLocation): string {
  if (!location.databaseUrl) return location.databaseFile;
  const url = new URL(location.databaseUrl);
  if (url.password) url.password = '***';
  return url.toString();
}
