import { createHash } from 'node:crypto';
import { isDatabaseBusy } from '../db/connection.js';
import type { Executor } from '../db/database.js';
import type { Clock } from '../lib/clock.js';
import { newId, newSecret } from '../lib/ids.js';
import { ConflictError, NotFoundError } from '../errors.js';
import type { CreatedKey } from '../keys/keys.schemas.js';
import type { Account, AccountsRepository, ActiveKey, ApiKey, Tier } from './accounts.repository.js';

export const TIER_LIMITS: Record<Exclude<Tier, 'enterprise'>, number> = { free: 100, pro: 1000 };
/** Enterprise accounts get a custom limit; this is the default when none is given. */
export const DEFAULT_ENTERPRISE_LIMIT = 10_000;
const KEY_PREFIX = 'ilk_';
/** lastUsedAt is refreshed at most this often, so that authenticating is not a write on every request. */
const TOUCH_INTERVAL_MS = 60_000;

export interface KeyView {
  id: string;
  prefix: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export type { CreatedKey };

export function hashKey(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export class AccountsService {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly clock: Clock,
  ) {}

  async createAccount(input: { name: string; tier: Tier; rateLimit?: number }): Promise<Account> {
    if (await this.accounts.findAccountByName(input.name)) throw new ConflictError(`An account named "${input.name}" exists already.`);
    const rateLimit =
      input.rateLimit ?? (input.tier === 'enterprise' ? DEFAULT_ENTERPRISE_LIMIT : TIER_LIMITS[input.tier]);
    const row: Account = {
      id: newId('acc'),
      name: input.name,
      tier: input.tier,
      rateLimit,
      createdAt: this.clock.now().toISOString(),
    };
    await this.accounts.insertAccount(row);
    return row;
  }

  countAccounts(): Promise<number> {
    return this.accounts.countAccounts();
  }

  listAccounts(): Promise<Account[]> {
    return this.accounts.listAccounts();
  }

  findAccount(id: string): Promise<Account | undefined> {
    return this.accounts.findAccountById(id);
  }

  async requireAccountByName(name: string): Promise<Account> {
    const account = await this.accounts.findAccountByName(name);
    if (!account) throw new NotFoundError(`Account "${name}"`);
    return account;
  }

  /** Creates a key; the secret is returned here once and only its hash is kept. */
  /** `executor`: the transaction of an idempotent request, which stores its answer with the key. */
  async createKey(accountId: string, name = '', executor?: Executor): Promise<CreatedKey> {
    const key = KEY_PREFIX + newSecret();
    const row = {
      id: newId('key'),
      accountId,
      name,
      prefix: key.slice(0, KEY_PREFIX.length + 8),
      keyHash: hashKey(key),
      createdAt: this.clock.now().toISOString(),
    };
    await this.accounts.insertKey(row, executor);
    return { id: row.id, key, prefix: row.prefix, name: row.name, createdAt: row.createdAt };
  }

  async listKeys(accountId: string): Promise<KeyView[]> {
    return (await this.accounts.listActiveKeys(accountId)).map(toKeyView);
  }

  /** Revokes a key of the account; another account's key is "not found" (existence must not leak). */
  async revokeKey(accountId: string | null, keyId: string): Promise<void> {
    const key = await this.accounts.findKeyById(keyId);
    if (!key || key.revokedAt || (accountId !== null && key.accountId !== accountId)) throw new NotFoundError('API key');
    await this.accounts.revokeKey(keyId, this.clock.now().toISOString());
  }

  async authenticate(secret: string): Promise<ActiveKey | null> {
    const found = await this.accounts.findActiveKeyByHash(hashKey(secret));
    if (!found) return null;
    const now = this.clock.now();
    if (!found.keyLastUsedAt || now.getTime() - Date.parse(found.keyLastUsedAt) > TOUCH_INTERVAL_MS) {
      try {
        await this.accounts.touchKey(found.keyId, now.toISOString());
      } catch (error) {
        // Only a "last used" hint: while another writer holds the database the key is still the caller's, and the
        // request goes on to be answered (503 at its first real write) with its rate-limit headers.
        if (!isDatabaseBusy(error)) throw error;
      }
    }
    return found;
  }
}

function toKeyView(row: ApiKey): KeyView {
  return { id: row.id, prefix: row.prefix, name: row.name, createdAt: row.createdAt, lastUsedAt: row.lastUsedAt };
}
