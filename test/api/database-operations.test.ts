import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InterlinkerClient } from '../../bridge/src/client/index.js';
import { runBridgeCommand, startBridgeProcess, type BridgeProcess } from '../support/bridge-process.js';
import { BLOG_POSTS } from '../support/blog-site-posts.js';

// `interlinker-bridge backup | restore | check` against the real bridge process and its database.
const DOMAIN = 'http://blog.test/';
const page = (slug: string, title: string, content: string) => ({ url: `${DOMAIN}${slug}/`, title, content, statusCode: 200 });
const POSTS = BLOG_POSTS.map((post) => page(post.slug, post.title, post.content));
/** Pages a later sync adds: the posts again under other addresses. */
const MORE_POSTS = BLOG_POSTS.map((post) => page(`${post.slug}-revisited`, `${post.title} (revisited)`, post.content));
const BATCH = 50;

let bridge: BridgeProcess;
let client: InterlinkerClient;
let projectId: string;
let dir: string;

async function syncInBatches(pages: ReturnType<typeof page>[]): Promise<void> {
  for (let first = 0; first < pages.length; first += BATCH) await client.syncPages(projectId, pages.slice(first, first + BATCH));
}

function pagesIn(file: string): number {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare('SELECT COUNT(*) FROM pages WHERE project_id = ?').pluck().get(projectId) as number;
  } finally {
    db.close();
  }
}

/** A copy of `file` changed by `tamper`, for check to find. */
function tamperedCopy(file: string, name: string, tamper: (db: Database.Database) => void): string {
  const copy = path.join(dir, name);
  fs.copyFileSync(file, copy);
  const db = new Database(copy);
  try {
    tamper(db);
  } finally {
    db.close();
  }
  return copy;
}

/** What the API answers about the project, without the answers' timestamps. */
async function projectAnswers() {
  const list = async (offset: number) => (await client.listPages(projectId, { limit: 100, offset })).items;
  const pages = [...(await list(0)), ...(await list(100)), ...(await list(200))];
  const suggestions = (await client.listSuggestions(projectId, { limit: 100 })).items;
  return { project: await client.getProject(projectId), pages, suggestions };
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'interlinker-operations-'));
  // Background generation never runs (syncs are never quiet long enough): what the database holds changes only by
  // the requests of the tests.
  bridge = await startBridgeProcess({ sqliteOnly: true, env: { INTERLINKER_GENERATION_QUIET_MS: '1000000000' } });
  client = new InterlinkerClient({ baseUrl: bridge.url, apiKey: bridge.apiKey });
  projectId = (await client.createProject({ name: 'Kitchen garden blog', domain: DOMAIN })).id;
  await syncInBatches(POSTS);
}, 120_000);
afterAll(async () => {
  await bridge?.dispose();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('interlinker-bridge backup', { timeout: 120_000 }, () => {
  it('when a sync batch is half-written (the bridge paused inside its transaction), then the backup is taken, is one file, passes check and holds the pages before the batch', async () => {
    await bridge.stop();
    await bridge.start({ INTERLINKER_TEST_PAUSE_AT: 'sync-store' });
    const sync = client.syncPages(projectId, MORE_POSTS.slice(0, 40)).catch(() => 'cut');
    const deadline = Date.now() + 20_000;
    while (!bridge.output.includes('paused at sync-store')) {
      if (Date.now() > deadline) throw new Error(`the bridge never reached sync-store: ${bridge.output}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const file = path.join(dir, 'during-sync.db');
    const backup = await bridge.command(['backup', file]);
    process.kill(bridge.pid, 'SIGKILL');
    await bridge.stop();
    await sync;
    await bridge.start();

    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/^Backed up to .*during-sync\.db \(\d+(\.\d)? [KM]iB, \d+ migrations applied\)\.$/m);
    expect(fs.readdirSync(dir).filter((name) => name.startsWith('during-sync') || name.includes('partial'))).toEqual(['during-sync.db']);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(pagesIn(file)).toBe(POSTS.length);
    const check = await bridge.command(['check', file]);
    expect(check.code, check.stderr).toBe(0);
    expect(check.stdout).toContain(`Project ${projectId}: ${POSTS.length} pages`);
    expect(check.stdout).toContain('Check passed.');
  });

  it('when syncs run while the backup is taken, then it holds whole batches only and passes check', async () => {
    const syncing = syncInBatches(MORE_POSTS);
    // Taken while the syncs go on: after their first batch, before their last.
    while (pagesIn(bridge.dbFile) === POSTS.length) await new Promise((resolve) => setTimeout(resolve, 5));
    const file = path.join(dir, 'while-syncing.db');
    const backup = await bridge.command(['backup', file]);
    await syncing;
    expect(backup.code, backup.stderr).toBe(0);
    const pages = pagesIn(file);
    expect(pages).toBeGreaterThan(POSTS.length);
    expect((pages - POSTS.length) % BATCH === 0 || pages === POSTS.length + MORE_POSTS.length).toBe(true);
    const check = await bridge.command(['check', file]);
    expect(check.code, check.stderr).toBe(0);
  });
});

describe('interlinker-bridge restore', { timeout: 120_000 }, () => {
  it('when a backup is restored into a stopped bridge, then it answers exactly as when the backup was taken, suggestions included', async () => {
    await client.generateSuggestions(projectId, { sourcePageUrl: `${DOMAIN}${BLOG_POSTS[0]!.slug}/`, limit: 10 });
    const file = path.join(dir, 'restore-me.db');
    const backup = await bridge.command(['backup', file]);
    expect(backup.code, backup.stderr).toBe(0);
    const answersAtBackup = await projectAnswers();
    expect(answersAtBackup.pages).toHaveLength(POSTS.length + MORE_POSTS.length);
    expect(answersAtBackup.suggestions.length).toBeGreaterThan(0);
    // Generated from the state the backup holds: the restored bridge must find the same.
    const secondSource = `${DOMAIN}${BLOG_POSTS[1]!.slug}/`;
    const generated = await client.generateSuggestions(projectId, { sourcePageUrl: secondSource, limit: 10, minRelevanceScore: 0 });
    expect(generated.length).toBeGreaterThan(0);

    // Everything changes after the backup: the project is deleted, another made.
    await client.deleteProject(projectId);
    await client.createProject({ name: 'Another', domain: 'https://another.test/' });

    const refused = await bridge.command(['restore', file]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/is open in another process \(a running bridge\?\): stop it/);
    await expect(client.getProject(projectId)).rejects.toMatchObject({ status: 404 });

    await bridge.stop();
    const restored = await bridge.command(['restore', file]);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain(`Restored ${bridge.dbFile} from ${file}.`);
    expect(restored.stdout).toContain(`${bridge.dbFile}.before-restore`);
    expect(fs.existsSync(`${bridge.dbFile}.before-restore`)).toBe(true);
    expect(fs.statSync(bridge.dbFile).mode & 0o777).toBe(fs.statSync(`${bridge.dbFile}.before-restore`).mode & 0o777);
    await bridge.start();

    expect(await projectAnswers()).toEqual(answersAtBackup);
    expect((await client.listProjects()).items.map((project) => project.name)).toEqual(['Kitchen garden blog']);
    // The search index answers as before (rebuilt from the restored rows): the same suggestions for a page.
    const again = await client.generateSuggestions(projectId, { sourcePageUrl: secondSource, limit: 10, minRelevanceScore: 0 });
    const shape = (list: typeof generated) => list.map(({ targetPageUrl, anchorText, relevanceScore }) => ({ targetPageUrl, anchorText, relevanceScore }));
    expect(shape(again)).toEqual(shape(generated));
    const check = await bridge.command(['check']);
    expect(check.code, check.stderr).toBe(0);
  });

  it('when the file is not an Interlinker database, or was written by a newer bridge, then restore refuses and the database stays', async () => {
    await bridge.stop();
    try {
      const text = path.join(dir, 'notes.txt');
      fs.writeFileSync(text, 'not a database at all, just some text that is long enough to be read as a header');
      const other = path.join(dir, 'other.db');
      new Database(other).exec('CREATE TABLE things (id INTEGER)').close();
      const backup = path.join(dir, 'for-newer.db');
      expect((await bridge.command(['backup', backup])).code).toBe(0);
      const newer = tamperedCopy(backup, 'newer.db', (db) => {
        db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (9999, 'from-the-future', '2030-01-01T00:00:00.000Z')").run();
      });
      const before = fs.readFileSync(bridge.dbFile);

      const cases: [string, RegExp][] = [
        [text, /file is not a database/],
        [other, /is not an Interlinker database \(it has no schema_migrations table\)/],
        [newer, /has migrations 9999, unknown to this bridge: it was written by a newer version/],
        [path.join(dir, 'missing.db'), /Backup .*missing\.db not found/],
      ];
      for (const [file, message] of cases) {
        const run = await bridge.command(['restore', file]);
        expect(run.code, file).toBe(1);
        expect(run.stderr, file).toMatch(message);
      }
      expect(fs.readFileSync(bridge.dbFile).equals(before)).toBe(true);

      // Nor does a bridge of this version serve it.
      const serve = await runBridgeCommand(['serve'], { ...process.env, INTERLINKER_DB: newer, PORT: '0', LOG_LEVEL: 'warn' });
      expect(serve.code).toBe(1);
      expect(serve.stderr).toMatch(/has migrations 9999, unknown to this bridge: it was written by a newer version/);
    } finally {
      await bridge.start();
    }
  });
});

describe('interlinker-bridge check', { timeout: 120_000 }, () => {
  it('when the bridge is serving its database, then check passes with every project and migration listed', async () => {
    const run = await bridge.command(['check']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Integrity: ok$/m);
    expect(run.stdout).toMatch(/^Migrations: (\d+) applied, this bridge knows \1$/m);
    expect(run.stdout).toMatch(new RegExp(`^Project ${projectId}: ${POSTS.length + MORE_POSTS.length} pages, index revision \\d+: ok$`, 'm'));
  });

  it('when a stored index disagrees with its rows, a migration is unknown or the file is damaged, then check names the problem and exits 2', async () => {
    const file = path.join(dir, 'to-tamper.db');
    expect((await bridge.command(['backup', file])).code).toBe(0);
    const cases: [string, (db: Database.Database) => void, RegExp][] = [
      ['unindexed.db', (db) => db.prepare('DELETE FROM search_documents WHERE page_id = (SELECT MIN(page_id) FROM search_documents)').run(), /1 of \d+ pages have no search document/],
      ['counts.db', (db) => db.prepare('UPDATE search_stats SET document_count = document_count + 1').run(), /statistics count \d+ documents, the rows \d+/],
      ['lengths.db', (db) => db.prepare('UPDATE search_stats SET total_length = total_length - 7').run(), /statistics total length \d+, the rows \d+/],
      [
        'frequencies.db',
        (db) => {
          const row = db.prepare('SELECT project_id, document_frequencies FROM search_stats').get() as { project_id: string; document_frequencies: Buffer };
          const frequencies = Buffer.from(row.document_frequencies);
          frequencies.writeInt32LE(frequencies.readInt32LE(0) + 1, 0);
          db.prepare('UPDATE search_stats SET document_frequencies = ? WHERE project_id = ?').run(frequencies, row.project_id);
        },
        /document frequency of term 0 is \d+, the rows give \d+/,
      ],
      ['snapshot.db', (db) => db.prepare("INSERT OR REPLACE INTO search_snapshots (project_id, revision, format, data) SELECT project_id, revision + 5, 4, x'00' FROM search_stats").run(), /snapshot of revision \d+ is newer than the index/],
      ['migration.db', (db) => db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (9999, 'from-the-future', 'now')").run(), /migrations 9999 are unknown to this bridge/],
    ];
    for (const [name, tamper, problem] of cases) {
      const run = await bridge.command(['check', tamperedCopy(file, name, tamper)]);
      expect(run.code, name).toBe(2);
      expect(run.stderr, name).toMatch(new RegExp(`^Problem: .*${problem.source}`, 'm'));
      expect(run.stderr, name).toMatch(/^Check failed: \d+ problems?\.$/m);
    }

    // Bytes overwritten in the middle of the file: SQLite's own integrity check finds it.
    const damaged = path.join(dir, 'damaged.db');
    fs.copyFileSync(file, damaged);
    const size = fs.statSync(damaged).size;
    const fd = fs.openSync(damaged, 'r+');
    fs.writeSync(fd, Buffer.alloc(8192, 0xa5), 0, 8192, Math.floor(size / 2 / 4096) * 4096);
    fs.closeSync(fd);
    const run = await bridge.command(['check', damaged]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^Problem: (integrity: |the file is damaged)/m);

    expect((await bridge.command(['check', file])).code).toBe(0);
    const missing = await bridge.command(['check', path.join(dir, 'nothing.db')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^Error: Database .*nothing\.db not found\.$/m);
  });
});
