import type { Executor } from '../db/database.js';

export interface StoredAnswer {
  requestHash: string;
  status: number;
  sealedAnswer: Buffer;
  expiresAt: string;
}

/** First answers to idempotent requests, per account and hashed Idempotency-Key (migration 0009). */
export class IdempotencyRepository {
  find(executor: Executor, accountId: string, keyHash: string): Promise<StoredAnswer | undefined> {
    return executor
      .selectFrom('idempotency_keys')
      .select(['request_hash as requestHash', 'status', 'sealed_answer as sealedAnswer', 'expires_at as expiresAt'])
      .where('account_id', '=', accountId)
      .where('key_hash', '=', keyHash)
      .executeTakeFirst();
  }

  async insert(executor: Executor, accountId: string, keyHash: string, answer: StoredAnswer, createdAt: string): Promise<void> {
    await executor
      .insertInto('idempotency_keys')
      .values({
        account_id: accountId,
        key_hash: keyHash,
        request_hash: answer.requestHash,
        status: answer.status,
        sealed_answer: answer.sealedAnswer,
        created_at: createdAt,
        expires_at: answer.expiresAt,
      })
      .execute();
  }

  /** Deletes every answer past its retention; cheap on the expiry index. */
  async removeExpired(executor: Executor, now: string): Promise<void> {
    await executor.deleteFrom('idempotency_keys').where('expires_at', '<=', now).execute();
  }
}
