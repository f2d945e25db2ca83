import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTILE_SHAPES, LARGEST_PAGE_BYTES, type HostileShape } from '../../bench/hostile/hostile-pages.js';
import { startBridgeProcess, type BridgeProcess } from '../support/bridge-process.js';
import { FIXTURE_DOMAIN, FIXTURE_PAGES } from '../support/fixture-site.js';

// Pages any author of a connected site can publish, at the largest size the bridge accepts, synced over HTTP to the
// bridge as a process (its analysis workers, their limits, its memory) among normal pages.

const MIB = 1024 * 1024;

interface SyncPage {
  url: string;
  title: string;
  content: string;
}

interface SyncResponse {
  status: number;
  data: {
    synced: number;
    failed: number;
    errors: { index: number; url: string | null; code: string; message: string }[];
    pages: { index: number; id: string; url: string }[];
  };
}

const hostilePage = (shape: HostileShape): SyncPage => ({
  url: `${FIXTURE_DOMAIN}/hostile/${shape.name}`,
  title: `Hostile ${shape.name}`,
  content: shape.build(LARGEST_PAGE_BYTES),
});

/** A normal page of a batch: it names four fixture guides, so it has suggestions once they are synced. */
const notePage = (batch: number): SyncPage => ({
  url: `${FIXTURE_DOMAIN}/notes/batch-${batch}`,
  title: `Baking notes ${batch} – Kitchen Notes`,
  content: `<p>Note ${batch}: the sourdough starter was lively, the bread flour took more water, dough hydration was high and the baking stone was hot.</p>`,
});

async function syncBatch(bridge: BridgeProcess, projectId: string, pages: SyncPage[]): Promise<SyncResponse> {
  const response = await fetch(`${bridge.url}/api/projects/${projectId}/pages/batch`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${bridge.apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(pages),
  });
  return { status: response.status, ...((await response.json()) as { data: SyncResponse['data'] }) };
}

async function createProject(bridge: BridgeProcess, name: string): Promise<string> {
  const response = await fetch(`${bridge.url}/api/projects`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${bridge.apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, domain: FIXTURE_DOMAIN }),
  });
  return ((await response.json()) as { data: { id: string } }).data.id;
}

async function suggestionsFrom(bridge: BridgeProcess, projectId: string, sourcePageUrl: string): Promise<{ status: number; targets: string[] }> {
  const response = await fetch(`${bridge.url}/api/projects/${projectId}/suggestions`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${bridge.apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ sourcePageUrl, limit: 10, minRelevanceScore: 0 }),
  });
  const body = (await response.json()) as { data?: { targetPageUrl: string }[] };
  return { status: response.status, targets: (body.data ?? []).map((suggestion) => suggestion.targetPageUrl) };
}

/** The hostile pages in batches of at most `bodyBytes` of JSON, each with a normal page. */
function hostileBatches(bodyBytes: number): SyncPage[][] {
  const batches: SyncPage[][] = [];
  let batch: SyncPage[] = [];
  let bytes = 0;
  for (const shape of HOSTILE_SHAPES) {
    const page = hostilePage(shape);
    const size = Buffer.byteLength(JSON.stringify(page));
    if (batch.length > 0 && bytes + size > bodyBytes) {
      batches.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(page);
    bytes += size;
  }
  batches.push(batch);
  return batches.map((pages, i) => [notePage(i), ...pages, ...(i === 0 ? FIXTURE_PAGES : [])]);
}

/** Every page of a sync response either stored or failed on a limit (payload_too_large), never anything else. */
function expectStoredOrOverLimit(pages: SyncPage[], { status, data }: SyncResponse): void {
  expect(status).toBe(200);
  expect(data.synced + data.failed).toBe(pages.length);
  for (const error of data.errors) {
    expect(error.code).toBe('payload_too_large');
    expect(pages[error.index]!.url).toContain('/hostile/');
  }
  const stored = new Set(data.pages.map((page) => page.index));
  pages.forEach((page, index) => {
    if (!page.url.includes('/hostile/')) expect(stored.has(index)).toBe(true);
  });
}

describe('hostile HTML synced to the bridge process', () => {
  let bridge: BridgeProcess;
  let projectId: string;
  const batches = hostileBatches(12 * MIB);

  beforeAll(async () => {
    bridge = await startBridgeProcess({ env: { INTERLINKER_BODY_LIMIT: String(16 * MIB) } });
    projectId = await createProject(bridge, 'Hostile');
  });
  afterAll(() => bridge.dispose());

  it(`when every hostile shape is synced at 2 MiB (${HOSTILE_SHAPES.length} pages), then each batch answers 200 and stores its normal pages`, async () => {
    for (const batch of batches) expectStoredOrOverLimit(batch, await syncBatch(bridge, projectId, batch));
  }, 300_000);

  it('when the hostile pages are stored, then the normal page of every batch has suggestions to the guides', async () => {
    for (let i = 0; i < batches.length; i += 1) {
      const { status, targets } = await suggestionsFrom(bridge, projectId, notePage(i).url);
      expect(status).toBe(200);
      expect(targets).toContain(`${FIXTURE_DOMAIN}/guides/sourdough-starter`);
    }
  }, 60_000);

  it('when a hostile page is the source of a generation, then the bridge answers (404 only for a page not stored)', async () => {
    for (const shape of HOSTILE_SHAPES) {
      const { status } = await suggestionsFrom(bridge, projectId, hostilePage(shape).url);
      expect([200, 404]).toContain(status);
    }
  }, 120_000);

  it('when it is done, then the process is alive and a small batch is analysed at once (no worker stalled)', async () => {
    expect((await fetch(`${bridge.url}/healthz`)).status).toBe(200);
    const started = Date.now();
    const pages = [notePage(100), notePage(101)];
    expectStoredOrOverLimit(pages, await syncBatch(bridge, projectId, pages));
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe('a page over an analysis limit, synced to the bridge process', () => {
  it.each([
    { limit: 'time', variable: 'INTERLINKER_ANALYSIS_TIMEOUT_MS', value: '100', shape: 'distinct-words', message: /took longer than 100 ms/ },
    { limit: 'memory', variable: 'INTERLINKER_ANALYSIS_MEMORY_MB', value: '16', shape: 'text-nodes', message: /needed more than 16 MB/ },
  ])('when its analysis goes over the $limit limit, then it alone fails with payload_too_large and the rest is stored and suggestable', async ({ variable, value, shape, message }) => {
    // A 2 MiB page takes hundreds of ms and tens of MB to analyse; the normal pages take a few ms and kB.
    const bridge = await startBridgeProcess({ env: { [variable]: value } });
    try {
      const projectId = await createProject(bridge, `Over the ${shape} limit`);
      const pages = [...FIXTURE_PAGES, hostilePage(HOSTILE_SHAPES.find((candidate) => candidate.name === shape)!), notePage(0)];
      const response = await syncBatch(bridge, projectId, pages);
      expectStoredOrOverLimit(pages, response);
      expect(response.data.errors).toEqual([{ index: FIXTURE_PAGES.length, url: pages[FIXTURE_PAGES.length]!.url, code: 'payload_too_large', message: expect.stringMatching(message) }]);
      const { targets } = await suggestionsFrom(bridge, projectId, notePage(0).url);
      expect(targets).toContain(`${FIXTURE_DOMAIN}/guides/sourdough-starter`);
      expect((await fetch(`${bridge.url}/healthz`)).status).toBe(200);
    } finally {
      await bridge.dispose();
    }
  }, 60_000);
});
