import type { Db } from '../db/connection.js';

export type Tier = 'free' | 'pro' | 'enterprise';

export interface AccountRow {
  id: string;
  name: string;
  tier: Tier;
  rate_limit: number;
  created_at: string;
}

export interface ApiKeyRow {
  id: string;
  account_id: string;
  name: string;
  prefix: string;
  key_hash: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface KeyWithAccount {
  key_id: string;
  key_last_used_at: string | null;
  account_id: string;
  rate_limit: number;
  tier: Tier;
}

/** Accounts and their API keys. Keys are stored as SHA-256 hashes only. */
export class AccountsRepository {
  private readonly statements;

  constructor(private readonly db: Db) {
    this.statements = {
      insertAccount: db.prepare(
        'INSERT INTO accounts (id, name, tier, rate_limit, created_at) VALUES (@id, @name, @tier, @rate_limit, @created_at)',
      ),
      accountByName: db.prepare('SELECT * FROM accounts WHERE name = ?'),
      accountById: db.prepare('SELECT * FROM accounts WHERE id = ?'),
      countAccounts: db.prepare('SELECT COUNT(*) FROM accounts').pluck(),
      listAccounts: db.prepare('SELECT * FROM accounts ORDER BY created_at, rowid'),
      insertKey: db.prepare(
        `INSERT INTO api_keys (id, account_id, name, prefix, key_hash, created_at)
         VALUES (@id, @account_id, @name, @prefix, @key_hash, @created_at)`,
      ),
      keyByHash: db.prepare(
        `SELECT k.id AS key_id, k.last_used_at AS key_last_used_at, a.id AS account_id, a.rate_limit, a.tier
         FROM api_keys k JOIN accounts a ON a.id = k.account_id
         WHERE k.key_hash = ? AND k.revoked_at IS NULL`,
      ),
      keysOfAccount: db.prepare(
        'SELECT * FROM api_keys WHERE account_id = ? AND revoked_at IS NULL ORDER BY created_at DESC, rowid DESC',
      ),
      keyById: db.prepare('SELECT * FROM api_keys WHERE id = ?'),
      revokeKey: db.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL'),
      touchKey: db.prepare('UPDATE api_keys SET last_used_at = ? WHERE id = ?'),
    };
  }

  insertAccount(row: AccountRow): void {
    this.statements.insertAccount.run(row);
  }

  findAccountByName(name: string): AccountRow | undefined {
    return this.statements.accountByName.get(name) as AccountRow | undefined;
  }

  findAccountById(id: string): AccountRow | undefined {
    return this.statements.accountById.get(id) as AccountRow | undefined;
  }

  countAccounts(): number {
    return this.statements.countAccounts.get() as number;
  }

  listAccounts(): AccountRow[] {
    return this.statements.listAccounts.all() as AccountRow[];
  }

  insertKey(row: Omit<ApiKeyRow, 'last_used_at' | 'revoked_at'>): void {
    this.statements.insertKey.run(row);
  }

  findActiveKeyByHash(hash: string): KeyWithAccount | undefined {
    return this.statements.keyByHash.get(hash) as KeyWithAccount | undefined;
  }

  listActiveKeys(accountId: string): ApiKeyRow[] {
    return this.statements.keysOfAccount.all(accountId) as ApiKeyRow[];
  }

  findKeyById(id: string): ApiKeyRow | undefined {
    return this.statements.keyById.get(id) as ApiKeyRow | undefined;
  }

  revokeKey(id: string, at: string): boolean {
    return this.statements.revokeKey.run(at, id).changes > 0;
  }

  touchKey(id: string, at: string): void {
    this.statements.touchKey.run(at, id);
  }
}
