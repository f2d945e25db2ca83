import type { Migration } from './migration.js';

/**
 * The first answer to a creating POST sent with an `Idempotency-Key`, per account, kept 24 hours so that a retry
 * gets it again instead of creating twice. The client's key is stored only as a hash, and the answer (which may hold
 * a new API key's secret) only encrypted under a key derived from it. Rows past `expires_at` are deleted lazily.
 */
export const migration: Migration = {
  version: 9,
  name: 'idempotency-keys',
  up: `
CREATE TABLE idempotency_keys (
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  key_hash TEXT NOT NULL,
  request_hash TEXT NOT NULL,
  status INTEGER NOT NULL,
  sealed_answer BLOB NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  PRIMARY KEY (account_id, key_hash)
) WITHOUT ROWID;
CREATE INDEX idempotency_keys_expiry ON idempotency_keys(expires_at);
`,
  postgres: `
CREATE TABLE idempotency_keys (
  account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  key_hash text NOT NULL,
  request_hash text NOT NULL,
  status integer NOT NULL,
  sealed_answer bytea NOT NULL,
  created_at text NOT NULL,
  expires_at text NOT NULL,
  PRIMARY KEY (account_id, key_hash)
);
CREATE INDEX idempotency_keys_expiry ON idempotency_keys(expires_at);
`,
};
