import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { ANALYSIS_VERSION } from '../../bridge/src/engine/page-analysis.js';
import type { PageInput } from '../../bridge/src/engine/types.js';
import { inlineAnalyzer, type PageAnalyzer } from '../../bridge/src/pages/page-analyzer.js';
import { startTestBridge, TestClock, type TestAccount, type TestBridge } from '../support/api-harness.js';

/** The real analyser, recording the URLs it is given; `hold` makes the next call wait until released. */
class RecordingAnalyzer implements PageAnalyzer {
  readonly analysed: string[] = [];
  private held: Promise<void> | null = null;
  private release: (() => void) | null = null;

  hold(): () => void {
    this.held = new Promise((resolve) => (this.release = resolve));
    return () => this.release?.();
  }

  async analyzeAll(inputs: readonly PageInput[]) {
    this.analysed.push(...inputs.map((input) => input.url));
    const held = this.held;
    this.held = null;
    if (held) await held;
    return inlineAnalyzer.analyzeAll(inputs);
  }

  async close() {}
}

const DOMAIN = 'https://site.test';
const page = (
  slug: string,
  changes: Partial<{ url: string; title: string; content: string; statusCode: number; excluded: boolean; keyphrases: string[]; language: string; publishedAt: string; modifiedAt: string }> = {},
) => ({
  url: `${DOMAIN}/${slug}/`,
  title: `The ${slug} guide`,
  content: `<p>How the ${slug} works, with notes on <a href="${DOMAIN}/other/">the other guide</a>.</p>`,
  statusCode: 200,
  excluded: false,
  ...changes,
});

let bridge: TestBridge;
let account: TestAccount;
let analyzer: RecordingAnalyzer;
let clock: TestClock;
let projectId: string;

beforeEach(async () => {
  analyzer = new RecordingAnalyzer();
  clock = new TestClock();
  bridge = await startTestBridge({ analyzer, clock });
  account = await bridge.createAccount('unchanged');
  projectId = (await account.client.createProject({ name: 'Site', domain: DOMAIN })).id;
});
afterEach(() => bridge.close());

describe('syncing pages that did not change', () => {
  test('when a page is synced again as stored, then it is not analysed again, keeps its id and only its sync time moves', async () => {
    const first = await account.client.syncPages(projectId, [page('kernel'), page('other')]);
    const before = await account.client.generateSuggestions(projectId, { sourcePageUrl: page('kernel').url, minRelevanceScore: 0 });
    analyzer.analysed.length = 0;
    clock.advance(60_000);

    const again = await account.client.syncPages(projectId, [page('kernel'), page('other')]);

    expect(analyzer.analysed).toEqual([]);
    expect(again.pages.map((p) => p.id)).toEqual(first.pages.map((p) => p.id));
    const stored = await account.client.getPage(projectId, first.pages[0]!.id);
    expect(stored.lastSyncedAt).toBe(clock.now().toISOString());
    const after = await account.client.generateSuggestions(projectId, { sourcePageUrl: page('kernel').url, minRelevanceScore: 0 });
    expect(after.map((s) => [s.targetPageUrl, s.anchorText])).toEqual(before.map((s) => [s.targetPageUrl, s.anchorText]));
  });

  test.each([
    { field: 'title', changes: { title: 'The kernel handbook' } },
    { field: 'content', changes: { content: '<p>How the kernel boots.</p>' } },
    { field: 'status code', changes: { statusCode: 404 } },
    { field: 'exclusion', changes: { excluded: true } },
    { field: 'keyphrases', changes: { keyphrases: ['kernel boot order'] } },
    { field: 'language', changes: { language: 'en-GB' } },
    { field: 'URL spelling', changes: { url: 'https://SITE.test/kernel/#top' } },
  ])('when only the $field changes, then the page is analysed and stored again', async ({ changes }) => {
    await account.client.syncPages(projectId, [page('kernel')]);
    analyzer.analysed.length = 0;

    const result = await account.client.syncPages(projectId, [page('kernel', changes)]);

    expect(analyzer.analysed).toEqual([`${DOMAIN}/kernel/`]);
    const stored = await account.client.getPage(projectId, result.pages[0]!.id);
    expect(stored).toMatchObject({ ...changes });
  });

  test('when a page is synced again with the same keyphrases, then it is not analysed again', async () => {
    const withKeyphrases = page('kernel', { keyphrases: ['kernel boot order', 'initramfs'] });
    await account.client.syncPages(projectId, [withKeyphrases]);
    analyzer.analysed.length = 0;

    await account.client.syncPages(projectId, [withKeyphrases]);
    expect(analyzer.analysed).toEqual([]);
    await account.client.syncPages(projectId, [page('kernel', { keyphrases: ['initramfs', 'kernel boot order'] })]);
    expect(analyzer.analysed).toEqual([`${DOMAIN}/kernel/`]);
  });

  test('when a page is synced again with its language spelled as a WordPress locale, then it is the same language and not analysed again', async () => {
    await account.client.syncPages(projectId, [page('kernel', { language: 'de-DE' })]);
    analyzer.analysed.length = 0;

    await account.client.syncPages(projectId, [page('kernel', { language: 'de_DE' })]);
    expect(analyzer.analysed).toEqual([]);
    await account.client.syncPages(projectId, [page('kernel')]);
    expect(analyzer.analysed).toEqual([`${DOMAIN}/kernel/`]);
  });

  test('when only a page\'s dates change, then it is not analysed again and the new dates are stored; sent without them, they are removed', async () => {
    const dated = { publishedAt: '2024-03-05T09:30:00Z', modifiedAt: '2024-03-06T10:00:00Z' };
    const first = await account.client.syncPages(projectId, [page('kernel', dated)]);
    const id = first.pages[0]!.id;
    analyzer.analysed.length = 0;

    await account.client.syncPages(projectId, [page('kernel', { ...dated, modifiedAt: '2025-01-02T03:04:05+02:00' })]);
    expect(analyzer.analysed).toEqual([]);
    expect(await account.client.getPage(projectId, id)).toMatchObject({
      publishedAt: '2024-03-05T09:30:00.000Z',
      modifiedAt: '2025-01-02T01:04:05.000Z',
    });

    await account.client.syncPages(projectId, [page('kernel')]);
    expect(analyzer.analysed).toEqual([]);
    expect(await account.client.getPage(projectId, id)).toMatchObject({ publishedAt: null, modifiedAt: null });
  });

  test('when a URL is sent twice in one batch, then its later version wins even when it equals the stored one', async () => {
    await account.client.syncPages(projectId, [page('kernel')]);
    const changed = page('kernel', { title: 'The kernel handbook', content: '<p>Changed.</p>' });

    const result = await account.client.syncPages(projectId, [changed, page('kernel')]);

    const stored = await account.client.getPage(projectId, result.pages[1]!.id);
    expect(stored).toMatchObject({ title: page('kernel').title, content: page('kernel').content });
  });

  test.each([
    {
      stored: 'indexed by an older analysis',
      age: (pageId: string) => bridge.database.db.updateTable('search_texts').set({ analysis_version: 0 }).where('page_id', '=', pageId).execute(),
    },
    {
      stored: 'stored before content hashes were kept',
      age: (pageId: string) => bridge.database.db.updateTable('pages').set({ content_hash: null }).where('id', '=', pageId).execute(),
    },
  ])('when a page was $stored, then syncing it unchanged analyses it again', async ({ age }) => {
    const { pages } = await account.client.syncPages(projectId, [page('kernel')]);
    await age(pages[0]!.id);
    analyzer.analysed.length = 0;

    await account.client.syncPages(projectId, [page('kernel')]);

    expect(analyzer.analysed).toEqual([`${DOMAIN}/kernel/`]);
    const text = await bridge.database.db.selectFrom('search_texts').select('analysis_version').where('page_id', '=', pages[0]!.id).executeTakeFirst();
    expect(text?.analysis_version).toBe(ANALYSIS_VERSION);
    const stored = await bridge.database.db.selectFrom('pages').select('content_hash').where('id', '=', pages[0]!.id).executeTakeFirst();
    expect(stored?.content_hash).toBeInstanceOf(Buffer);
  });

  test('when another sync changes a page while a batch that found it unchanged is analysing, then that batch analyses it after all and wins', async () => {
    await account.client.syncPages(projectId, [page('kernel'), page('other')]);
    analyzer.analysed.length = 0;
    const release = analyzer.hold();

    // The first batch finds "kernel" unchanged and waits in the analysis of "other"…
    const first = account.client.syncPages(projectId, [page('kernel'), page('other', { title: 'The other handbook' })]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // …while a second batch changes "kernel".
    await account.client.syncPages(projectId, [page('kernel', { content: '<p>Rewritten meanwhile.</p>' })]);
    release();
    const result = await first;

    expect(analyzer.analysed).toEqual([`${DOMAIN}/other/`, `${DOMAIN}/kernel/`, `${DOMAIN}/kernel/`]);
    const stored = await account.client.getPage(projectId, result.pages[0]!.id);
    expect(stored.content).toBe(page('kernel').content);
  });
});
