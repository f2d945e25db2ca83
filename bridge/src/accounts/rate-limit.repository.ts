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

  async set(accountId: string, usage: WindowUsage): Promise<void> {
    await this.db
      .insertInto('rate_limit_windows')
      .values({ account_id: accountId, window_start: usage.windowStart, used: usage.used })
      .onConflict((conflict) => conflict.column('account_id').doUpdateSet((eb) => ({ window_start: eb.ref('excluded.window_start'), used: eb.ref('excluded.used') })))
      .execute();
  }
}
