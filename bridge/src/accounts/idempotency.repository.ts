import type { Db } from '../db/connection.js';

export interface StoredAnswer {
  requestHash: string;
  status: number;
  sealedAnswer: Buffer;
  expiresAt: string;
}

/** First answers to idempotent requests, per account and hashed Idempotency-Key (migration 0009). */
export class IdempotencyRepository {
  private readonly statements;

  constructor(db: Db) {
    this.statements = {
      find: db.prepare(
        `SELECT request_hash AS requestHash, status, sealed_answer AS sealedAnswer, expires_at AS expiresAt
         FROM idempotency_keys WHERE account_id = ? AND key_hash = ?`,
      ),
      insert: db.prepare(
        `INSERT INTO idempotency_keys (account_id, key_hash, request_hash, status, sealed_answer, created_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ),
      removeExpired: db.prepare('DELETE FROM idempotency_keys WHERE expires_at <= ?'),
    };
  }

  find(accountId: string, keyHash: string): StoredAnswer | undefined {
    return this.statements.find.get(accountId, keyHash) as StoredAnswer | undefined;
  }

  insert(accountId: string, keyHash: string, answer: StoredAnswer, createdAt: string): void {
    this.statements.insert.run(accountId, keyHash, answer.requestHash, answer.status, answer.sealedAnswer, createdAt, answer.expiresAt);
  }

  /** Deletes every answer past its retention; cheap on the expiry index. */
  removeExpired(now: string): void {
    this.statements.removeExpired.run(now);
  }
}
