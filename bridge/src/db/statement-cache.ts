import type { SqliteDatabase, SqliteStatement } from 'kysely';
import type { Db } from './connection.js';

/**
 * Prepared statements kept per SQL text. Kysely's SQLite driver prepares each query it runs; better-sqlite3's
 * statements can be run again, so the bridge's usual queries (a few per request, several per synced page) are prepared
 * once. The least recently used go past `size` (multi-row inserts of varying length make many texts).
 */
export function cachingStatements(db: Db, size = 500): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => db.close(),
    prepare(sql) {
      let statement = statements.get(sql);
      if (statement === undefined) {
        statement = db.prepare(sql);
        if (statements.size >= size) statements.delete(statements.keys().next().value!);
      } else {
        statements.delete(sql);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}
