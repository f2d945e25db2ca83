import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InterlinkerClient } from '../../bridge/src/client/index.js';
import { startBridgeProcess, type BridgeProcess } from '../support/bridge-process.js';

// The bridge as a process analyses pages on its worker pool, so batches synced at once overlap in time.
let bridge: BridgeProcess;
let client: InterlinkerClient;
let projectId: string;

beforeAll(async () => {
  bridge = await startBridgeProcess();
  client = new InterlinkerClient({ baseUrl: bridge.url, apiKey: bridge.apiKey });
  projectId = (await client.createProject({ name: 'Parallel', domain: 'https://site.test' })).id;
});
afterAll(() => bridge.dispose());

const page = (n: number, batch: number) => ({
  url: `https://site.test/docs/page-${n}/`,
  title: `Kernel topic ${n}`,
  content: `<p>Batch ${batch} writes about kernel topic ${n} and <a href="/docs/page-${(n + 1) % 120}/">kernel topic ${n + 1}</a>.</p>`,
});

describe('batch syncs at the same time', () => {
  it('when overlapping batches are synced in parallel, then every URL is one page with one id', async () => {
    // Four batches of 60 pages over 120 URLs: each URL is in two batches.
    const batches = [0, 1, 2, 3].map((b) => Array.from({ length: 60 }, (_, i) => page((b * 30 + i) % 120, b)));
    const results = await Promise.all(batches.map((batch) => client.syncPages(projectId, batch)));
    expect(results.map((result) => result.synced)).toEqual([60, 60, 60, 60]);

    const idsByUrl = new Map<string, Set<string>>();
    for (const result of results) {
      for (const synced of result.pages) idsByUrl.set(synced.url, (idsByUrl.get(synced.url) ?? new Set()).add(synced.id));
    }
    expect(idsByUrl.size).toBe(120);
    expect([...idsByUrl.values()].every((ids) => ids.size === 1)).toBe(true);
    const listed = await client.listPages(projectId, { limit: 100 });
    expect(listed.pagination.total).toBe(120);
  });

  it('when a batch has an invalid page among valid ones, then the valid ones are stored and indexed', async () => {
    const [mixed] = await Promise.all([
      client.syncPages(projectId, [page(1, 5), { url: 'https://elsewhere.test/x', title: 'X', content: '<p>x</p>' }, page(2, 5)]),
      client.syncPages(projectId, [page(3, 6), page(4, 6)]),
    ]);
    expect(mixed).toMatchObject({ synced: 2, failed: 1, errors: [{ index: 1, code: 'validation_error' }] });
    const suggestions = await client.generateSuggestions(projectId, { sourcePageUrl: page(1, 5).url, limit: 5, minRelevanceScore: 0 });
    expect(suggestions.length).toBeGreaterThan(0);
  });
});
