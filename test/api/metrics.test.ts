import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_BACKEND } from '../support/test-database.js';
import { startTestBridge, type TestAccount, type TestBridge } from '../support/api-harness.js';
import { FIXTURE_DOMAIN, FIXTURE_PAGES, SOURCE_URL } from '../support/fixture-site.js';
import { rawRequest, sendRaw } from '../support/raw-http.js';

const TOKEN = 'metrics-token-for-the-tests-0123456789abcdef';

let bridge: TestBridge;
let account: TestAccount;
let projectId: string;

beforeAll(async () => {
  bridge = await startTestBridge({ metricsToken: TOKEN, failedAuthPolicy: { maxFailures: 3, windowSeconds: 60 } });
  account = await bridge.createAccount('measured-site');
  projectId = (await account.client.createProject({ name: 'Measured', domain: FIXTURE_DOMAIN })).id;
  await account.client.syncPages(projectId, FIXTURE_PAGES);
  await account.client.generateSuggestions(projectId, { sourcePageUrl: SOURCE_URL });
  await account.client.getPage(projectId, (await account.client.listPages(projectId)).items[0]!.id);
  await bridge.fetch(`/api/projects/${projectId}/no-such-thing?secret=1`, { key: account.key });
});
afterAll(() => bridge.close());

async function scrape(): Promise<string> {
  const response = await fetch(`${bridge.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
}

/** The value of the sample whose name and labels match exactly (label order as the client writes them). */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  if (line === undefined) throw new Error(`no sample ${series} in:\n${text}`);
  return Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('when scraped with the token, then requests are counted by route pattern and status, with latency histograms', async () => {
    const text = await scrape();
    expect(sample(text, 'interlinker_http_requests_total{method="POST",route="/api/projects/{projectId}/pages/batch",status="200"}')).toBe(1);
    expect(sample(text, 'interlinker_http_requests_total{method="GET",route="/api/projects/{projectId}/pages/{pageId}",status="200"}')).toBe(1);
    expect(sample(text, 'interlinker_http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1);
    expect(sample(text, 'interlinker_http_request_duration_seconds_count{method="POST",route="/api/projects"}')).toBe(1);
    expect(sample(text, 'interlinker_http_request_duration_seconds_bucket{le="+Inf",method="POST",route="/api/projects/{projectId}/suggestions"}')).toBe(1);
    expect(text).toContain('# TYPE interlinker_http_request_duration_seconds histogram');
    // Node's own: the client library's default process metrics.
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
  });

  it('when scraped, then no label names an account, a project, a page or a URL', async () => {
    const text = await scrape();
    const page = (await account.client.listPages(projectId)).items[0]!;
    for (const secret of [account.accountId, projectId, page.id, 'measured-site', 'kitchen.test', 'secret', 'no-such-thing']) {
      expect(text, secret).not.toContain(secret);
    }
    const ours = text.split('\n').filter((line) => line.startsWith('interlinker_')).join('\n');
    const labelNames = new Set([...ours.matchAll(/[{,]([a-z_]+)="/g)].map((match) => match[1]));
    expect([...labelNames].sort()).toEqual(['le', 'method', 'outcome', 'reason', 'route', 'status']);
  });

  it('when pages were synced, then pages analysed, the queues, the loaded indexes and the database size are reported', async () => {
    const text = await scrape();
    expect(sample(text, 'interlinker_pages_analysed_total{outcome="analysed"}')).toBe(FIXTURE_PAGES.length);
    expect(sample(text, 'interlinker_analysis_queue_pages')).toBe(0);
    expect(sample(text, 'interlinker_pages')).toBe(FIXTURE_PAGES.length);
    expect(sample(text, 'interlinker_projects')).toBe(1);
    const health = (await (await fetch(`${bridge.url}/healthz`)).json()).data.indexes;
    expect(sample(text, 'interlinker_index_loaded')).toBe(health.loaded);
    expect(health.loaded).toBe(1);
    expect(sample(text, 'interlinker_index_memory_bytes')).toBe(health.bytes);
    expect(sample(text, 'interlinker_index_memory_budget_bytes')).toBe(health.budgetBytes);
    if (TEST_BACKEND === 'sqlite') {
      const pageCount = bridge.db.pragma('page_count', { simple: true }) as number;
      const pageSize = bridge.db.pragma('page_size', { simple: true }) as number;
      expect(sample(text, 'interlinker_database_bytes')).toBe(pageCount * pageSize);
      expect(sample(text, 'interlinker_database_wal_bytes')).toBeGreaterThan(0);
    } else {
      // pg_database_size; PostgreSQL's write-ahead log is the server's, not the database's.
      expect(sample(text, 'interlinker_database_bytes')).toBeGreaterThan(1_000_000);
      expect(text).not.toContain('interlinker_database_wal_bytes');
    }
    expect(sample(text, 'interlinker_generation_queue_pages')).toBeGreaterThanOrEqual(0);
  });

  it('when Node\'s parser refuses requests before express, then each is counted by reason and status, apart from the routed requests', async () => {
    const port = Number(new URL(bridge.url).port);
    const refused = (text: string, reason: string, status: number) => sample(text, `interlinker_http_refused_total{reason="${reason}",status="${status}"}`);
    const routed = (text: string) =>
      text.split('\n').filter((line) => line.startsWith('interlinker_http_requests_total{')).reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
    const before = await scrape();
    for (const [reason, status] of [['head_too_large', 431], ['unknown_method', 400], ['connect', 400], ['malformed', 400]] as const) {
      expect(refused(before, reason, status), reason).toBe(0);
    }

    const answers = [
      await rawRequest(port, { method: 'GET', target: '/api/projects', headers: [['Authorization', `Bearer ${account.key}`], ['X-Padding', 'p'.repeat(70_000)]] }),
      await rawRequest(port, { method: 'GET', target: '/api/projects', headers: [['X-Padding', 'p'.repeat(70_000)]] }),
      await rawRequest(port, { method: 'FOO', target: '/api/projects' }),
      await rawRequest(port, { method: 'CONNECT', target: '127.0.0.1:80' }),
      await rawRequest(port, { method: 'GET', target: '/api/projects with spaces' }),
    ];
    expect(answers.map((answer) => answer!.status)).toEqual([431, 431, 400, 400, 400]);
    const header = await sendRaw(port, Buffer.from('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header: x\r\n\r\n', 'latin1'));
    expect(header.toString('latin1')).toMatch(/^HTTP\/1\.1 400 /);

    // The first scrape is the one routed request counted between the two (it is counted once it has been sent).
    const after = await scrape();
    expect(refused(after, 'head_too_large', 431)).toBe(2);
    expect(refused(after, 'unknown_method', 400)).toBe(1);
    expect(refused(after, 'connect', 400)).toBe(1);
    expect(refused(after, 'malformed', 400)).toBe(2);
    expect(routed(after) - routed(before)).toBe(1);
    expect(after).toContain('# TYPE interlinker_http_refused_total counter');
  });

  it('when the token is missing or wrong, then 401 counted as a failed authentication (429 past the limit); an API key, 401 with its rate-limit headers', async () => {
    const missing = await fetch(`${bridge.url}/metrics`);
    expect(missing.status).toBe(401);
    expect((await missing.json()).error).toMatchObject({ code: 'unauthorized', message: expect.stringContaining('INTERLINKER_METRICS_TOKEN') });
    const apiKey = await fetch(`${bridge.url}/metrics`, { headers: { Authorization: `Bearer ${account.key}` } });
    expect(apiKey.status).toBe(401);
    expect((await apiKey.json()).error.message).toContain('INTERLINKER_METRICS_TOKEN');
    expect(apiKey.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
    expect((await fetch(`${bridge.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}x` } })).status).toBe(401);
    const wrong = await fetch(`${bridge.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN.slice(2)}` } });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).error.message).toContain('INTERLINKER_METRICS_TOKEN');
    const throttled = await fetch(`${bridge.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN.slice(1)}` } });
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toMatch(/^\d+$/);
    // As a valid key, the right token is never refused for the failures of its address.
    expect((await fetch(`${bridge.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
  });
});

describe('GET /metrics on a bridge without INTERLINKER_METRICS_TOKEN', () => {
  it('when it is asked for, then it answers as an unknown route: 404, with the rate-limit headers of a valid key, 401 for a wrong one', async () => {
    const plain = await startTestBridge();
    try {
      for (const headers of [{}, { Authorization: `Bearer ${(await plain.createAccount('plain')).key}` }] as Record<string, string>[]) {
        const response = await fetch(`${plain.url}/metrics`, { headers });
        expect(response.status).toBe(404);
        expect((await response.json()).error.code).toBe('not_found');
        expect(response.headers.has('x-ratelimit-remaining')).toBe('Authorization' in headers);
      }
      expect((await fetch(`${plain.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })).status).toBe(401);
    } finally {
      await plain.close();
    }
  });

  it('when the OpenAPI document is read, then /metrics is in it as text behind its own bearer scheme', async () => {
    const document = await (await fetch(`${bridge.url}/api/openapi.json`)).json();
    const operation = document.paths['/metrics'].get;
    expect(operation.security).toEqual([{ metricsToken: [] }]);
    expect(Object.keys(operation.responses['200'].content)).toEqual(['text/plain; version=0.0.4']);
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '401', '404', '429']));
    expect(document.components.securitySchemes.metricsToken).toMatchObject({ type: 'http', scheme: 'bearer' });
  });
});
