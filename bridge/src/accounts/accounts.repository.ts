import type { Kysely } from 'kysely';
import type { Executor } from '../db/database.js';
import type { Schema } from '../db/schema.js';

export type Tier = 'free' | 'pro' | 'enterprise';

export interface Account {
  id: string;
  name: string;
  tier: Tier;
  /** Requests per hour. */
  rateLimit: number;
  createdAt: string;
}

export interface ApiKey {
  id: string;
  accountId: string;
  name: string;
  prefix: string;
  keyHash: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** An active key found by its secret's hash, with what a request needs of its account. */
export interface ActiveKey {
  keyId: string;
  keyLastUsedAt: string | null;
  accountId: string;
  rateLimit: number;
  tier: Tier;
}

/** Accounts and their API keys. Keys are stored as SHA-256 hashes only. */
export class AccountsRepository {
  constructor(private readonly db: Kysely<Schema>) {}

  private accounts(executor: Executor) {
    return executor
      .selectFrom('accounts')
      .select(['id', 'name', 'tier', 'rate_limit as rateLimit', 'created_at as createdAt']);
  }

  private keys(executor: Executor) {
    return executor
      .selectFrom('api_keys')
      .select(['id', 'account_id as accountId', 'name', 'prefix', 'key_hash as keyHash', 'created_at as createdAt', 'last_used_at as lastUsedAt', 'revoked_at as revokedAt']);
  }

  async insertAccount(row: Account, executor: Executor = this.db): Promise<void> {
    await executor
      .insertInto('accounts')
      .values({ id: row.id, name: row.name, tier: row.tier, rate_limit: row.rateLimit, created_at: row.createdAt })
      .execute();
  }

  findAccountByName(name: string, executor: Executor = this.db): Promise<Account | undefined> {
    return this.accounts(executor).where('name', '=', name).executeTakeFirst();
  }

  findAccountById(id: string, executor: Executor = this.db): Promise<Account | undefined> {
    return this.accounts(executor).where('id', '=', id).executeTakeFirst();
  }

  async countAccounts(executor: Executor = this.db): Promise<number> {
    const row = await executor.selectFrom('accounts').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
    return Number(row.count);
  }

  listAccounts(executor: Executor = this.db): Promise<Account[]> {
    return this.accounts(executor).orderBy('created_at').orderBy('rowid').execute();
  }

  async insertKey(row: Omit<ApiKey, 'lastUsedAt' | 'revokedAt'>, executor: Executor = this.db): Promise<void> {
    await executor
      .insertInto('api_keys')
      .values({ id: row.id, account_id: row.accountId, name: row.name, prefix: row.prefix, key_hash: row.keyHash, created_at: row.createdAt })
      .execute();
  }

  findActiveKeyByHash(hash: string, executor: Executor = this.db): Promise<ActiveKey | undefined> {
    return executor
      .selectFrom('api_keys as k')
      .innerJoin('accounts as a', 'a.id', 'k.account_id')
      .select(['k.id as keyId', 'k.last_used_at as keyLastUsedAt', 'a.id as accountId', 'a.rate_limit as rateLimit', 'a.tier'])
      .where('k.key_hash', '=', hash)
      .where('k.revoked_at', 'is', null)
      .executeTakeFirst();
  }

  listActiveKeys(accountId: string, executor: Executor = this.db): Promise<ApiKey[]> {
    return this.keys(executor)
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('rowid', 'desc')
      .execute();
  }

  findKeyById(id: string, executor: Executor = this.db): Promise<ApiKey | undefined> {
    return this.keys(executor).where('id', '=', id).executeTakeFirst();
  }

  async revokeKey(id: string, at: string, executor: Executor = this.db): Promise<boolean> {
    const result = await executor
      .updateTable('api_keys')
      .set({ revoked_at: at })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async touchKey(id: string, at: string, executor: Executor = this.db): Promise<void> {
    await executor.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', id).execute();
  }
}
