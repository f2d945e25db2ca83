import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizePageUrl } from '../../bridge/src/lib/url.js';
import { startTestBridge, type TestAccount, type TestBridge } from '../support/api-harness.js';
import { FIXTURE_DOMAIN, FIXTURE_PAGES, SOURCE_URL } from '../support/fixture-site.js';
import { contractViolations } from '../support/suggestion-validity.js';

let bridge: TestBridge;
let account: TestAccount;

const pageMap = new Map(FIXTURE_PAGES.map((p) => [normalizePageUrl(p.url)!, { html: p.content, statusCode: p.statusCode ?? 200 }]));

async function newProject(name: string, paths: { includePaths?: string[]; excludePaths?: string[] } = {}) {
  const project = await account.client.createProject({ name, domain: FIXTURE_DOMAIN, ...paths });
  await account.client.syncPages(project.id, FIXTURE_PAGES);
  return project.id;
}

beforeAll(async () => {
  bridge = await startTestBridge();
  account = await bridge.createAccount('suggestions');
});
afterAll(() => bridge.close());

describe('generating suggestions', () => {
  it('when suggestions are generated, then every contract guarantee holds and the linked and 404 pages are absent', async () => {
    const projectId = await newProject('guarantees');
    const answer = await account.client.generateSuggestions(projectId, { sourcePageUrl: SOURCE_URL, minRelevanceScore: 0, limit: 50 });
    expect(answer.length).toBeGreaterThanOrEqual(2);
    expect(contractViolations(answer, pageMap)).toEqual([]);
    const targets = answer.map((s) => s.targetPageUrl);
    expect(targets).not.toContain(`${FIXTURE_DOMAIN}/guides/baking-stone`);
    expect(targets).not.toContain(`${FIXTURE_DOMAIN}/guides/gone`);
    expect(targets).toEqual(expect.arrayContaining([`${FIXTURE_DOMAIN}/guides/sourdough-starter`, `${FIXTURE_DOMAIN}/guides/bread-flour`]));
    for (const suggestion of answer) {
      expect(suggestion).toMatchObject({ id: expect.stringMatching(/^sug_/), status: 'pending', sourcePageUrl: SOURCE_URL });
    }
  });

  it('when the source links to a target by another spelling of its URL, then that target is not suggested', async () => {
    const project = await account.client.createProject({ name: 'linked spelling', domain: FIXTURE_DOMAIN });
    const pages = FIXTURE_PAGES.map((page) =>
      page.url === SOURCE_URL
        ? { ...page, content: `${page.content}<p>See <a href="${FIXTURE_DOMAIN.toUpperCase()}/guides/bread-flour#types">this</a>.</p>` }
        : page,
    );
    await account.client.syncPages(project.id, pages);
    const answer = await account.client.generateSuggestions(project.id, { sourcePageUrl: SOURCE_URL, minRelevanceScore: 0, limit: 50 });
    const targets = answer.map((s) => s.targetPageUrl);
    expect(targets).toContain(`${FIXTURE_DOMAIN}/guides/sourdough-starter`);
    expect(targets).not.toContain(`${FIXTURE_DOMAIN}/guides/bread-flour`);
  });

  it('when limit and minRelevanceScore are given, then the answer respects both', async () => {
    const projectId = await newProject('limits');
    const one = await account.client.generateSuggestions(projectId, { sourcePageUrl: SOURCE_URL, limit: 1, minRelevanceScore: 0 });
    expect(one).toHaveLength(1);
    const strict = await account.client.generateSuggestions(projectId, { sourcePageUrl: SOURCE_URL, minRelevanceScore: 1 });
    expect(strict.every((s) => s.relevanceScore >= 1)).toBe(true);
  });

  it('when generating twice, then a pending suggestion keeps its id and no pair is stored twice', async () => {
    const projectId = await newProject('idempotent');
    const first = await account.client.generateSuggestions(projectId, { sourcePageUrl: SOURCE_URL, minRelevanceScore: 0 });
    const second = await account.client.generateSuggestions(projectId, { sourcePageUrl: SOURCE_URL, minRelevanceScore: 0 });
    expect(second.map((s) => s.id).sort()).toEqual(first.map((s) => s.id).sort());
    expect((await account.client.listSuggestions(projectId)).pagination.total).toBe(first.length);
  });

  it('when a pair is rejected, then it is not suggested again until that suggestion is deleted', async () => {
    const projectId = await newProject('rejected');
    const [top] = await account.client.generateSuggestions(projectId, { sourcePageUrl: SOURCE_URL, minRelevanceScore: 0 });
    await account.client.updateSuggestion(projectId, top!.id, 'rejected');
    const again = await account.client.generateSuggestions(projectId, { sourcePageUrl: SOURCE_URL, minRelevanceScore: 0 });
    expect(again.map((s) => s.targetPageUrl)).not.toContain(top!.targetPageUrl);
    await account.client.deleteSuggestion(projectId, top!.id);
    const after = await account.client.generateSuggestions(projectId, { sourcePageUrl: SOURCE_URL, minRelevanceScore: 0 });
    expect(after.map((s) => s.targetPageUrl)).toContain(top!.targetPageUrl);
  });

  it('when generation runs in parallel, then each pair has one live suggestion', async () => {
    const projectId = await newProject('parallel');
    await Promise.all(Array.from({ length: 8 }, () => account.client.generateSuggestions(projectId, { sourcePageUrl: SOURCE_URL, minRelevanceScore: 0 })));
    const duplicates = await bridge.database.db
      .selectFrom('suggestions')
      .select(['source_page_id', 'target_page_id'])
      .where('project_id', '=', projectId)
      .groupBy(['source_page_id', 'target_page_id'])
      .having((eb) => eb.fn.countAll(), '>', 1)
      .execute();
    expect(duplicates).toEqual([]);
    expect((await account.client.listSuggestions(projectId)).pagination.total).toBeGreaterThan(0);
  });

  it('when targets are outside includePaths or inside excludePaths, then they are never suggested', async () => {
    const projectId = await newProject('paths', { includePaths: ['/blog/', '/guides/'], excludePaths: ['/guides/bread-flour'] });
    const answer = await account.client.generateSuggestions(projectId, { sourcePageUrl: SOURCE_URL, minRelevanceScore: 0 });
    expect(answer.map((s) => s.targetPageUrl)).not.toContain(`${FIXTURE_DOMAIN}/guides/bread-flour`);
  });

  it('when pages are synced as excluded, then they are never a target, and as a source they answer 400', async () => {
    const projectId = await newProject('excluded');
    await account.client.syncPages(projectId, [{ ...FIXTURE_PAGES.find((p) => p.url.endsWith('/bread-flour'))!, excluded: true }]);
    expect((await account.client.listPages(projectId)).items.find((p) => p.url.endsWith('/bread-flour'))?.excluded).toBe(true);
    const answer = await account.client.generateSuggestions(projectId, { sourcePageUrl: SOURCE_URL, minRelevanceScore: 0 });
    expect(answer.length).toBeGreaterThan(0);
    expect(answer.map((s) => s.targetPageUrl)).not.toContain(`${FIXTURE_DOMAIN}/guides/bread-flour`);
    const asSource = await bridge.fetch(`/api/projects/${projectId}/suggestions`, {
      method: 'POST',
      key: account.key,
      json: { sourcePageUrl: `${FIXTURE_DOMAIN}/guides/bread-flour` },
    });
    expect(asSource.status).toBe(400);
  });

  it('when a target becomes excluded, gone, or leaves the paths, then its pending suggestions go; approved ones stay', async () => {
    const projectId = await newProject('stale');
    const answer = await account.client.generateSuggestions(projectId, { sourcePageUrl: SOURCE_URL, minRelevanceScore: 0 });
    expect(answer.length).toBeGreaterThanOrEqual(2);
    const [kept, excluded, gone] = answer as [(typeof answer)[0], (typeof answer)[0], (typeof answer)[0] | undefined];
    await account.client.updateSuggestion(projectId, kept.id, 'approved');
    const page = (url: string) => FIXTURE_PAGES.find((p) => p.url === url)!;
    await account.client.syncPages(projectId, [
      { ...page(kept.targetPageUrl), excluded: true },
      { ...page(excluded.targetPageUrl), excluded: true },
      ...(gone ? [{ ...page(gone.targetPageUrl), statusCode: 404 }] : []),
    ]);
    const left = await account.client.listSuggestions(projectId);
    expect(left.items.map((s) => s.id)).toEqual([kept.id]);

    const other = await newProject('stale-paths');
    const fresh = await account.client.generateSuggestions(other, { sourcePageUrl: SOURCE_URL, minRelevanceScore: 0 });
    await account.client.updateProject(other, { excludePaths: [new URL(fresh[0]!.targetPageUrl).pathname] });
    const remaining = await account.client.listSuggestions(other);
    expect(remaining.items.map((s) => s.targetPageUrl)).not.toContain(fresh[0]!.targetPageUrl);
    expect(remaining.pagination.total).toBe(fresh.length - 1);
  });

  it('when the source is outside the paths, then 400; when it is not stored, then 404', async () => {
    const projectId = await newProject('source-rules', { includePaths: ['/guides/'] });
    const outside = await bridge.fetch(`/api/projects/${projectId}/suggestions`, { method: 'POST', key: account.key, json: { sourcePageUrl: SOURCE_URL } });
    expect(outside.status).toBe(400);
    expect((await outside.json()).error.code).toBe('validation_error');
    const unknown = await bridge.fetch(`/api/projects/${projectId}/suggestions`, { method: 'POST', key: account.key, json: { sourcePageUrl: `${FIXTURE_DOMAIN}/nope` } });
    expect(unknown.status).toBe(404);
  });

  it('when limit or minRelevanceScore are out of range, then 400', async () => {
    const projectId = await newProject('ranges');
    for (const json of [{ sourcePageUrl: SOURCE_URL, limit: 0 }, { sourcePageUrl: SOURCE_URL, limit: 51 }, { sourcePageUrl: SOURCE_URL, minRelevanceScore: 1.5 }, { sourcePageUrl: 'x' }]) {
      const response = await bridge.fetch(`/api/projects/${projectId}/suggestions`, { method: 'POST', key: account.key, json });
      expect(response.status).toBe(400);
    }
  });
});

describe('reviewing suggestions', () => {
  it('when listing, then status and source filters apply, and get/PATCH answer the whole suggestion', async () => {
    const projectId = await newProject('review');
    const answer = await account.client.generateSuggestions(projectId, { sourcePageUrl: SOURCE_URL, minRelevanceScore: 0 });
    const patched = await account.client.updateSuggestion(projectId, answer[0]!.id, 'approved');
    expect(patched).toMatchObject({ id: answer[0]!.id, status: 'approved', anchorText: answer[0]!.anchorText, context: answer[0]!.context });
    expect(await account.client.getSuggestion(projectId, answer[0]!.id)).toEqual(patched);
    const approved = await account.client.listSuggestions(projectId, { status: 'approved' });
    expect(approved.items.map((s) => s.id)).toEqual([answer[0]!.id]);
    const open = await account.client.listSuggestions(projectId, { status: ['pending', 'approved'] });
    expect(open.pagination.total).toBe(answer.length);
    expect((await bridge.fetch(`/api/projects/${projectId}/suggestions?status=pending,done`, { key: account.key })).status).toBe(400);
    const bySource = await account.client.listSuggestions(projectId, { sourcePageUrl: SOURCE_URL });
    expect(bySource.pagination.total).toBe(answer.length);
    const best = await account.client.listSuggestions(projectId, { orderBy: 'relevanceScore', order: 'desc' });
    const scores = best.items.map((s) => s.relevanceScore);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const worst = await account.client.listSuggestions(projectId, { orderBy: 'relevanceScore', order: 'asc', limit: 1 });
    expect(worst.items[0]!.relevanceScore).toBe(Math.min(...scores));
    for (const query of ['status=done', 'orderBy=title', 'order=up']) {
      const bad = await bridge.fetch(`/api/projects/${projectId}/suggestions?${query}`, { key: account.key });
      expect(bad.status, query).toBe(400);
    }
    const badPatch = await bridge.fetch(`/api/projects/${projectId}/suggestions/${answer[0]!.id}`, { method: 'PATCH', key: account.key, json: { status: 'done' } });
    expect(badPatch.status).toBe(400);
  });

  it('when deleting, then it answers success and the suggestion is gone', async () => {
    const projectId = await newProject('delete');
    const [first] = await account.client.generateSuggestions(projectId, { sourcePageUrl: SOURCE_URL, minRelevanceScore: 0 });
    expect(await account.client.deleteSuggestion(projectId, first!.id)).toEqual({ success: true });
    expect((await bridge.fetch(`/api/projects/${projectId}/suggestions/${first!.id}`, { key: account.key })).status).toBe(404);
  });
});

describe('reading many suggestions at once (extension)', () => {
  it('when ids are given, then only those suggestions of the project are listed, in one request; an unknown id is left out', async () => {
    const projectId = await newProject('by-ids');
    const other = await newProject('by-ids-other');
    const generated = await account.client.generateSuggestions(projectId, { sourcePageUrl: SOURCE_URL, minRelevanceScore: 0, limit: 50 });
    const elsewhere = await account.client.generateSuggestions(other, { sourcePageUrl: SOURCE_URL, minRelevanceScore: 0, limit: 1 });
    expect(generated.length).toBeGreaterThanOrEqual(3);
    const wanted = [generated[2]!.id, generated[0]!.id];

    const listed = await account.client.listSuggestions(projectId, { ids: [...wanted, 'sug_unknown', elsewhere[0]!.id], limit: 100 });

    expect(listed.items.map((s) => s.id).sort()).toEqual([...wanted].sort());
    expect(listed.pagination.total).toBe(2);
    expect(listed.items.find((s) => s.id === generated[0]!.id)).toEqual(generated[0]);
    const tooMany = Array.from({ length: 101 }, (_, i) => `sug_${i}`).join(',');
    expect((await bridge.fetch(`/api/projects/${projectId}/suggestions?ids=${tooMany}`, { key: account.key })).status).toBe(400);
  });
});

describe('suggestions of live pages only (extension)', () => {
  it('when livePages=true, then suggestions whose source or target the site no longer shows are left out of the list and its total', async () => {
    const projectId = await newProject('live pages');
    const generated = await account.client.generateSuggestions(projectId, { sourcePageUrl: SOURCE_URL, minRelevanceScore: 0, limit: 50 });
    expect(generated.length).toBeGreaterThanOrEqual(2);
    await account.client.updateSuggestion(projectId, generated[0]!.id, 'rejected');
    const list = async (query: string) =>
      (await (await bridge.fetch(`/api/projects/${projectId}/suggestions?status=pending,rejected&${query}`, { key: account.key })).json()) as {
        data: { id: string }[];
        meta: { pagination: { total: number } };
      };
    expect((await list('livePages=true')).meta.pagination.total).toBe(generated.length);

    // The source goes private on the site: it is synced as gone.
    const source = FIXTURE_PAGES.find((page) => page.url === SOURCE_URL)!;
    await account.client.syncPages(projectId, [{ ...source, title: '', content: '', statusCode: 410 }]);

    const live = await list('livePages=true');
    expect(live.data).toEqual([]);
    expect(live.meta.pagination.total).toBe(0);
    // Without the filter the history stays (the rejected one at least; pending ones from a gone page may be dropped).
    expect((await list('livePages=false')).data.map((s) => s.id)).toContain(generated[0]!.id);
    expect((await bridge.fetch(`/api/projects/${projectId}/suggestions?livePages=yes`, { key: account.key })).status).toBe(400);
  });
});

describe('searching suggestions (extension)', () => {
  it('when q is given, then only suggestions whose anchor or source or target title contains it are listed, case aside', async () => {
    const projectId = await newProject('search');
    const generated = await account.client.generateSuggestions(projectId, { sourcePageUrl: SOURCE_URL, minRelevanceScore: 0, limit: 50 });
    expect(generated.length).toBeGreaterThanOrEqual(2);

    const byTitle = await account.client.listSuggestions(projectId, { q: 'FLOUR' });
    expect(byTitle.items.map((s) => s.targetPageUrl)).toEqual([`${FIXTURE_DOMAIN}/guides/bread-flour`]);
    expect(byTitle.pagination.total).toBe(1);

    const anchor = generated[0]!.anchorText;
    const byAnchor = await account.client.listSuggestions(projectId, { q: anchor.toUpperCase() });
    expect(byAnchor.items.map((s) => s.id)).toContain(generated[0]!.id);

    // The source's title matches every suggestion of the page; text that nothing holds, none; % is not a wildcard.
    expect((await account.client.listSuggestions(projectId, { q: 'weekend loaf' })).pagination.total).toBe(generated.length);
    expect((await account.client.listSuggestions(projectId, { q: 'no such words' })).pagination.total).toBe(0);
    expect((await account.client.listSuggestions(projectId, { q: '%' })).pagination.total).toBe(0);
  });

  it('when q is empty or too long, then the list answers 400 naming it', async () => {
    const projectId = await newProject('search errors');
    for (const q of ['%20', 'x'.repeat(201)]) {
      const response = await bridge.fetch(`/api/projects/${projectId}/suggestions?q=${q}`, { key: account.key });
      expect(response.status).toBe(400);
      expect(JSON.stringify(await response.json())).toContain('q');
    }
  });
});
