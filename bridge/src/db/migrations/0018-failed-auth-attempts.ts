import type { Migration } from './migration.js';

/**
 * Failed authentications per client address (http/auth.ts, FailedAuthThrottle), kept in the database so that every
 * bridge on it counts the same failures: a client cannot spread its guesses over several bridges. Milliseconds since
 * the epoch; rows older than the policy's window are deleted as failures are recorded.
 */
export const migration: Migration = {
  version: 18,
  name: 'failed-auth-attempts',
  portable: (schema) => [
    schema
      .createTable('failed_auth_attempts')
      .addColumn('address', 'text', (column) => column.notNull())
      .addColumn('failed_at', 'bigint', (column) => column.notNull()),
    schema.createIndex('failed_auth_attempts_address').on('failed_auth_attempts').columns(['address', 'failed_at']),
    schema.createIndex('failed_auth_attempts_time').on('failed_auth_attempts').column('failed_at'),
  ],
};
