import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../bridge/src/db/connection.js';
import { migrate } from '../../bridge/src/db/migrate.js';
import { migrations } from '../../bridge/src/db/migrations/index.js';

describe('migrations', () => {
  it('when a database from an older version is opened, then the new migrations run once and backfill its rows', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'interlinker-migrate-'));
    const db = openDatabase(path.join(dir, 'old.db'));
    try {
      expect(migrate(db, migrations.filter((m) => m.version <= 2))).toEqual([1, 2]);
      db.prepare("INSERT INTO accounts VALUES ('acc', 'a', 'free', 100, '2026-01-01T00:00:00.000Z')").run();
      db.prepare("INSERT INTO projects (id, account_id, name, domain, created_at, updated_at) VALUES ('prj', 'acc', 'p', 'https://x.test', 'now', 'now')").run();
      db.prepare(
        "INSERT INTO pages (id, project_id, url, url_key, title, content, status_code, created_at, last_synced_at) VALUES ('pg', 'prj', 'https://x.test/a/b?c=1', 'https://x.test/a/b?c=1', 't', '<p>Body</p>', 200, 'now', 'now')",
      ).run();

      expect(migrate(db)).toEqual(migrations.filter((m) => m.version > 2).map((m) => m.version));
      expect(db.prepare("SELECT path, excluded FROM pages WHERE id = 'pg'").get()).toEqual({ path: '/a/b', excluded: 0 });
      expect(db.prepare("SELECT content FROM page_contents WHERE page_id = 'pg'").pluck().get()).toBe('<p>Body</p>');
      expect(db.prepare("SELECT name FROM pragma_table_info('pages') WHERE name = 'content'").get()).toBeUndefined();
      // Quota usage (0016) counts the pages stored before it.
      expect(db.prepare("SELECT page_count, content_bytes FROM projects WHERE id = 'prj'").get()).toEqual({ page_count: 1, content_bytes: 11 });
      expect(migrate(db)).toEqual([]);
    } finally {
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
