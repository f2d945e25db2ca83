import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSY_TIMEOUT_MS } from '../../bridge/src/db/connection.js';
import { startTestBridge, type TestAccount, type TestBridge } from '../support/api-harness.js';
import { TEST_BACKEND } from '../support/test-database.js';

let bridge: TestBridge;
let account: TestAccount;
/** Another process's connection to the same file: the command line, a backup tool, an sqlite3 shell. */
let other: Database.Database;

beforeAll(async () => {
  bridge = await startTestBridge();
  account = await bridge.createAccount('busy');
  other = new Database(bridge.dbFile);
});
afterAll(async () => {
  if (other.inTransaction) other.exec('ROLLBACK');
  other.close();
  await bridge.close();
});

async function timed(run: () => Promise<Response>): Promise<{ response: Response; ms: number }> {
  const started = Date.now();
  const response = await run();
  return { response, ms: Date.now() - started };
}

// SQLite's write lock, held by another connection: PostgreSQL has no such whole-database lock.
describe.skipIf(TEST_BACKEND === 'postgres')('a database held by another writer', () => {
  it('when another connection holds the write lock, then requests that write get 503 with Retry-After after the busy timeout, and work again once it lets go', async () => {
    const before = (await account.client.listProjects()).pagination.total;
    other.exec('BEGIN IMMEDIATE');
    try {
      const { response, ms } = await timed(() =>
        bridge.fetch('/api/projects', { method: 'POST', key: account.key, json: { name: 'While busy', domain: 'https://busy.example' } }),
      );
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('1');
      // Still an answer to a valid key: the rate-limit headers are there (the refused request is not counted).
      expect(response.headers.get('x-ratelimit-limit')).toBe('1000000');
      expect(response.headers.get('x-ratelimit-remaining')).not.toBeNull();
      expect(await response.json()).toEqual({
        error: { message: expect.stringContaining('busy'), code: 'service_unavailable', status: 503 },
      });
      // It waited the busy timeout once, not the old 5 s.
      expect(ms).toBeGreaterThanOrEqual(BUSY_TIMEOUT_MS - 50);
      expect(ms).toBeLessThan(2 * BUSY_TIMEOUT_MS);

      // Reading needs no lock in WAL mode: the health check still answers.
      expect((await bridge.fetch('/healthz')).status).toBe(200);
    } finally {
      other.exec('ROLLBACK');
    }
    const after = await bridge.fetch('/api/projects', { method: 'POST', key: account.key, json: { name: 'After', domain: 'https://after.example' } });
    expect(after.status).toBe(201);
    expect((await account.client.listProjects()).pagination.total).toBe(before + 1);
  });

  it('when the lock is held across several requests, then each is answered 503 without each waiting in turn, none 500, and nothing half-written remains', async () => {
    const project = await account.client.createProject({ name: 'Batch', domain: 'https://batch.example' });
    await new Promise((resolve) => setTimeout(resolve, BUSY_TIMEOUT_MS + 100)); // the first test's back-off is over
    other.exec('BEGIN IMMEDIATE');
    try {
      const started = Date.now();
      const answers = await Promise.all([
        bridge.fetch(`/api/projects/${project.id}/pages/batch`, {
          method: 'POST',
          key: account.key,
          json: [{ url: 'https://batch.example/a', title: 'A', content: '<p>Alpha</p>' }],
        }),
        bridge.fetch(`/api/projects/${project.id}`, { method: 'PATCH', key: account.key, json: { name: 'Renamed' } }),
        bridge.fetch('/api/keys', { method: 'POST', key: account.key, json: { name: 'busy' } }),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([503, 503, 503]);
      // One waited the busy timeout; the others, queued behind it on the one event loop, then gave up at once.
      expect(Date.now() - started).toBeLessThan(2 * BUSY_TIMEOUT_MS);
    } finally {
      other.exec('ROLLBACK');
    }
    expect((await account.client.getProject(project.id)).name).toBe('Batch');
    expect((await account.client.listPages(project.id)).pagination.total).toBe(0);
    expect((await account.client.listKeys()).length).toBe(1);
  });
});
