import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { InterlinkerClient } from '../../bridge/src/client/index.js';
import { AccountQuotas } from '../../bridge/src/accounts/quotas.js';
import { startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster.js';
import { startTestBridge, TestClock, type TestBridge } from '../support/api-harness.js';
import { FIXTURE_DOMAIN, FIXTURE_PAGES, SOURCE_URL } from '../support/fixture-site.js';

/** Two bridges on one PostgreSQL database, as behind a load balancer: whichever answers, the answer is the same. */
let cluster: PostgresCluster;
let first: TestBridge;
let second: TestBridge;
const clock = new TestClock();

beforeAll(async () => {
  cluster = await startPostgresCluster();
  const url = new URL(cluster.adminUrl).toString();
  const policy = { maxFailures: 3, windowSeconds: 60 };
  first = await startTestBridge({ databaseUrl: url, clock, failedAuthPolicy: policy });
  second = await startTestBridge({ databaseUrl: url, clock, failedAuthPolicy: policy });
}, 60_000);
afterAll(async () => {
  await first?.close();
  await second?.close();
  await cluster?.stop();
});

describe('two bridges sharing one PostgreSQL database', () => {
  it('when requests alternate between the bridges, then they count against one rate-limit window', async () => {
    const account = await first.createAccount('shared-window', { rateLimit: 3 });
    const statuses = [];
    for (const bridge of [first, second, first, second]) statuses.push((await bridge.fetch('/api/projects', { key: account.key })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('when wrong keys alternate between the bridges, then the failures add up per address', async () => {
    const statuses = [];
    for (const bridge of [first, second, first, second]) statuses.push((await bridge.fetch('/api/projects', { key: 'ilk_wrong-key' })).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('when the same Idempotency-Key reaches both bridges at once, then one project is created and both answers name it', async () => {
    const account = await first.createAccount('shared-idempotency');
    const key = randomUUID();
    const create = (bridge: TestBridge) =>
      bridge.fetch('/api/projects', { method: 'POST', key: account.key, headers: { 'Idempotency-Key': key }, json: { name: 'Once', domain: FIXTURE_DOMAIN } });
    const answers = await Promise.all([create(first), create(second)]);
    const created = answers.filter((answer) => answer.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    // The other was either in progress (409, to retry) or replayed.
    for (const answer of answers) expect([201, 409]).toContain(answer.status);
    const retry = await create(second);
    expect(retry.status).toBe(201);
    const ids = new Set([...(await Promise.all(created.map((answer) => answer.json()))), await retry.json()].map((body) => body.data.id));
    expect(ids.size).toBe(1);
    expect((await account.client.listProjects()).pagination.total).toBe(1);
  });

  it('when pages are synced through one bridge, then the other suggests with them, its index read again from the database', async () => {
    const account = await first.createAccount('shared-index');
    const project = await account.client.createProject({ name: 'Shared', domain: FIXTURE_DOMAIN });
    const other = new InterlinkerClient({ baseUrl: second.url, apiKey: account.key });
    const [source, ...rest] = FIXTURE_PAGES.filter((page) => page.url === SOURCE_URL).concat(FIXTURE_PAGES.filter((page) => page.url !== SOURCE_URL));
    await account.client.syncPages(project.id, [source!, ...rest.slice(0, 1)]);
    const before = await other.generateSuggestions(project.id, { sourcePageUrl: SOURCE_URL, minRelevanceScore: 0 });
    await account.client.syncPages(project.id, rest.slice(1));
    const after = await other.generateSuggestions(project.id, { sourcePageUrl: SOURCE_URL, minRelevanceScore: 0 });
    expect(after.length).toBeGreaterThan(before.length);
    const onFirst = await account.client.generateSuggestions(project.id, { sourcePageUrl: SOURCE_URL, minRelevanceScore: 0 });
    expect(after.map((s) => [s.targetPageUrl, s.anchorText]).sort()).toEqual(onFirst.map((s) => [s.targetPageUrl, s.anchorText]).sort());
  });

  it('when two batches for two projects of one account are stored at once through both bridges, then together they stay within its page quota', async () => {
    const account = await first.createAccount('shared-quota');
    await new AccountQuotas(first.database).set(account.accountId, { pages: 6 });
    const projects = [await account.client.createProject({ name: 'One', domain: FIXTURE_DOMAIN }), await account.client.createProject({ name: 'Two', domain: FIXTURE_DOMAIN })];
    const batch = FIXTURE_PAGES.slice(0, 4);
    // Holding the search index's table keeps both stores open after their quota checks, as two slow transactions.
    const holder = new pg.Client({ connectionString: cluster.adminUrl });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE search_documents IN EXCLUSIVE MODE');
      const answers = Promise.all(
        [first, second].map((bridge, i) => bridge.fetch(`/api/projects/${projects[i]!.id}/pages/batch`, { method: 'POST', key: account.key, json: batch })),
      );
      await waitForLockWaits(holder, 2);
      await holder.query('COMMIT');
      const [one, two] = await answers;
      const statuses = [one!.status, two!.status].sort();
      expect(statuses).toEqual([200, 403]);
      const refused = [one!, two!].find((answer) => answer.status === 403)!;
      expect((await refused.json()).error).toMatchObject({ code: 'quota_exceeded', status: 403, details: [{ field: 'pages' }] });
    } finally {
      await holder.end();
    }
    const held = await Promise.all(projects.map((project) => account.client.listPages(project.id)));
    expect(held.map((list) => list.pagination.total).sort()).toEqual([0, 4]);
    const quota = await account.client.getAccount();
    expect(quota.quotas.pages.used).toBe(4);
  });
  it('when the same Idempotency-Key reaches both bridges while the first is still creating, then the second answers 409 at once and only the first creates', async () => {
    const account = await first.createAccount('shared-claim');
    const key = randomUUID();
    const create = (bridge: TestBridge, signal?: AbortSignal) =>
      bridge.fetch('/api/projects', { method: 'POST', key: account.key, headers: { 'Idempotency-Key': key }, json: { name: 'Claimed', domain: FIXTURE_DOMAIN }, signal });
    // Holding the projects table keeps the first create in progress, as a slow one.
    const holder = new pg.Client({ connectionString: cluster.adminUrl });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE projects IN EXCLUSIVE MODE');
      const creating = create(first);
      await waitForLockWaits(holder, 1);
      // Answered while the first still holds the key, not after it.
      const other = await create(second, AbortSignal.timeout(5_000));
      expect(other.status).toBe(409);
      expect(other.headers.get('retry-after')).toBe('1');
      expect((await other.json()).error).toMatchObject({ code: 'conflict', status: 409 });
      await holder.query('COMMIT');
      const created = await creating;
      expect(created.status).toBe(201);
      const replayed = await create(second);
      expect(replayed.status).toBe(201);
      expect((await replayed.json()).data.id).toBe((await created.json()).data.id);
    } finally {
      await holder.end();
    }
    expect((await account.client.listProjects()).pagination.total).toBe(1);
  });
  it('when two batches of one project are stored at once through both bridges, then the index holds both', async () => {
    const account = await first.createAccount('shared-project-sync');
    const project = await account.client.createProject({ name: 'Both', domain: FIXTURE_DOMAIN });
    const halves = [FIXTURE_PAGES.slice(0, 3), FIXTURE_PAGES.slice(3)];
    const holder = new pg.Client({ connectionString: cluster.adminUrl });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE search_documents IN EXCLUSIVE MODE');
      const answers = Promise.all([first, second].map((bridge, i) => bridge.fetch(`/api/projects/${project.id}/pages/batch`, { method: 'POST', key: account.key, json: halves[i] })));
      await waitForLockWaits(holder, 2);
      await holder.query('COMMIT');
      expect((await answers).map((answer) => answer.status)).toEqual([200, 200]);
    } finally {
      await holder.end();
    }
    // The same pages synced in one batch through one bridge: what the index must hold.
    const alone = await account.client.createProject({ name: 'Alone', domain: FIXTURE_DOMAIN });
    await account.client.syncPages(alone.id, FIXTURE_PAGES);
    expect(await indexCounts(project.id)).toEqual(await indexCounts(alone.id));
  });
});

/** Waits until `count` sessions of the database wait for a lock (the two stores, behind the holder's). */
async function waitForLockWaits(client: pg.Client, count: number): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const { rows } = await client.query<{ waiting: string }>("SELECT count(*) AS waiting FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()");
    if (Number(rows[0]!.waiting) >= count) return;
    if (Date.now() > deadline) throw new Error(`${rows[0]!.waiting} sessions wait for a lock, not ${count}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** What a project's search index counts in the database: documents in its statistics, and its document rows. */
async function indexCounts(projectId: string): Promise<{ statistics: number; rows: number }> {
  const db = first.database.db;
  const stats = await db.selectFrom('search_stats').select('document_count').where('project_id', '=', projectId).executeTakeFirstOrThrow();
  const rows = await db.selectFrom('search_documents').select((eb) => eb.fn.countAll<number>().as('count')).where('project_id', '=', projectId).executeTakeFirstOrThrow();
  return { statistics: stats.document_count, rows: Number(rows.count) };
}
