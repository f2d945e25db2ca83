import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBridge, type TestAccount, type TestBridge } from '../support/api-harness.js';

let bridge: TestBridge;
let account: TestAccount;
let projectId: string;

beforeAll(async () => {
  bridge = await startTestBridge();
  account = await bridge.createAccount('pages');
  projectId = (await account.client.createProject({ name: 'Site', domain: 'https://site.test' })).id;
});
afterAll(() => bridge.close());

const page = (path: string, extra: Record<string, unknown> = {}) => ({
  url: `https://site.test${path}`,
  title: `Title ${path}`,
  content: `<p>Body of ${path}</p>`,
  ...extra,
});

describe('batch sync', () => {
  it('when pages are synced, then they are counted, listed newest first and readable with content', async () => {
    const result = await account.client.syncPages(projectId, [page('/a'), page('/b', { statusCode: 404 })]);
    expect(result).toMatchObject({ synced: 2, failed: 0, errors: [] });
    const list = await account.client.listPages(projectId);
    expect(list.items.map((p) => p.url)).toEqual(['https://site.test/b', 'https://site.test/a']);
    expect(list.items[0]).toEqual({ id: expect.stringMatching(/^pg_/), url: 'https://site.test/b', title: 'Title /b', statusCode: 404, excluded: false, keyphrases: [], language: 'en', publishedAt: null, modifiedAt: null, lastSyncedAt: expect.any(String) });
    const detail = await account.client.getPage(projectId, list.items[1]!.id);
    expect(detail).toMatchObject({ url: 'https://site.test/a', content: '<p>Body of /a</p>', statusCode: 200 });
  });

  it('when a URL comes again with other case, default port or fragment, then the same page is updated in place', async () => {
    const first = await account.client.syncPages(projectId, [page('/same')]);
    const id = first.pages[0]!.id;
    const before = await account.client.getPage(projectId, id);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const again = await account.client.syncPages(projectId, [
      { url: 'HTTPS://SITE.test:443/same#part', title: 'New title', content: '<p>new</p>' },
    ]);
    expect(again.pages[0]!.id).toBe(id);
    const after = await account.client.getPage(projectId, id);
    expect(after).toMatchObject({ title: 'New title', content: '<p>new</p>' });
    expect(after.lastSyncedAt > before.lastSyncedAt).toBe(true);
    const stored = await bridge.database.db.selectFrom('pages').select('id').where('url_key', '=', 'https://site.test/same').execute();
    expect(stored).toHaveLength(1);
  });

  it('when some pages of a batch are invalid, then they fail alone with index, url, code and message', async () => {
    const result = await account.client.syncPages(projectId, [
      page('/ok-1'),
      { url: 'not a url', title: 'x', content: '' },
      { url: 'https://elsewhere.test/x', title: 'x', content: '' },
      { url: 'https://site.test/bad-status', title: 'x', content: '', statusCode: 99 },
      { url: 'https://site.test/no-title', content: '' },
      'a string',
      page('/ok-2'),
    ] as never);
    expect(result.synced).toBe(2);
    expect(result.failed).toBe(5);
    expect(result.errors.map((e) => e.index)).toEqual([1, 2, 3, 4, 5]);
    expect(result.errors[1]).toMatchObject({ url: 'https://elsewhere.test/x', code: 'validation_error' });
    expect(result.errors[1]!.message).toMatch(/domain/);
    expect(result.errors[2]!.message).toMatch(/statusCode/);
  });

  it('when content is over 2 MiB, then that page fails and the rest are stored', async () => {
    const big = 'x'.repeat(2 * 1024 * 1024 + 1);
    const result = await account.client.syncPages(projectId, [page('/big', { content: big }), page('/small')]);
    expect(result).toMatchObject({ synced: 1, failed: 1 });
    expect(result.errors[0]!.message).toMatch(/content/);
  });

  it('when the batch is empty, over 500 pages or not an array, then 400 and nothing is stored', async () => {
    const before = (await account.client.listPages(projectId)).pagination.total;
    const tooMany = Array.from({ length: 501 }, (_, i) => page(`/many-${i}`));
    for (const json of [[], tooMany, { url: 'https://site.test/x' }]) {
      const response = await bridge.fetch(`/api/projects/${projectId}/pages/batch`, { method: 'POST', key: account.key, json });
      expect(response.status).toBe(400);
      expect((await response.json()).error.code).toBe('validation_error');
    }
    expect((await account.client.listPages(projectId)).pagination.total).toBe(before);
  });

  it('when content links to other pages, then the internal links are kept with their anchors', async () => {
    const result = await account.client.syncPages(projectId, [
      page('/linker', {
        content:
          '<p>See <a href="/a">the A page</a>, <a href="https://site.test/b#x">B</a>, <a href="https://other.test/">out</a> and <a href="mailto:x@y.z">mail</a>.</p>',
      }),
    ]);
    const rows = await bridge.database.db
      .selectFrom('page_links')
      .select(['target_key', 'anchor_text'])
      .where('source_page_id', '=', result.pages[0]!.id)
      .orderBy('position')
      .execute();
    expect(rows).toEqual([
      { target_key: 'https://site.test/a', anchor_text: 'the A page' },
      { target_key: 'https://site.test/b', anchor_text: 'B' },
    ]);
  });


  it('when URLs are as long as accepted and multibyte, then they are stored, linked, updated in place and looked up', async () => {
    // 2,048 characters, CJK ideographs varied enough not to compress, each percent-encoded in the URL key as 9 bytes:
    // about 18 KB, far more than a PostgreSQL btree entry holds (about 2,700 bytes).
    const ideographs = (seed: number, count: number) =>
      Array.from({ length: count }, (_, i) => String.fromCodePoint(0x4e00 + ((seed + i * 7919) % 20_000))).join('');
    const longUrl = (letter: string) => `https://site.test/${letter}${ideographs(letter.charCodeAt(0), 2048 - 'https://site.test/'.length - 1)}`;
    const [first, second] = [longUrl('a'), longUrl('b')];
    expect(first).toHaveLength(2048);
    const linking = { url: first, title: 'Sourdough starter feeding', content: `<p>Feed the <a href="${second}">sourdough starter</a> daily.</p>` };
    const linked = { url: second, title: 'Sourdough starter', content: '<p>A sourdough starter is flour and water, fed daily.</p>' };
    const synced = await account.client.syncPages(projectId, [linking, linked]);
    expect(synced).toMatchObject({ synced: 2, failed: 0 });

    const again = await account.client.syncPages(projectId, [{ ...linking, title: 'Feeding a sourdough starter' }]);
    expect(again.pages[0]!.id).toBe(synced.pages[0]!.id);
    expect(await account.client.getPage(projectId, synced.pages[0]!.id)).toMatchObject({ url: first, title: 'Feeding a sourdough starter' });
    const links = await bridge.database.db.selectFrom('page_links').select('target_key').where('source_page_id', '=', synced.pages[0]!.id).execute();
    expect(links).toEqual([{ target_key: new URL(second).href }]);

    const generated = await bridge.fetch(`/api/projects/${projectId}/suggestions`, { method: 'POST', key: account.key, json: { sourcePageUrl: second } });
    expect(generated.status).toBe(200);
  });
  it('when the page id or project is unknown, then 404', async () => {
    expect((await bridge.fetch(`/api/projects/${projectId}/pages/pg_unknown`, { key: account.key })).status).toBe(404);
    expect((await bridge.fetch('/api/projects/prj_unknown/pages', { key: account.key })).status).toBe(404);
  });
});

describe("the editors' keyphrases", () => {
  const brewing = (keyphrases?: string[]) => ({
    url: 'https://cafe.test/brewing',
    title: 'Brewing coffee at home',
    content: '<p>Grind size, water temperature and steeping time decide how coffee tastes. A cold brew steeps for hours.</p>',
    ...(keyphrases ? { keyphrases } : {}),
  });
  const beans = {
    url: 'https://cafe.test/beans',
    title: 'Choosing coffee beans',
    content: '<p>Light roasts suit filters. For iced drinks, get the cold brew ratio right before you buy a big bag.</p>',
  };
  let cafe: string;
  const anchorsToBrewing = async () =>
    (await account.client.generateSuggestions(cafe, { sourcePageUrl: beans.url, minRelevanceScore: 0 }))
      .filter((s) => s.targetPageUrl === brewing().url)
      .map((s) => s.anchorText);

  beforeAll(async () => {
    cafe = (await account.client.createProject({ name: 'Cafe', domain: 'https://cafe.test' })).id;
  });

  it('when a page is synced with a keyphrase another page mentions, then it is stored with the page and suggested with exactly that anchor, until a sync without it', async () => {
    await account.client.syncPages(cafe, [brewing(), beans]);
    expect(await anchorsToBrewing()).not.toContain('cold brew ratio');

    const { pages } = await account.client.syncPages(cafe, [brewing([' cold brew ratio ', 'cold brew ratio', 'iced coffee'])]);
    expect((await account.client.getPage(cafe, pages[0]!.id)).keyphrases).toEqual(['cold brew ratio', 'iced coffee']);
    const listed = (await account.client.listPages(cafe)).items.find((p) => p.id === pages[0]!.id);
    expect(listed?.keyphrases).toEqual(['cold brew ratio', 'iced coffee']);
    expect((await anchorsToBrewing())[0]).toBe('cold brew ratio');

    await account.client.syncPages(cafe, [brewing()]);
    expect((await account.client.getPage(cafe, pages[0]!.id)).keyphrases).toEqual([]);
    expect(await anchorsToBrewing()).not.toContain('cold brew ratio');
  });

  it('when several pages mention a keyphrase, then each suggests it at the default minRelevanceScore, forward and inbound, and a rejected pair stays rejected', async () => {
    const shop = (await account.client.createProject({ name: 'Coffee shop', domain: 'https://shop.test' })).id;
    const grinders = {
      url: 'https://shop.test/grinders',
      title: 'Coffee grinders',
      content: '<p>A conical burr grinder crushes beans evenly; blade grinders chop them into dust and boulders.</p>',
      keyphrases: ['hand grinder'],
    };
    const others = ['kettles', 'filters', 'espresso', 'storage', 'roasting'].map((topic) => ({
      url: `https://shop.test/${topic}`,
      title: `About ${topic}`,
      content: `<p>Notes on ${topic} for a small coffee shop. A hand grinder is all a traveller needs.</p>`,
    }));
    await account.client.syncPages(shop, [grinders, ...others]);

    for (const source of others) {
      const byDefault = await account.client.generateSuggestions(shop, { sourcePageUrl: source.url });
      const toGrinders = byDefault.find((s) => s.targetPageUrl === grinders.url);
      expect(toGrinders?.anchorText, source.url).toBe('hand grinder');
      expect(toGrinders!.relevanceScore).toBeGreaterThanOrEqual(0.5);
    }
    const inbound = await account.client.generateInboundSuggestions(shop, { targetUrl: grinders.url });
    expect(inbound.map((s) => s.sourcePageUrl).sort()).toEqual(others.map((s) => s.url).sort());
    expect(new Set(inbound.map((s) => s.anchorText))).toEqual(new Set(['hand grinder']));

    await account.client.updateSuggestion(shop, inbound[0]!.id, 'rejected');
    const again = await account.client.generateSuggestions(shop, { sourcePageUrl: inbound[0]!.sourcePageUrl, minRelevanceScore: 0 });
    expect(again.map((s) => s.targetPageUrl)).not.toContain(grinders.url);
    const inboundAgain = await account.client.generateInboundSuggestions(shop, { targetUrl: grinders.url });
    expect(inboundAgain.map((s) => s.sourcePageUrl)).not.toContain(inbound[0]!.sourcePageUrl);
    expect(inboundAgain).toHaveLength(others.length - 1);
  });

  it('when a page has more than 10 keyphrases, one over 100 characters or over 6 words, or not strings, then it fails alone with a validation error naming the field', async () => {
    const result = await account.client.syncPages(cafe, [
      brewing(Array.from({ length: 11 }, (_, i) => `phrase ${i}`)),
      { ...beans, keyphrases: ['x'.repeat(101)] },
      { ...beans, keyphrases: ['one two three four five six seven'] },
      { ...beans, keyphrases: ['  '] },
      { ...beans, keyphrases: 'cold brew' },
      { ...beans, keyphrases: ['one two three four five six', 'y'.repeat(100)] },
    ] as never);
    expect(result.synced).toBe(1);
    expect(result.errors.map((e) => [e.index, e.code])).toEqual([0, 1, 2, 3, 4].map((i) => [i, 'validation_error']));
    for (const error of result.errors) expect(error.message).toMatch(/^keyphrases/);
  });
});

describe('concurrency', () => {
  it('when batches with overlapping URLs are synced in parallel, then each URL is stored once', async () => {
    const project = await account.client.createProject({ name: 'Parallel', domain: 'https://par.test' });
    const batch = (offset: number) =>
      Array.from({ length: 60 }, (_, i) => ({ url: `https://par.test/p/${(i + offset) % 80}`, title: `P${i}`, content: `<p>${offset}</p>` }));
    const results = await Promise.all([0, 10, 20, 30, 40, 50].map((offset) => account.client.syncPages(project.id, batch(offset))));
    expect(results.every((r) => r.synced === 60)).toBe(true);
    const total = (await account.client.listPages(project.id)).pagination.total;
    expect(total).toBe(80);
    const duplicates = await bridge.database.db
      .selectFrom('pages')
      .select('url_key')
      .where('project_id', '=', project.id)
      .groupBy('url_key')
      .having((eb) => eb.fn.countAll(), '>', 1)
      .execute();
    expect(duplicates).toEqual([]);
  });
});

describe('page dates', () => {
  it('when a page is synced with publishedAt and modifiedAt in any time zone, then they are stored and returned in UTC', async () => {
    const result = await account.client.syncPages(projectId, [
      page('/dated', { publishedAt: '2019-07-01T08:00:00+02:00', modifiedAt: '2023-12-31T23:59:59.5-05:00' }),
    ]);
    expect(result).toMatchObject({ synced: 1, failed: 0 });
    const detail = await account.client.getPage(projectId, result.pages[0]!.id);
    expect(detail).toMatchObject({ publishedAt: '2019-07-01T06:00:00.000Z', modifiedAt: '2024-01-01T04:59:59.500Z' });
    const listed = (await account.client.listPages(projectId)).items.find((item) => item.id === detail.id);
    expect(listed).toMatchObject({ publishedAt: '2019-07-01T06:00:00.000Z', modifiedAt: '2024-01-01T04:59:59.500Z' });
  });

  it('when a date has no time zone, is not a date or is before 1970, then that page fails alone naming the field', async () => {
    const result = await account.client.syncPages(projectId, [
      page('/no-zone', { publishedAt: '2024-03-05T09:30:00' }),
      page('/not-a-date', { modifiedAt: 'yesterday' }),
      page('/zero-date', { publishedAt: '0000-00-00T00:00:00Z' }),
      page('/old', { publishedAt: '1969-12-31T23:59:59Z' }),
      page('/number', { publishedAt: 1700000000 }),
      page('/fine', { publishedAt: '2024-03-05T09:30:00Z' }),
    ]);
    expect(result.synced).toBe(1);
    expect(result.errors.map((error) => [error.index, error.code, error.message.split(':')[0]])).toEqual([
      [0, 'validation_error', 'publishedAt'],
      [1, 'validation_error', 'modifiedAt'],
      [2, 'validation_error', 'publishedAt'],
      [3, 'validation_error', 'publishedAt'],
      [4, 'validation_error', 'publishedAt'],
    ]);
  });
});
