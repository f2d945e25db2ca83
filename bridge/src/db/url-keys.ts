import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { BackendKind } from './database.js';
import type { Schema } from './schema.js';

/**
 * How a URL key column is matched, per backend. PostgreSQL indexes URL keys by their hash (migration 0019: a whole
 * key may be larger than a btree entry), so its lookups name the hash too, which lets the index be used; the key
 * itself is compared as well, so a match is exact whatever the hash.
 */
export class UrlKeyMatching {
  constructor(private readonly kind: BackendKind) {}

  /** `column = key` (or `column IN keys`), in a form the backend's index serves. */
  matches<DB extends Schema, TB extends keyof DB>(
    eb: ExpressionBuilder<DB, TB>,
    column: 'url_key' | 'pages.url_key' | 'src.url_key' | 'tgt.url_key',
    keys: string | readonly string[],
  ): Expression<SqlBool> {
    const list = typeof keys === 'string' ? [keys] : [...keys];
    const ref = sql.ref(column);
    const byText = eb(ref, 'in', list);
    if (this.kind === 'sqlite') return byText;
    return eb.and([eb(sql`url_key_hash(${ref})`, 'in', list.map((key) => sql`url_key_hash(${key})`)), byText]);
  }

  /** The conflict target of an upsert of a page: the unique index on its project and URL key. */
  pageConflictTarget(): Expression<unknown> {
    return this.kind === 'sqlite' ? sql`project_id, url_key` : sql`project_id, url_key_hash(url_key)`;
  }
}
