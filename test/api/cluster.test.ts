import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateBlogPosts } from '../support/blog-site-posts.js';
import { FIXTURE_DOMAIN, FIXTURE_PAGES, SOURCE_URL } from '../support/fixture-site.js';
import { startReferenceCluster, type ReferenceCluster } from '../support/reference-cluster.js';

/**
 * The reference deployment (`npm run cluster`): PostgreSQL 15, three built bridges, Debian's HAProxy running
 * deploy/haproxy/interlinker.cfg. Every request goes through the proxy, as a plugin's would.
 */
let cluster: ReferenceCluster;
let key: string;

beforeAll(async () => {
  cluster = await startReferenceCluster();
  key = await cluster.bridges[0]!.createKey('cluster-test');
}, 60_000);
afterAll(async () => {
  await cluster?.stop();
});

interface Answer {
  status: number;
  /** The server that answered, as HAProxy names it (X-Interlinker-Bridge); null when HAProxy answered itself. */
  bridge: string | null;
  body: { data?: unknown; meta?: { pagination?: { total: number } } } | null;
}

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(`${cluster.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  // HAProxy's own answers (a 503 when no bridge is up) are HTML.
  const json = response.headers.get('content-type')?.includes('application/json') ?? false;
  return { status: response.status, bridge: response.headers.get('x-interlinker-bridge'), body: json ? JSON.parse(text) : null };
}

async function createProject(name: string): Promise<string> {
  const answer = await call('POST', '/api/projects', { name, domain: FIXTURE_DOMAIN }, { 'Idempotency-Key': randomUUID() });
  expect(answer.status).toBe(201);
  return (answer.body!.data as { id: string }).id;
}

/**
 * A client that retries what got no answer from a bridge (a network error, 502/503 from the proxy, 409 from a key
 * still in progress) with the same request and Idempotency-Key, as the plugin does; resolves to the final answer.
 */
async function callRetrying(
  method: string,
  path: string,
  body: unknown,
  { idempotencyKey = randomUUID(), firstAttempt }: { idempotencyKey?: string; firstAttempt?: () => Promise<Answer> } = {},
): Promise<Answer & { attempts: number }> {
  const headers = { 'Idempotency-Key': idempotencyKey };
  for (let attempts = 1; ; attempts += 1) {
    const answer = await (attempts === 1 && firstAttempt ? firstAttempt() : call(method, path, body, headers)).catch(() => null);
    if (answer !== null && ![409, 502, 503, 504].includes(answer.status)) return { ...answer, attempts };
    if (attempts === 20) throw new Error(`${method} ${path}: no answer after ${attempts} attempts (last: ${answer?.status ?? 'network error'})`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * A POST whose body is sent in two halves, `between()` awaited after the first has had time to reach the bridge: a
 * request certainly in flight when `between()` runs.
 */
async function postInTwoHalves(path: string, body: unknown, headers: Record<string, string>, between: () => Promise<void>): Promise<Answer> {
  const text = new TextEncoder().encode(JSON.stringify(body));
  const half = Math.floor(text.length / 2);
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(text.subarray(0, half));
      await new Promise((resolve) => setTimeout(resolve, 300));
      await between();
      controller.enqueue(text.subarray(half));
      controller.close();
    },
  });
  const response = await fetch(`${cluster.url}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', ...headers },
    body: stream,
    duplex: 'half',
  } as RequestInit);
  const json = response.headers.get('content-type')?.includes('application/json') ?? false;
  return { status: response.status, bridge: response.headers.get('x-interlinker-bridge'), body: json ? await response.json() : null };
}

function bridgeNamed(name: string) {
  return cluster.bridges[cluster.proxy.servers.indexOf(name)]!;
}

describe('the reference cluster: three bridges behind HAProxy on one PostgreSQL database', () => {
  it('when a project is synced and asked for suggestions, then it is answered, every request of that project by one bridge', async () => {
    const projectId = await createProject('Hashed');
    const answers = [
      await call('POST', `/api/projects/${projectId}/pages/batch`, FIXTURE_PAGES),
      await call('POST', `/api/projects/${projectId}/suggestions`, { sourcePageUrl: SOURCE_URL, minRelevanceScore: 0 }),
      await call('GET', `/api/projects/${projectId}/pages`),
      await call('GET', `/api/projects/${projectId}/suggestions`),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect((answers[1]!.body!.data as unknown[]).length).toBeGreaterThan(0);
    expect(new Set(answers.map((answer) => answer.bridge)).size).toBe(1);
    expect(cluster.proxy.servers).toContain(answers[0]!.bridge);
  });

  it('when there are many projects, then they are spread over the bridges, each staying on its own', async () => {
    const projects = await Promise.all(Array.from({ length: 12 }, (_, index) => createProject(`Spread ${index}`)));
    const servedBy = new Map<string, Set<string | null>>();
    for (let round = 0; round < 2; round += 1) {
      for (const projectId of projects) {
        const answer = await call('GET', `/api/projects/${projectId}/pages`);
        expect(answer.status).toBe(200);
        servedBy.set(projectId, (servedBy.get(projectId) ?? new Set()).add(answer.bridge));
      }
    }
    for (const bridges of servedBy.values()) expect(bridges.size).toBe(1);
    expect(new Set([...servedBy.values()].flatMap((bridges) => [...bridges])).size).toBeGreaterThanOrEqual(2);
  });

  it('when the bridge of a project is killed (SIGKILL) during its batch sync, then retries store every page once and the dead bridge leaves the pool', async () => {
    const projectId = await createProject('Killed');
    const pages = [...generateBlogPosts(25), ...generateBlogPosts(26)].map((post, index) => ({
      url: `${FIXTURE_DOMAIN}/posts/${index}-${post.slug}`,
      title: post.title,
      content: post.content,
    }));
    const batches = Array.from({ length: pages.length / 30 }, (_, index) => pages.slice(index * 30, index * 30 + 30));
    const victim = (await call('GET', `/api/projects/${projectId}/pages`)).bridge!;
    const path = `/api/projects/${projectId}/pages/batch`;
    let synced = 0;
    for (const [index, batch] of batches.entries()) {
      const idempotencyKey = randomUUID();
      // The third batch's bridge is killed while it reads the batch.
      const firstAttempt =
        index === 2
          ? () => postInTwoHalves(path, batch, { 'Idempotency-Key': idempotencyKey }, async () => void process.kill(bridgeNamed(victim).pid, 'SIGKILL'))
          : undefined;
      const answer = await callRetrying('POST', path, batch, { idempotencyKey, ...(firstAttempt ? { firstAttempt } : {}) });
      expect(answer.status).toBe(200);
      // The interrupted batch got no answer from its bridge and was sent again, to another one.
      if (index === 2) expect([answer.attempts > 1, answer.bridge !== victim]).toEqual([true, true]);
      synced += (answer.body!.data as { synced: number }).synced;
    }
    expect(synced).toBe(pages.length);

    await cluster.proxy.waitForStatus(victim, 'DOWN', 5_000);
    const stored: string[] = [];
    for (let offset = 0; ; offset += 100) {
      const answer = await call('GET', `/api/projects/${projectId}/pages?limit=100&offset=${offset}`);
      expect(answer.status).toBe(200);
      expect(answer.bridge).not.toBe(victim);
      expect(answer.body!.meta!.pagination!.total).toBe(pages.length);
      const urls = (answer.body!.data as Array<{ url: string }>).map((page) => page.url);
      stored.push(...urls);
      if (urls.length < 100) break;
    }
    expect(stored.sort()).toEqual(pages.map((page) => page.url).sort());

    await bridgeNamed(victim).start();
    await cluster.proxy.waitForStatus(victim, 'UP');
  }, 60_000);

  it('when the bridge of a project is killed (SIGKILL) while it stores a batch, then none of that batch is stored until the retry stores it once', async () => {
    const projectId = await createProject('Killed while storing');
    const pages = generateBlogPosts(27).map((post, index) => ({ url: `${FIXTURE_DOMAIN}/stored/${index}-${post.slug}`, title: post.title, content: post.content }));
    const path = `/api/projects/${projectId}/pages/batch`;
    expect((await call('POST', path, pages.slice(0, 30))).status).toBe(200);
    const victim = (await call('GET', `/api/projects/${projectId}/pages`)).bridge!;
    const admin = new pg.Client({ connectionString: cluster.postgres.adminUrl });
    await admin.connect();
    try {
      // The bridge is killed once PostgreSQL shows it writing the batch's pages inside its transaction.
      const storing = async () => {
        for (const deadline = Date.now() + 20_000; Date.now() < deadline; ) {
          const { rows } = await admin.query(
            `SELECT 1 FROM pg_stat_activity WHERE datname = 'interlinker' AND state IN ('active', 'idle in transaction')
               AND (query ILIKE '%into "pages"%' OR query ILIKE '%into "page_contents"%' OR query ILIKE '%into "page_links"%')`,
          );
          if (rows.length > 0) return true;
        }
        return false;
      };
      const idempotencyKey = randomUUID();
      const killed = storing().then((seen) => seen && (process.kill(bridgeNamed(victim).pid, 'SIGKILL'), true));
      const cutOff = await call('POST', path, pages.slice(30), { 'Idempotency-Key': idempotencyKey }).catch(() => null);
      expect(await killed).toBe(true);
      expect(cutOff === null || cutOff.status >= 500).toBe(true);
      // Its transaction died with it: nothing of the batch is stored.
      await cluster.proxy.waitForStatus(victim, 'DOWN', 5_000);
      expect((await call('GET', `/api/projects/${projectId}/pages?limit=1`)).body!.meta!.pagination!.total).toBe(30);

      const retried = await callRetrying('POST', path, pages.slice(30), { idempotencyKey });
      expect([retried.status, (retried.body!.data as { synced: number }).synced]).toEqual([200, pages.length - 30]);
      expect((await call('GET', `/api/projects/${projectId}/pages?limit=1`)).body!.meta!.pagination!.total).toBe(pages.length);
    } finally {
      await admin.end();
    }
    await bridgeNamed(victim).start();
    await cluster.proxy.waitForStatus(victim, 'UP');
  }, 60_000);

  it('when the three bridges are restarted one at a time under a steady stream of requests, then no request fails', async () => {
    const projectId = await createProject('Rolling');
    expect((await call('POST', `/api/projects/${projectId}/pages/batch`, FIXTURE_PAGES)).status).toBe(200);
    const projects = [projectId, ...(await Promise.all([1, 2, 3, 4, 5].map((index) => createProject(`Rolling ${index}`))))];
    const failures: string[] = [];
    const servedBy = new Set<string | null>();
    let requests = 0;
    let restarting = true;
    const requestStream = async (worker: number) => {
      for (let turn = worker; restarting; turn += 1) {
        const [method, path, body] =
          turn % 3 === 0
            ? ['POST', `/api/projects/${projectId}/suggestions`, { sourcePageUrl: SOURCE_URL, minRelevanceScore: 0 }]
            : ['GET', `/api/projects/${projects[turn % projects.length]}/pages?limit=5`, undefined];
        const answer = await call(method, path, body).catch((error: Error) => ({ status: 0, bridge: null, body: { data: String(error.cause ?? error) } }));
        requests += 1;
        servedBy.add(answer.bridge);
        if (answer.status !== 200) failures.push(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
      }
    };
    const streams = [0, 1, 2].map(requestStream);
    for (const [index, bridge] of cluster.bridges.entries()) {
      await bridge.stop();
      await bridge.start();
      await cluster.proxy.waitForStatus(cluster.proxy.servers[index]!, 'UP');
    }
    restarting = false;
    await Promise.all(streams);
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(50);
    expect(servedBy.size).toBe(3);
  }, 60_000);
});
