import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RestSyncQueue, RestSyncQueueRun } from '../../admin-ui/src/api/rest-types.js';
import { approvedSuggestionsFor, fullSync, type PluginSite, schemaMisfits, startPluginSite, syncQueueRunMisfits } from './support/plugin-site.js';

interface WpError {
  code: string;
  message: string;
  data: { status: number; implementationId?: string; contentChanged?: boolean; resetAt?: string; retryAfter?: number };
}

const SOURCE = [
  '<!-- wp:paragraph -->\n<p>Every Saturday I wake my sourdough starter and weigh out strong bread flour for the weekend loaf.</p>\n<!-- /wp:paragraph -->',
].join('\n');

describe('when the bridge is down, slow or rate-limited', () => {
  let site: PluginSite;
  let sourceId: number;
  let flourId: number;

  beforeAll(async () => {
    site = await startPluginSite({
      name: 'plugin-failure',
      throughProxy: true,
      // A short timeout, so that "slow" is one second here.
      muPlugin: `add_filter( 'interlinker_bridge_timeout', static fn() => 1 );`,
    });
    await site.createPost({ title: 'Sourdough Starter', content: '<p>Feed the sourdough starter with flour and water every day; a lively sourdough starter doubles.</p>' });
    flourId = await site.createPost({ title: 'Bread Flour', content: '<p>Bread flour has more protein than cake flour, so bread flour builds gluten.</p>' });
    sourceId = await site.createPost({ title: 'Weekend Loaf', content: SOURCE });
    await fullSync(site.admin);
  });

  afterEach(() => {
    site.proxy!.clear();
  });

  /** Runs `during` with the bridge stopped, and starts it again whatever happens. */
  const withBridgeStopped = async <T>(during: () => Promise<T>): Promise<T> => {
    await site.bridge.stop();
    try {
      return await during();
    } finally {
      await site.bridge.start();
    }
  };

  afterAll(async () => {
    await site?.stop();
  });

  it('when the bridge is stopped, then every route answers a clear 503 interlinker_bridge_unreachable and no content changes', async () => {
    const suggestions = await approvedSuggestionsFor(site.admin, sourceId);
    const before = await site.content(sourceId);

    const [listed, implemented, synced] = await withBridgeStopped(async () => [
      await site.admin.json<WpError>('/interlinker/v1/suggestions'),
      await site.admin.json<WpError>('/interlinker/v1/implement', { method: 'POST', body: { suggestionIds: suggestions.map((s) => s.id) } }),
      await site.admin.json<WpError>('/interlinker/v1/sync', { method: 'POST', body: {} }),
    ]);

    for (const answer of [listed, implemented, synced]) {
      expect(answer.status).toBe(503);
      expect(answer.body.code).toBe('interlinker_bridge_unreachable');
      expect(answer.body.message).toMatch(/cannot be reached/);
    }
    expect(await site.content(sourceId)).toBe(before);
  });

  it('when the bridge goes away after the implementation was created, then the links are taken out again and the error says so', async () => {
    const suggestions = await approvedSuggestionsFor(site.admin, sourceId);
    const before = await site.content(sourceId);
    site.proxy!.inject('POST', /\/implementations\/[^/]+\/results$/, { kind: 'reset' });

    const answer = await site.admin.json<WpError>('/interlinker/v1/implement', { method: 'POST', body: { suggestionIds: suggestions.map((s) => s.id) } });

    expect(answer.status).toBe(503);
    expect(answer.body.code).toBe('interlinker_bridge_unreachable');
    expect(answer.body.data.contentChanged).toBe(false);
    expect(answer.body.data.implementationId).toMatch(/^imp_/);
    expect(await site.content(sourceId)).toBe(before);
    expect(site.proxy!.seen.filter((line) => /\/results$/.test(line)).length).toBe(3);
  });

  it('when the bridge answers late, then the call fails with interlinker_bridge_timeout instead of hanging', async () => {
    site.proxy!.inject('GET', /\/suggestions/, { kind: 'delay', ms: 2500 });

    const answer = await site.admin.json<WpError>('/interlinker/v1/suggestions');

    expect(answer.status).toBe(504);
    expect(answer.body.code).toBe('interlinker_bridge_timeout');
  });

  it('when the bridge is briefly unavailable with Retry-After, then a read is retried and succeeds', async () => {
    site.proxy!.inject('GET', /\/suggestions/, { kind: 'status', status: 503, headers: { 'Retry-After': '1' }, times: 1 });
    const seenBefore = site.proxy!.seen.length;

    const answer = await site.admin.json<unknown[]>('/interlinker/v1/suggestions');

    expect(answer.status).toBe(200);
    expect(site.proxy!.seen.slice(seenBefore).filter((line) => line.startsWith('GET') && line.includes('/suggestions'))).toHaveLength(2);
  });

  it('when the account is over its hourly limit, then the answer is 429 interlinker_rate_limited with the reset time', async () => {
    site.proxy!.useKey(await site.bridge.createKey('tiny', 'enterprise', 2));

    let answer = await site.admin.json<WpError>('/interlinker/v1/suggestions');
    for (let i = 0; i < 3 && answer.status !== 429; i++) answer = await site.admin.json<WpError>('/interlinker/v1/suggestions');

    expect(answer.status).toBe(429);
    expect(answer.body.code).toBe('interlinker_rate_limited');
    expect(Date.parse(answer.body.data.resetAt ?? '')).toBeGreaterThan(Date.now());
    expect(answer.body.data.retryAfter).toBeGreaterThan(0);
  });

  it('when the bridge account has reached its page quota, then the sync answers 403 interlinker_quota_exceeded naming the limit, and the bridge keeps what it had', async () => {
    const account = (await site.bridgeApi<{ data: { name: string; quotas: { pages: { used: number } } } }>('/api/account')).body.data;
    const before = account.quotas.pages.used;
    await site.bridge.cli(['accounts', 'quota', '--name', account.name, '--pages', String(before)]);
    try {
      const postId = await site.createPost({ title: 'Rye Flour', content: '<p>Rye flour ferments fast and gives a dense, dark loaf.</p>' });
      const answer = await site.admin.json<WpError & { data: { limit?: string } }>('/interlinker/v1/sync', { method: 'POST', body: { postIds: [postId] } });
      expect(answer.status).toBe(403);
      expect(answer.body.code).toBe('interlinker_quota_exceeded');
      expect(answer.body.data.limit).toBe('pages');
      expect(answer.body.message).toContain('interlinker-bridge accounts quota');
      const after = await site.bridgeApi<{ data: { quotas: { pages: { used: number } } } }>('/api/account');
      expect(after.body.data.quotas.pages.used).toBe(before);
    } finally {
      await site.bridge.cli(['accounts', 'quota', '--name', account.name, '--pages', 'default']);
    }
    // The post's own save waited in the queue while the quota was reached; once it is lifted, the queue empties.
    const run = await site.admin.json<RestSyncQueueRun>('/interlinker/v1/sync/queue', { method: 'POST' });
    expect(run.status).toBe(200);
    expect((await site.admin.json<RestSyncQueue>('/interlinker/v1/sync/queue')).body.postIds).toEqual([]);
  });

  it('when excluded paths are saved while the bridge is down, then the answer warns, and once the queue runs the project has the path and the post under it is a live page marked excluded', async () => {
    const url = await site.php<string>(`return get_permalink( ${flourId} );`);
    const path = new URL(url).pathname;
    const { saved, waiting } = await withBridgeStopped(async () => ({
      saved: await site.admin.json<{ excludedPaths: string[]; warnings?: string[] }>('/interlinker/v1/settings', { method: 'POST', body: { excludedPaths: [path] } }),
      waiting: await site.admin.json<RestSyncQueue>('/interlinker/v1/sync/queue'),
    }));

    const run = await site.admin.json<RestSyncQueueRun>('/interlinker/v1/sync/queue', { method: 'POST' });
    const project = await site.bridgeApi<{ data: { excludePaths: string[] } }>(`/api/projects/${await site.projectId()}`);
    const pages = await site.bridgeApi<{ data: { url: string; statusCode: number; excluded: boolean }[] }>(`/api/projects/${await site.projectId()}/pages?limit=100`);
    await site.admin.json('/interlinker/v1/settings', { method: 'POST', body: { excludedPaths: [] } });

    expect(saved.status).toBe(200);
    expect(saved.body.excludedPaths).toEqual([path]);
    expect(saved.body.warnings?.[0]).toMatch(/next sync/);
    expect(waiting.body.postIds).toEqual([flourId]);
    expect(run.status).toBe(200);
    expect(run.body.pending.postIds).toEqual([]);
    expect(await syncQueueRunMisfits(site.admin, run)).toEqual([]);
    expect(project.body.data.excludePaths).toEqual([path]);
    expect(pages.body.data.find((page) => page.url === url)).toMatchObject({ statusCode: 200, excluded: true });
  });

  it('when a post is saved while the bridge is down, then it waits in the queue and goes once the queue runs again', async () => {
    const [saved, waiting] = await withBridgeStopped(async () => [
      await site.admin.json(`/wp/v2/posts/${sourceId}`, { method: 'POST', body: { title: 'Weekend Loaf, again' } }),
      await site.admin.json<RestSyncQueue>('/interlinker/v1/sync/queue'),
    ]);

    const run = await site.admin.json<RestSyncQueueRun>('/interlinker/v1/sync/queue', { method: 'POST' });

    expect(saved.status).toBe(200);
    expect(waiting.body.postIds).toEqual([sourceId]);
    expect(await schemaMisfits(site.admin, '/interlinker/v1/sync/queue', waiting)).toEqual([]);
    expect(run.status).toBe(200);
    expect(run.body.synced).toBe(1);
    expect(run.body.pending.postIds).toEqual([]);
    expect(await syncQueueRunMisfits(site.admin, run)).toEqual([]);
  });
});
