import type { Db } from '../connection.js';

/**
 * A numbered, forward-only schema change, run in one transaction: `up` is plain SQL; `backfill`, when present,
 * runs after it for data that SQL alone cannot derive (e.g. parsing URLs).
 */
export interface Migration {
  version: number;
  name: string;
  up: string;
  backfill?: (db: Db) => void;
}
