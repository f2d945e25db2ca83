import type { Db } from '../db/connection.js';

export interface WindowUsage {
  windowStart: number;
  used: number;
}

/** Per-account request counts of the current fixed window, kept in SQLite so that a restart does not reset them. */
export class RateLimitRepository {
  private readonly select;
  private readonly upsert;

  constructor(db: Db) {
    this.select = db.prepare('SELECT window_start AS windowStart, used FROM rate_limit_windows WHERE account_id = ?');
    this.upsert = db.prepare(
      `INSERT INTO rate_limit_windows (account_id, window_start, used) VALUES (?, ?, ?)
       ON CONFLICT (account_id) DO UPDATE SET window_start = excluded.window_start, used = excluded.used`,
    );
  }

  get(accountId: string): WindowUsage | undefined {
    return this.select.get(accountId) as WindowUsage | undefined;
  }

  set(accountId: string, usage: WindowUsage): void {
    this.upsert.run(accountId, usage.windowStart, usage.used);
  }
}
