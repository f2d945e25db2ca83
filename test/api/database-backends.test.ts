import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../bridge/src/db/connection.js';
import { postgresBackend, type DatabaseBackend } from '../../bridge/src/db/database.js';
import { migrate, migrateBackend } from '../../bridge/src/db/migrate.js';
import { migrationStateOf } from '../../bridge/src/db/migration-state.js';
import { migrations } from '../../bridge/src/db/migrations/index.js';
import { startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster.js';
import { startTestBridge } from '../support/api-harness.js';
import { TEST_BACKEND } from '../support/test-database.js';
import { InterlinkerClient } from '../../bridge/src/client/index.js';

let cluster: PostgresCluster;
let postgres: DatabaseBackend;
let dir: string;

beforeAll(async () => {
  cluster = await startPostgresCluster();
  const url = new URL(cluster.adminUrl);
  postgres = postgresBackend(url.toString(), { poolSize: 2 });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'interlinker-backends-'));
}, 60_000);
afterAll(async () => {
  await postgres?.close();
  await cluster?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Each table's columns as `name type-family null|not-null default?`, comparable across the two backends. */
type Columns = Record<string, string[]>;

function family(type: string): string {
  const t = type.toLowerCase();
  if (t === 'text') return 'text';
  if (t === 'integer' || t === 'bigint') return 'integer';
  if (t === 'real' || t === 'double precision') return 'real';
  if (t === 'blob' || t === 'bytea') return 'bytes';
  return t;
}

function sqliteColumns(file: string): Columns {
  const db = openDatabase(file);
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all() as string[];
    return Object.fromEntries(
      tables.map((table) => [
        table,
        (db.prepare(`SELECT name, type, "notnull", dflt_value, pk FROM pragma_table_info(?)`).all(table) as { name: string; type: string; notnull: number; dflt_value: string | null; pk: number }[])
          .map((c) => `${c.name} ${family(c.type)} ${c.notnull || c.pk ? 'not-null' : 'null'}${c.dflt_value === null ? '' : ` default ${c.dflt_value}`}`)
          .sort(),
      ]),
    );
  } finally {
    db.close();
  }
}

async function postgresColumns(backend: DatabaseBackend): Promise<Columns> {
  const { rows } = await sql<{ table_name: string; column_name: string; data_type: string; is_nullable: string; column_default: string | null }>`
    SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns
    WHERE table_schema = 'public' AND column_name <> 'rowid' ORDER BY table_name`.execute(backend.db);
  const columns: Columns = {};
  for (const c of rows) {
    // PostgreSQL writes a default with its type: '[]'::text.
    const fallback = c.column_default?.replace(/::[a-z ]+$/, '');
    (columns[c.table_name] ??= []).push(`${c.column_name} ${family(c.data_type)} ${c.is_nullable === 'YES' ? 'null' : 'not-null'}${fallback === undefined ? '' : ` default ${fallback}`}`);
  }
  for (const table of Object.keys(columns)) columns[table]!.sort();
  return columns;
}

describe('one set of migrations for SQLite and PostgreSQL', () => {
  it('when both are migrated, then they hold the same tables with the same columns, nullability and defaults', async () => {
    const file = path.join(dir, 'parity.db');
    const db = openDatabase(file);
    migrate(db);
    db.close();
    expect(await migrateBackend(postgres)).toEqual(migrations.map((m) => m.version));
    expect(await postgresColumns(postgres)).toEqual(sqliteColumns(file));
    expect((await migrationStateOf(postgres))?.pending).toEqual([]);
    // A second bridge starting on the same database finds nothing left to apply.
    expect(await migrateBackend(postgres)).toEqual([]);
  });
});

describe.skipIf(TEST_BACKEND === 'postgres')('a SQLite database of the previous version', () => {
  it('when the bridge opens a database whose rows the previous version wrote with its own SQL, then it serves them as they were', async () => {
    const file = path.join(dir, 'previous.db');
    const db = openDatabase(file);
    // The shipped migrations' SQL is what the previous version ran; its rows are written here as its statements wrote them.
    migrate(db);
    const key = 'ilk_previous-version-key-0123456789abcdefghijklmnop';
    db.prepare("INSERT INTO accounts (id, name, tier, rate_limit, created_at) VALUES ('acc_old', 'old', 'enterprise', 1000, '2026-01-01T00:00:00.000Z')").run();
    db.prepare("INSERT INTO api_keys (id, account_id, name, prefix, key_hash, created_at) VALUES ('key_old', 'acc_old', '', 'ilk_prev', ?, '2026-01-01T00:00:00.000Z')").run(
      createHash('sha256').update(key).digest('hex'),
    );
    db.prepare(`INSERT INTO projects (id, account_id, name, domain, include_paths, exclude_paths, created_at, updated_at)
      VALUES ('prj_old', 'acc_old', 'Old blog', 'https://old.test', '["/blog/"]', '[]', '2026-01-02T00:00:00.000Z', '2026-01-02T00:00:00.000Z')`).run();
    for (const [i, title] of ['First', 'Second'].entries()) {
      db.prepare(`INSERT INTO pages (id, project_id, url, url_key, title, status_code, path, excluded, keyphrases, language, created_at, last_synced_at)
        VALUES (?, 'prj_old', ?, ?, ?, 200, ?, 0, '["a phrase"]', 'en', ?, ?)`).run(
        `pg_old${i}`, `https://old.test/blog/${i}`, `https://old.test/blog/${i}`, title, `/blog/${i}`, `2026-01-0${3 + i}T00:00:00.000Z`, `2026-01-0${3 + i}T00:00:00.000Z`,
      );
      db.prepare('INSERT INTO page_contents (page_id, content) VALUES (?, ?)').run(`pg_old${i}`, `<p>${title} post</p>`);
    }
    db.close();

    const bridge = await startTestBridge({ dbFile: file });
    try {
      const client = new InterlinkerClient({ baseUrl: bridge.url, apiKey: key });
      const [project] = (await client.listProjects()).items;
      expect(project).toMatchObject({ id: 'prj_old', name: 'Old blog', includePaths: ['/blog/'], excludePaths: [] });
      const pages = await client.listPages('prj_old');
      // Newest first, as before.
      expect(pages.items.map((page) => [page.title, page.excluded, page.keyphrases])).toEqual([
        ['Second', false, ['a phrase']],
        ['First', false, ['a phrase']],
      ]);
      expect(pages.pagination.total).toBe(2);
      // The quota counts of migration 0016's triggers, kept by the rows written before.
      const account = await client.getAccount();
      expect(account.quotas.pages.used).toBe(2);
    } finally {
      await bridge.close();
    }
  });
});
