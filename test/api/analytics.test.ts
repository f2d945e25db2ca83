import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBridge, TestClock, type TestAccount, type TestBridge } from '../support/api-harness.js';

let bridge: TestBridge;
let account: TestAccount;
const clock = new TestClock(new Date('2026-03-01T10:00:00.000Z'));
let projectId: string;

const D = 'https://health.test';

beforeAll(async () => {
  bridge = await startTestBridge({ clock });
  account = await bridge.createAccount('analytics');
  projectId = (await account.client.createProject({ name: 'health', domain: D })).id;
  await account.client.syncPages(projectId, [
    { url: `${D}/hub`, title: 'Hub', content: `<p><a href="/a">A</a> <a href="/b">B</a> <a href="/gone">Gone</a> <a href="/never">Never</a> <a href="/a#again">A again</a> <a href="https://else.test/">out</a></p>` },
    { url: `${D}/a`, title: 'A', content: '<p><a href="/b">B</a></p>' },
    { url: `${D}/b`, title: 'B', content: '<p>b</p>' },
    { url: `${D}/orphan`, title: 'Orphan', content: '<p>alone</p>' },
    { url: `${D}/gone`, title: 'Gone', content: '', statusCode: 410 },
  ]);
  // Suggestions and implementations on two different days, written directly (on either backend) to pin their creation times.
  const pages = await pageIdsByPath(projectId);
  const suggestion = (id: string, source: string, target: string, status: 'pending' | 'approved' | 'rejected', at: string) => ({
    id,
    project_id: projectId,
    source_page_id: pages[source]!,
    target_page_id: pages[target]!,
    anchor_text: 'x',
    context: 'x',
    relevance_score: 0.9,
    status,
    created_at: at,
    updated_at: at,
  });
  await bridge.database.db
    .insertInto('suggestions')
    .values([
      suggestion('sug_1', '/b', '/orphan', 'pending', '2026-02-01T09:00:00.000Z'),
      suggestion('sug_2', '/a', '/orphan', 'approved', '2026-02-03T23:59:59.999Z'),
      suggestion('sug_3', '/orphan', '/a', 'rejected', '2026-02-04T00:00:00.000Z'),
    ])
    .execute();
  const implementation = (id: string, status: 'completed' | 'rolled_back' | 'failed', at: string, succeeded: number) => ({
    id,
    project_id: projectId,
    platform: 'wordpress',
    status,
    created_at: at,
    succeeded,
    failed: 1 - succeeded,
    implemented_at: at,
  });
  await bridge.database.db
    .insertInto('implementations')
    .values([
      implementation('imp_1', 'completed', '2026-02-02T12:00:00.000Z', 1),
      implementation('imp_2', 'rolled_back', '2026-02-02T13:00:00.000Z', 1),
      implementation('imp_3', 'failed', '2026-02-05T13:00:00.000Z', 0),
    ])
    .execute();
});

/** The project's page ids by URL path. */
async function pageIdsByPath(project: string): Promise<Record<string, string>> {
  const rows = await bridge.database.db.selectFrom('pages').select(['id', 'url']).where('project_id', '=', project).execute();
  return Object.fromEntries(rows.map((p) => [new URL(p.url).pathname, p.id]));
}
afterAll(() => bridge.close());

describe('analytics', () => {
  it('when no dates are given, then everything counts; pages and links are the current state', async () => {
    const analytics = await account.client.getAnalytics(projectId);
    expect(analytics.suggestions).toEqual({ total: 3, pending: 1, approved: 1, implemented: 0, rejected: 1 });
    // imp_2 succeeded, then was rolled back: its links are gone, so it is not counted as successful.
    expect(analytics.implementations).toEqual({ total: 3, successful: 1, failed: 1, pending: 0, rolledBack: 1 });
    expect(analytics.pages).toEqual({ total: 6, synced: 5, pending: 1 });
    expect(analytics.links).toEqual({ total: 6, active: 4, broken: 1, unresolved: 1, redirected: 0 });
  });

  it('when a window is given, then bounds are inclusive and a bare end date covers its whole day', async () => {
    const analytics = await account.client.getAnalytics(projectId, { startDate: '2026-02-02', endDate: '2026-02-03' });
    expect(analytics.suggestions.total).toBe(1);
    expect(analytics.implementations.total).toBe(2);
    const exact = await account.client.getAnalytics(projectId, { startDate: '2026-02-01T09:00:00.000Z', endDate: '2026-02-01T09:00:00.000Z' });
    expect(exact.suggestions.total).toBe(1);
  });

  it('when dates are unparseable or start is after end, then 400', async () => {
    for (const query of ['startDate=yesterday', 'endDate=2026-02-30', 'startDate=2026-02-05&endDate=2026-02-01', 'startDate=2026-02-01T10:00']) {
      const response = await bridge.fetch(`/api/projects/${projectId}/analytics?${query}`, { key: account.key });
      expect(response.status, query).toBe(400);
      expect((await response.json()).error.code).toBe('validation_error');
    }
  });

  it('when the timeseries gets an unparseable end date alone, then 400, not a 500 from the default start', async () => {
    for (const query of ['endDate=100', 'endDate=1', 'endDate=2026-02-30']) {
      const response = await bridge.fetch(`/api/projects/${projectId}/analytics/timeseries?${query}`, { key: account.key });
      expect(response.status, query).toBe(400);
      expect((await response.json()).error.code).toBe('validation_error');
    }
  });

  it('when the reports are asked, then orphans, broken links, inbound spread and daily counts are right', async () => {
    const orphans = await account.client.listOrphans(projectId);
    expect(orphans.items.map((p) => p.url).sort()).toEqual([`${D}/hub`, `${D}/orphan`]);
    const broken = await account.client.listBrokenLinks(projectId);
    expect(broken.items).toEqual([expect.objectContaining({ sourcePageUrl: `${D}/hub`, targetUrl: `${D}/gone`, anchorText: 'Gone', statusCode: 410 })]);
    const inbound = await account.client.getInboundLinks(projectId);
    expect(inbound.buckets.map((b) => b.pages)).toEqual([2, 1, 1, 0, 0, 0]);
    const scoped = await account.client.createProject({ name: 'scoped', domain: D, excludePaths: ['/hidden/'] });
    await account.client.syncPages(scoped.id, [
      { url: `${D}/visible`, title: 'Visible', content: '<p>v</p>' },
      { url: `${D}/hidden/page`, title: 'Hidden', content: '<p>h</p>' },
      { url: `${D}/excluded`, title: 'Excluded', content: '<p>e</p>', excluded: true },
    ] as never);
    expect((await account.client.listOrphans(scoped.id)).items.map((p) => p.url)).toEqual([`${D}/visible`]);
    expect((await account.client.getInboundLinks(scoped.id)).buckets[0]!.pages).toBe(1);
    const series = await account.client.getTimeseries(projectId, { startDate: '2026-02-01', endDate: '2026-02-05' });
    expect(series).toEqual([
      { date: '2026-02-01', suggestions: 1, implementations: 0 },
      { date: '2026-02-02', suggestions: 0, implementations: 2 },
      { date: '2026-02-03', suggestions: 1, implementations: 0 },
      { date: '2026-02-04', suggestions: 1, implementations: 0 },
      { date: '2026-02-05', suggestions: 0, implementations: 1 },
    ]);
    expect(await account.client.getTimeseries(projectId)).toHaveLength(30);
  });

  it('when a page is synced gone, then links in it (an implemented suggestion included) are no broken links, in the list or its total', async () => {
    const project = (await account.client.createProject({ name: 'gone source', domain: D })).id;
    await account.client.syncPages(project, [
      { url: `${D}/was`, title: 'Was', content: '<p>Read <a href="/dead">the dead page</a>.</p>' },
      { url: `${D}/still`, title: 'Still', content: '<p>Read <a href="/dead">it</a>.</p>' },
      { url: `${D}/dead`, title: 'Dead', content: '', statusCode: 410 },
    ]);
    await account.client.syncPages(project, [{ url: `${D}/was`, title: '', content: '', statusCode: 410 }]);
    const pages = await pageIdsByPath(project);
    await bridge.database.db
      .insertInto('suggestions')
      .values({
        id: 'sug_gone_source',
        project_id: project,
        source_page_id: pages['/was']!,
        target_page_id: pages['/dead']!,
        anchor_text: 'private words',
        context: 'A sentence of a page no longer public.',
        relevance_score: 0.9,
        status: 'implemented',
        created_at: '2026-02-01T09:00:00.000Z',
        updated_at: '2026-02-01T09:00:00.000Z',
      })
      .execute();

    const broken = await account.client.listBrokenLinks(project);

    expect(broken.items.map((link) => link.sourcePageUrl)).toEqual([`${D}/still`]);
    expect(broken.pagination.total).toBe(1);
  });
});
