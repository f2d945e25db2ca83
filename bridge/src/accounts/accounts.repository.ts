import type { Db } from '../db/connection.js';

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

const ACCOUNT = 'id, name, tier, rate_limit AS rateLimit, created_at AS createdAt';
const API_KEY = `id, account_id AS accountId, name, prefix, key_hash AS keyHash, created_at AS createdAt,
  last_used_at AS lastUsedAt, revoked_at AS revokedAt`;

/** Accounts and their API keys. Keys are stored as SHA-256 hashes only. */
export class AccountsRepository {
  private readonly statements;

  constructor(private readonly db: Db) {
    this.statements = {
      insertAccount: db.prepare(
        'INSERT INTO accounts (id, name, tier, rate_limit, created_at) VALUES (@id, @name, @tier, @rateLimit, @createdAt)',
      ),
      accountByName: db.prepare(`SELECT ${ACCOUNT} FROM accounts WHERE name = ?`),
      accountById: db.prepare(`SELECT ${ACCOUNT} FROM accounts WHERE id = ?`),
      countAccounts: db.prepare('SELECT COUNT(*) FROM accounts').pluck(),
      listAccounts: db.prepare(`SELECT ${ACCOUNT} FROM accounts ORDER BY created_at, rowid`),
      insertKey: db.prepare(
        `INSERT INTO api_keys (id, account_id, name, prefix, key_hash, created_at)
         VALUES (@id, @accountId, @name, @prefix, @keyHash, @createdAt)`,
      ),
      keyByHash: db.prepare(
        `SELECT k.id AS keyId, k.last_used_at AS keyLastUsedAt, a.id AS accountId, a.rate_limit AS rateLimit, a.tier
         FROM api_keys k JOIN accounts a ON a.id = k.account_id
         WHERE k.key_hash = ? AND k.revoked_at IS NULL`,
      ),
      keysOfAccount: db.prepare(
        `SELECT ${API_KEY} FROM api_keys WHERE account_id = ? AND revoked_at IS NULL ORDER BY created_at DESC, rowid DESC`,
      ),
      keyById: db.prepare(`SELECT ${API_KEY} FROM api_keys WHERE id = ?`),
      revokeKey: db.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL'),
      touchKey: db.prepare('UPDATE api_keys SET last_used_at = ? WHERE id = ?'),
    };
  }

  insertAccount(row: Account): void {
    this.statements.insertAccount.run(row);
  }

  findAccountByName(name: string): Account | undefined {
    return this.statements.accountByName.get(name) as Account | undefined;
  }

  findAccountById(id: string): Account | undefined {
    return this.statements.accountById.get(id) as Account | undefined;
  }

  countAccounts(): number {
    return this.statements.countAccounts.get() as number;
  }

  listAccounts(): Account[] {
    return this.statements.listAccounts.all() as Account[];
  }

  insertKey(row: Omit<ApiKey, 'lastUsedAt' | 'revokedAt'>): void {
    this.statements.insertKey.run(row);
  }

  findActiveKeyByHash(hash: string): ActiveKey | undefined {
    return this.statements.keyByHash.get(hash) as ActiveKey | undefined;
  }

  listActiveKeys(accountId: string): ApiKey[] {
    return this.statements.keysOfAccount.all(accountId) as ApiKey[];
  }

  findKeyById(id: string): ApiKey | undefined {
    return this.statements.keyById.get(id) as ApiKey | undefined;
  }

  revokeKey(id: string, at: string): boolean {
    return this.statements.revokeKey.run(at, id).changes > 0;
  }

  touchKey(id: string, at: string): void {
    this.statements.touchKey.run(at, id);
  }
}
