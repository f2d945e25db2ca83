import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema.js';

export interface WindowUsage {
  windowStart: number;
  used: number;
}

/**
 * Per-account request counts of the current fixed window, kept in the database so that neither a restart nor another
 * bridge on the same database starts them afresh.
 */
export class RateLimitRepository {
  constructor(private readonly db: Kysely<Schema>) {}

  get(accountId: string): Promise<WindowUsage | undefined> {
    return this.db
      .selectFrom('rate_limit_windows')
      .select(['window_start as windowStart', 'used'])
      .where('account_id', '=', accountId)
      .executeTakeFirst();
  }

  /**
   * Counts one request in the account's window starting at `windowStart`, unless `limit` requests are counted there
   * already: one statement, so that bridges sharing the database never both take the last request of a window.
   * Returns the count after this request, or null when the window was used up.
   */
  async take(accountId: string, windowStart: number, limit: number): Promise<number | null> {
    const row = await this.db
      .insertInto('rate_limit_windows')
      .values({ account_id: accountId, window_start: windowStart, used: 1 })
      .onConflict((conflict) =>
        conflict
          .column('account_id')
          .doUpdateSet((eb) => ({
            used: eb.case().when('rate_limit_windows.window_start', '=', windowStart).then(eb('rate_limit_windows.used', '+', 1)).else(1).end(),
            window_start: windowStart,
          }))
          .where((eb) => eb.or([eb('rate_limit_windows.window_start', '<>', windowStart), eb('rate_limit_windows.used', '<', limit)])),
      )
      .returning('used')
      .executeTakeFirst();
    return row?.used ?? null;
  }
}
