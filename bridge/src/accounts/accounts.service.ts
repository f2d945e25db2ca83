import { createHash } from 'node:crypto';
import { isDatabaseBusy } from '../db/connection.js';
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

  createAccount(input: { name: string; tier: Tier; rateLimit?: number }): Account {
    if (this.accounts.findAccountByName(input.name)) throw new ConflictError(`An account named "${input.name}" exists already.`);
    const rateLimit =
      input.rateLimit ?? (input.tier === 'enterprise' ? DEFAULT_ENTERPRISE_LIMIT : TIER_LIMITS[input.tier]);
    const row: Account = {
      id: newId('acc'),
      name: input.name,
      tier: input.tier,
      rateLimit,
      createdAt: this.clock.now().toISOString(),
    };
    this.accounts.insertAccount(row);
    return row;
  }

  countAccounts(): number {
    return this.accounts.countAccounts();
  }

  listAccounts(): Account[] {
    return this.accounts.listAccounts();
  }

  findAccount(id: string): Account | undefined {
    return this.accounts.findAccountById(id);
  }

  requireAccountByName(name: string): Account {
    const account = this.accounts.findAccountByName(name);
    if (!account) throw new NotFoundError(`Account "${name}"`);
    return account;
  }

  /** Creates a key; the secret is returned here once and only its hash is kept. */
  createKey(accountId: string, name = ''): CreatedKey {
    const key = KEY_PREFIX + newSecret();
    const row = {
      id: newId('key'),
      accountId,
      name,
      prefix: key.slice(0, KEY_PREFIX.length + 8),
      keyHash: hashKey(key),
      createdAt: this.clock.now().toISOString(),
    };
    this.accounts.insertKey(row);
    return { id: row.id, key, prefix: row.prefix, name: row.name, createdAt: row.createdAt };
  }

  listKeys(accountId: string): KeyView[] {
    return this.accounts.listActiveKeys(accountId).map(toKeyView);
  }

  /** Revokes a key of the account; another account's key is "not found" (existence must not leak). */
  revokeKey(accountId: string | null, keyId: string): void {
    const key = this.accounts.findKeyById(keyId);
    if (!key || key.revokedAt || (accountId !== null && key.accountId !== accountId)) throw new NotFoundError('API key');
    this.accounts.revokeKey(keyId, this.clock.now().toISOString());
  }

  authenticate(secret: string): ActiveKey | null {
    const found = this.accounts.findActiveKeyByHash(hashKey(secret));
    if (!found) return null;
    const now = this.clock.now();
    if (!found.keyLastUsedAt || now.getTime() - Date.parse(found.keyLastUsedAt) > TOUCH_INTERVAL_MS) {
      try {
        this.accounts.touchKey(found.keyId, now.toISOString());
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
