import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InterlinkerClient, type Suggestion } from '../../bridge/src/client/index.js';
import { startBridgeProcess, type BridgeProcess } from '../support/bridge-process.js';
import { FIXTURE_DOMAIN, FIXTURE_PAGES, SOURCE_URL } from '../support/fixture-site.js';

const BUDGET_MB = 1;
const PROJECTS = 10;

interface Health {
  status: string;
  indexes: { loaded: number; bytes: number; budgetBytes: number };
}

let bridge: BridgeProcess;
let client: InterlinkerClient;
const projectIds: string[] = [];

async function health(): Promise<Health> {
  return (await (await fetch(`${bridge.url}/healthz`)).json()).data as Health;
}

/** The suggestions for the fixture's source page, without what differs between two calls (ids, times). */
async function suggestionsOf(projectId: string): Promise<unknown[]> {
  const answer = await client.generateSuggestions(projectId, { sourcePageUrl: SOURCE_URL, minRelevanceScore: 0, limit: 50 });
  return answer.map(({ targetPageUrl, anchorText, context, relevanceScore }: Suggestion) => ({ targetPageUrl, anchorText, context, relevanceScore }));
}

/** The fixture site, with each project's pages told apart by a word of their own so that no two indexes are alike. */
function sitePages(n: number) {
  return FIXTURE_PAGES.map((page) => ({ ...page, content: `${page.content}<p>Notes of kitchen ${n}.</p>` }));
}

beforeAll(async () => {
  // Background generation stays quiet: only the requests below use the indexes.
  bridge = await startBridgeProcess({ env: { INTERLINKER_INDEX_MEMORY_MB: String(BUDGET_MB), INTERLINKER_GENERATION_QUIET_MS: '600000' } });
  client = new InterlinkerClient({ baseUrl: bridge.url, apiKey: bridge.apiKey });
}, 60_000);
afterAll(() => bridge.dispose());

describe('search indexes in memory', () => {
  let first: unknown[];

  it('when many projects are synced under a small INTERLINKER_INDEX_MEMORY_MB, then /healthz stays within the budget', async () => {
    expect((await health()).indexes).toEqual({ loaded: 0, bytes: 0, budgetBytes: BUDGET_MB * 1024 * 1024 });
    for (let n = 0; n < PROJECTS; n += 1) {
      const project = await client.createProject({ name: `kitchen ${n}`, domain: FIXTURE_DOMAIN });
      projectIds.push(project.id);
      expect((await client.syncPages(project.id, sitePages(n))).failed).toBe(0);
      if (n === 0) first = await suggestionsOf(project.id);
      const { indexes } = await health();
      expect(indexes.loaded).toBeGreaterThanOrEqual(1);
      // The index in use always stays; beyond it, the loaded ones keep to the budget.
      expect(indexes.bytes).toBeLessThanOrEqual(indexes.budgetBytes);
    }
    expect(first.length).toBeGreaterThan(0);
    const { indexes } = await health();
    expect(indexes.loaded).toBeLessThan(PROJECTS);
    expect(indexes.bytes).toBeGreaterThan(0);
  });

  it('when a released project is asked again, then its index is read back and gives identical suggestions', async () => {
    // The first project is the least recently used: released by now.
    expect((await health()).indexes.loaded).toBeLessThan(PROJECTS);
    expect(await suggestionsOf(projectIds[0]!)).toEqual(first);
    // Synced again after being read back, it still indexes and answers the same.
    expect((await client.syncPages(projectIds[0]!, sitePages(0))).synced).toBe(FIXTURE_PAGES.length);
    expect(await suggestionsOf(projectIds[0]!)).toEqual(first);
    expect((await health()).indexes.bytes).toBeLessThanOrEqual(BUDGET_MB * 1024 * 1024);
  });

  it('when every project syncs at once under the budget, then no sync loses its pages from the index', async () => {
    const rye = {
      url: `${FIXTURE_DOMAIN}/guides/rye-bread`,
      title: 'Rye Bread – Kitchen Notes',
      content: '<p>Rye bread needs a lively sourdough starter and some bread flour for structure; a baking stone helps the crust.</p>',
    };
    const synced = await Promise.all(projectIds.map((projectId) => client.syncPages(projectId, [rye])));
    for (const result of synced) expect(result.synced).toBe(1);
    expect((await health()).indexes.bytes).toBeLessThanOrEqual(BUDGET_MB * 1024 * 1024);
    const targetsOf = async (projectId: string) =>
      (await client.generateSuggestions(projectId, { sourcePageUrl: rye.url, minRelevanceScore: 0, limit: 50 })).map((s) => s.targetPageUrl).sort();
    const expected = await targetsOf(projectIds[0]!);
    expect(expected.length).toBeGreaterThan(0);
    for (const projectId of projectIds) expect(await targetsOf(projectId), projectId).toEqual(expected);
  });

  it('when the bridge restarts, then it loads no index until one is used, and then only that one', async () => {
    const before = await suggestionsOf(projectIds[0]!);
    await bridge.stop();
    await bridge.start();
    expect((await health()).indexes).toMatchObject({ loaded: 0, bytes: 0 });
    expect(await suggestionsOf(projectIds[0]!)).toEqual(before);
    expect((await health()).indexes.loaded).toBe(1);
  });

  it('when an index is unused for INTERLINKER_INDEX_IDLE_SECONDS, then it is released', async () => {
    await bridge.stop();
    await bridge.start({ INTERLINKER_INDEX_IDLE_SECONDS: '1' });
    await suggestionsOf(projectIds[1]!);
    expect((await health()).indexes.loaded).toBe(1);
    const deadline = Date.now() + 10_000;
    while ((await health()).indexes.loaded > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await health()).indexes).toMatchObject({ loaded: 0, bytes: 0 });
    expect((await suggestionsOf(projectIds[1]!)).length).toBeGreaterThan(0);
  });
});
