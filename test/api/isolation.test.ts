import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBridge, type TestAccount, type TestBridge } from '../support/api-harness.js';
import { FIXTURE_DOMAIN, FIXTURE_PAGES, SOURCE_URL } from '../support/fixture-site.js';

let bridge: TestBridge;
let owner: TestAccount;
let intruder: TestAccount;
const ids: Record<string, string> = {};

beforeAll(async () => {
  bridge = await startTestBridge();
  owner = await bridge.createAccount('owner');
  intruder = await bridge.createAccount('intruder');
  const project = await owner.client.createProject({ name: 'private', domain: FIXTURE_DOMAIN });
  ids.project = project.id;
  const synced = await owner.client.syncPages(project.id, FIXTURE_PAGES);
  ids.page = synced.pages[0]!.id;
  const [suggestion] = await owner.client.generateSuggestions(project.id, { sourcePageUrl: SOURCE_URL, minRelevanceScore: 0 });
  ids.suggestion = suggestion!.id;
  await owner.client.updateSuggestion(project.id, suggestion!.id, 'approved');
  ids.implementation = (await owner.client.createImplementation(project.id, { suggestionIds: [suggestion!.id], platform: 'wordpress' })).id;
});
afterAll(() => bridge.close());

describe("another account's data", () => {
  it('when another key reaches for every project-scoped route, then each answers 404 and nothing changes', async () => {
    const p = () => `/api/projects/${ids.project}`;
    const routes: [string, string, unknown?][] = [
      ['GET', p()],
      ['PATCH', p(), { name: 'stolen' }],
      ['DELETE', p()],
      ['POST', `${p()}/pages/batch`, [{ url: `${FIXTURE_DOMAIN}/x`, title: 'x', content: 'x' }]],
      ['GET', `${p()}/pages`],
      ['GET', `${p()}/pages/${ids.page}`],
      ['POST', `${p()}/suggestions`, { sourcePageUrl: SOURCE_URL }],
      ['GET', `${p()}/suggestions`],
      ['GET', `${p()}/suggestions/${ids.suggestion}`],
      ['PATCH', `${p()}/suggestions/${ids.suggestion}`, { status: 'rejected' }],
      ['DELETE', `${p()}/suggestions/${ids.suggestion}`],
      ['POST', `${p()}/implementations`, { suggestionIds: [ids.suggestion], platform: 'wordpress' }],
      ['GET', `${p()}/implementations`],
      ['GET', `${p()}/implementations/${ids.implementation}`],
      ['POST', `${p()}/implementations/${ids.implementation}/results`, { results: [{ suggestionId: ids.suggestion, succeeded: true }] }],
      ['POST', `${p()}/implementations/${ids.implementation}/rollback`, { reason: 'x' }],
      ['GET', `${p()}/analytics`],
      ['GET', `${p()}/analytics/timeseries`],
      ['GET', `${p()}/analytics/orphans`],
      ['GET', `${p()}/analytics/broken-links`],
      ['GET', `${p()}/analytics/inbound-links`],
    ];
    for (const [method, path, json] of routes) {
      const response = await bridge.fetch(path, { method, key: intruder.key, ...(json !== undefined ? { json } : {}) });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect((await response.json()).error.code).toBe('not_found');
    }
    expect((await intruder.client.listProjects()).pagination.total).toBe(0);
    expect((await owner.client.getProject(ids.project!)).name).toBe('private');
    expect((await owner.client.getSuggestion(ids.project!, ids.suggestion!)).status).toBe('approved');
    expect((await owner.client.getImplementation(ids.project!, ids.implementation!)).status).toBe('pending');
    expect((await owner.client.listPages(ids.project!)).pagination.total).toBe(FIXTURE_PAGES.length);
  });

  it("when another account's suggestion id is used inside an own project, then it is unknown there too", async () => {
    const own = await intruder.client.createProject({ name: 'mine', domain: FIXTURE_DOMAIN });
    const response = await bridge.fetch(`/api/projects/${own.id}/suggestions/${ids.suggestion}`, { key: intruder.key });
    expect(response.status).toBe(404);
    const impl = await bridge.fetch(`/api/projects/${own.id}/implementations`, { method: 'POST', key: intruder.key, json: { suggestionIds: [ids.suggestion], platform: 'wordpress' } });
    expect(impl.status).toBe(404);
  });
});
