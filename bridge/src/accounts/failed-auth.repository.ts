import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema.js';

/** Failed authentications per client address (migration 0018), shared by every bridge on the database. */
export class FailedAuthRepository {
  constructor(private readonly db: Kysely<Schema>) {}

  /** The times (ms) of the address's latest `limit` failures after `since`, latest first. */
  async latest(address: string, since: number, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('failed_auth_attempts')
      .select('failed_at')
      .where('address', '=', address)
      .where('failed_at', '>', since)
      .orderBy('failed_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => Number(row.failed_at));
  }

  /** Records a failure and forgets every address's failures at or before `expiredBy`, in one transaction. */
  async record(address: string, at: number, expiredBy: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('failed_auth_attempts').where('failed_at', '<=', expiredBy).execute();
      await trx.insertInto('failed_auth_attempts').values({ address, failed_at: at }).execute();
    });
  }
}
