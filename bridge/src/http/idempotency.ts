import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { IdempotencyRepository } from '../accounts/idempotency.repository.js';
import { sql, type Kysely } from 'kysely';
import { isUniqueViolation } from '../db/connection.js';
import type { BackendKind, Executor } from '../db/database.js';
import type { Schema } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { authOf } from './auth.js';
import { ConflictError, ValidationError } from '../errors.js';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Set on an answer that repeats a stored one. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';
export const IDEMPOTENCY_RETENTION_HOURS = 24;
/** Long enough that a key is not guessed from its hash (the stored answer is encrypted under it), e.g. a UUID. */
const KEY_PATTERN = /^[\x21-\x7e]{16,255}$/;

/** An answer as sent: status and the JSON text of the envelope. */
export interface Answer {
  status: number;
  body: string;
}

/** 409 with Retry-After: another request with the key has not been answered yet. */
function inProgress(): ConflictError {
  return new ConflictError('A request with this Idempotency-Key is still in progress: try again once it has been answered.', undefined, {
    'Retry-After': '1',
  });
}

/** The same JSON value whatever its key order, so that a retry re-serialised by another library still matches. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record)
      .filter((name) => record[name] !== undefined)
      .sort()
      .map((name) => `${JSON.stringify(name)}:${canonicalJson(record[name])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The lookup hash of a client's key and the AES key of its answer, both derived from it (neither reveals it). */
function derive(accountId: string, key: string): { keyHash: string; cipherKey: Buffer } {
  const bytes = Buffer.from(hkdfSync('sha256', key, accountId, 'interlinker idempotency v1', 64));
  return { keyHash: bytes.subarray(0, 32).toString('hex'), cipherKey: bytes.subarray(32) };
}

function seal(text: string, cipherKey: Buffer): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', cipherKey, iv);
  const encrypted = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), encrypted]);
}

function unseal(sealed: Buffer, cipherKey: Buffer): string {
  const decipher = createDecipheriv('aes-256-gcm', cipherKey, sealed.subarray(0, 12));
  decipher.setAuthTag(sealed.subarray(12, 28));
  return Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()]).toString('utf8');
}

/**
 * `Idempotency-Key` on the POSTs that create (projects, implementations, API keys): the first answer to a key is
 * kept for 24 hours per account and given again, same status and body, to a request with the same key, path and
 * body; the same key with another request is 409, and so is a second request while the first is still in progress.
 * Only successes are kept: a refused create changed nothing, so repeating it is safe, and once fixed it may succeed.
 */
export class IdempotentAnswers {
  /** Account and key of the requests in progress in this process (a crash cannot leave one claimed). */
  private readonly inFlight = new Set<string>();

  constructor(
    private readonly kind: BackendKind,
    private readonly db: Kysely<Schema>,
    private readonly answers: IdempotencyRepository,
    private readonly clock: Clock,
    private readonly retentionMs = IDEMPOTENCY_RETENTION_HOURS * 3600 * 1000,
  ) {}

  /**
   * After authentication and before the body is read (a slow upload is a request in progress): checks the header
   * and claims the key until the answer has gone.
   */
  readonly claim: RequestHandler = (req, res, next) => {
    const key = req.get(IDEMPOTENCY_HEADER);
    if (key === undefined) return next();
    if (!KEY_PATTERN.test(key)) {
      throw new ValidationError([
        { field: `header.${IDEMPOTENCY_HEADER}`, message: 'Must be 16–255 visible ASCII characters, such as a random UUID.' },
      ]);
    }
    const slot = `${authOf(res).accountId}\n${key}`;
    if (this.inFlight.has(slot)) throw inProgress();
    this.inFlight.add(slot);
    res.on('close', () => this.inFlight.delete(slot));
    res.locals.idempotencyKey = key;
    next();
  };

  /**
   * The stored answer for this account and key, or `create()`'s, stored in the same transaction as whatever
   * `create` wrote: a create is never kept without its answer, nor an answer without its create. `request` (the
   * operation, its parameters and validated body) must be the same as the first time. `create` writes through the
   * transaction it is given.
   */
  async answer(
    accountId: string,
    key: string,
    request: unknown,
    create: (transaction: Executor) => Promise<Answer>,
  ): Promise<Answer & { replayed: boolean }> {
    const { keyHash, cipherKey } = derive(accountId, key);
    const requestHash = createHash('sha256').update(canonicalJson(request)).digest('hex');
    return this.db.transaction().execute(async (transaction) => {
      if (!(await this.claimInDatabase(transaction, keyHash))) throw inProgress();
      const now = this.clock.now();
      await this.answers.removeExpired(transaction, now.toISOString());
      const stored = await this.answers.find(transaction, accountId, keyHash);
      if (stored) {
        if (stored.requestHash !== requestHash) {
          throw new ConflictError(
            `This ${IDEMPOTENCY_HEADER} was used for another request (path or body) within ${IDEMPOTENCY_RETENTION_HOURS} hours: send a new key with a new request.`,
          );
        }
        return { status: stored.status, body: unseal(stored.sealedAnswer, cipherKey), replayed: true };
      }
      const answer = await create(transaction);
      const expiresAt = new Date(now.getTime() + this.retentionMs).toISOString();
      try {
        await this.answers.insert(transaction, accountId, keyHash, { requestHash, status: answer.status, sealedAnswer: seal(answer.body, cipherKey), expiresAt }, now.toISOString());
      } catch (error) {
        // Another bridge on the same database answered this key meanwhile: this create is rolled back with the
        // transaction, and the retry gets that answer.
        if (isUniqueViolation(error)) throw inProgress();
        throw error;
      }
      return { ...answer, replayed: false };
    });
  }

  /**
   * Claims the key for this transaction among every bridge on the database. PostgreSQL: a transaction-level
   * advisory lock on the key's hash, taken without waiting, so a second bridge answers 409 at once instead of doing
   * the work again; it goes with the transaction, whether that commits, rolls back or its bridge dies. SQLite: the
   * process's own claim (`claim`) suffices, as one bridge serves a file and its writes are serialised.
   */
  private async claimInDatabase(transaction: Executor, keyHash: string): Promise<boolean> {
    if (this.kind === 'sqlite') return true;
    const lockId = BigInt.asIntN(64, BigInt(`0x${keyHash.slice(0, 16)}`)).toString();
    const { rows } = await sql<{ claimed: boolean }>`SELECT pg_try_advisory_xact_lock(${lockId}::bigint) AS claimed`.execute(transaction);
    return rows[0]!.claimed;
  }
}
