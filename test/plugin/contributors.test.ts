import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvedSuggestionsFor, fullSync, type PluginSite, startPluginSite } from './support/plugin-site.js';

interface WpError {
  code: string;
  data: { status: number; retryAfter?: number; resetAt?: string };
}
interface Listed {
  id: string;
  targetPageUrl: string;
  targetTitle: string;
}

// The tests before the budget tests spend 5 of it (lists, one implementation's details); the budget tests start with one left.
const LIMIT = 6;

describe('users with only edit_posts cannot use up the account, undo what is not theirs, or read private titles', () => {
  let site: PluginSite;
  let sourceId: number;
  let flourUrl: string;

  beforeAll(async () => {
    site = await startPluginSite({
      name: 'plugin-contributors',
      throughProxy: true,
      muPlugin: `add_filter( 'interlinker_user_hourly_bridge_calls', static fn() => ${LIMIT} );`,
    });
    await site.createPost({ title: 'Sourdough Starter', content: '<p>Feed the sourdough starter with flour and water every day; a lively sourdough starter doubles.</p>' });
    const flourId = await site.createPost({ title: 'Bread Flour', content: '<p>Bread flour has more protein than cake flour, so bread flour builds gluten.</p>' });
    sourceId = await site.createPost({ title: 'Weekend Loaf', author: 'author', content: '<p>Every Saturday I wake my sourdough starter and weigh out strong bread flour for the weekend loaf.</p>' });
    await fullSync(site.admin);
    await approvedSuggestionsFor(site.admin, sourceId);
    flourUrl = await site.php<string>(`return get_permalink( ${flourId} );`);
    // The administrator makes their post private after the suggestions were approved; the bridge has not been
    // told yet (the deferred sync has not run), so the site still knows the post by its synced URL.
    await site.php(`
      remove_action( 'shutdown', array( Interlinker\\Plugin::instance()->queue, 'run_at_shutdown' ) );
      return wp_update_post( array( 'ID' => ${flourId}, 'post_status' => 'private' ) );`);
  });

  afterAll(async () => {
    await site?.stop();
  });

  const bridgeCalls = () => site.proxy!.seen.length;

  it('when an author lists suggestions, then those whose target is a private post of someone else are left out', async () => {
    const author = await site.wp.rest('author');
    const admin = await site.admin.json<Listed[]>('/interlinker/v1/suggestions?status=approved&per_page=100');

    const listed = await author.json<Listed[]>('/interlinker/v1/suggestions?status=approved&per_page=100');

    expect(admin.body.some((s) => s.targetPageUrl === flourUrl)).toBe(true);
    expect(listed.status).toBe(200);
    expect(listed.body.length).toBeGreaterThan(0);
    expect(listed.body.filter((s) => s.targetPageUrl === flourUrl), JSON.stringify(listed.body)).toEqual([]);
    expect(JSON.stringify(listed.body)).not.toContain('Bread Flour');
  });

  it('when an author\'s page leaves suggestions out, then X-WP-Total and X-WP-TotalPages count every match, so that each page stays reachable, and X-Interlinker-Left-Out says how many this page left out', async () => {
    const author = await site.wp.rest('author');
    const admin = await site.admin.json<Listed[]>('/interlinker/v1/suggestions?status=approved&per_page=100');
    const matched = admin.body.length;
    const hidden = admin.body.filter((s) => s.targetPageUrl === flourUrl).length;

    // The same query as the test before: answered from the cache, so the hourly budget is left for the tests after.
    const whole = await author.json<Listed[]>('/interlinker/v1/suggestions?status=approved&per_page=100');
    const firstOfTwo = await author.json<Listed[]>(`/interlinker/v1/suggestions?status=approved&per_page=${matched - 1}`);

    expect(matched).toBeGreaterThan(hidden);
    expect(hidden).toBeGreaterThan(0);
    expect(admin.headers.get('X-Interlinker-Left-Out')).toBeNull();
    expect(whole.body).toHaveLength(matched - hidden);
    expect(whole.headers.get('X-WP-Total')).toBe(String(matched));
    expect(whole.headers.get('X-WP-TotalPages')).toBe('1');
    expect(whole.headers.get('X-Interlinker-Left-Out')).toBe(String(hidden));
    expect(firstOfTwo.status).toBe(200);
    expect(firstOfTwo.headers.get('X-WP-Total')).toBe(String(matched));
    expect(firstOfTwo.headers.get('X-WP-TotalPages')).toBe('2');
  });

  it('when an author asks for the same list again, then the answer comes from the cache without a bridge call', async () => {
    const author = await site.wp.rest('author');
    await author.json('/interlinker/v1/implementations?per_page=7');
    const before = bridgeCalls();

    const again = await author.json<unknown[]>('/interlinker/v1/implementations?per_page=7');

    expect(again.status).toBe(200);
    expect(bridgeCalls()).toBe(before);
  });

  it('when an author opens an implementation that changed a private post of someone else, then that post is left out of its posts and suggestions', async () => {
    const ryeId = await site.createPost({ title: 'Rye Crumb Notes', content: '<p>My rye crumb starts from the same dough as the weekend loaf, then rests overnight.</p>' });
    const approved = await approvedSuggestionsFor(site.admin, ryeId);
    const implemented = await site.admin.json<{ id: string; status: string }>('/interlinker/v1/implement', {
      method: 'POST',
      body: { suggestionIds: approved.map((s) => s.id) },
    });
    expect(implemented.body.status).toBe('completed');
    await site.php(`
      remove_action( 'shutdown', array( Interlinker\\Plugin::instance()->queue, 'run_at_shutdown' ) );
      return wp_update_post( array( 'ID' => ${ryeId}, 'post_status' => 'private' ) );`);
    const author = await site.wp.rest('author');
    const asAdmin = await site.admin.json<{ posts: { postId: number }[] }>(`/interlinker/v1/implementations/${implemented.body.id}`);

    const details = await author.json<{ posts: { postId: number }[]; suggestions: unknown[] }>(`/interlinker/v1/implementations/${implemented.body.id}`);

    expect(asAdmin.body.posts.map((p) => p.postId)).toEqual([ryeId]);
    expect(details.status).toBe(200);
    expect(details.body.posts).toEqual([]);
    expect(details.body.suggestions).toEqual([]);
    expect(JSON.stringify(details.body)).not.toContain('Rye Crumb');
  });

  it('when an author keeps asking for new lists, then past the hourly budget the answer is 429 interlinker_rate_limited and the bridge is not called', async () => {
    const author = await site.wp.rest('author');
    const answers: { status: number; body: WpError }[] = [];
    for (let page = 1; page <= LIMIT + 2; page++) answers.push(await author.json<WpError>(`/interlinker/v1/implementations?per_page=${page}`));
    const before = bridgeCalls();
    const refused = await author.json<WpError>('/interlinker/v1/analytics');

    expect(answers.some((a) => a.status === 200)).toBe(true);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('interlinker_rate_limited');
    expect(refused.body.data.retryAfter).toBeGreaterThan(0);
    expect(Date.parse(refused.body.data.resetAt ?? '')).toBeGreaterThan(Date.now());
    expect(bridgeCalls()).toBe(before);
    // The administrator is not held back by the author's budget.
    expect((await site.admin.json('/interlinker/v1/analytics')).status).toBe(200);
  });

  it('when an author whose hourly budget is used up approves, rejects or implements, then 429 interlinker_rate_limited and the bridge is not called', async () => {
    const author = await site.wp.rest('author');
    const own = await site.admin.json<Listed[]>(`/interlinker/v1/suggestions?post_id=${sourceId}&status=approved&per_page=1`);
    const id = own.body[0]!.id;
    const before = bridgeCalls();

    const approve = await author.json<WpError>(`/interlinker/v1/suggestions/${id}`, { method: 'PATCH', body: { status: 'approved' } });
    const reject = await author.json<WpError>(`/interlinker/v1/suggestions/${id}`, { method: 'DELETE' });
    const implement = await author.json<WpError>('/interlinker/v1/implement', { method: 'POST', body: { suggestionIds: [id] } });

    expect([approve.status, reject.status, implement.status]).toEqual([429, 429, 429]);
    expect(new Set([approve.body.code, reject.body.code, implement.body.code])).toEqual(new Set(['interlinker_rate_limited']));
    expect(bridgeCalls()).toBe(before);
    // The administrator's writes are not counted.
    expect((await site.admin.json(`/interlinker/v1/suggestions/${id}`, { method: 'PATCH', body: { status: 'approved' } })).status).toBe(200);
  });

  it('when an author whose hourly budget is used up syncs their post, rolls back a change to it or reconciles, then 429 interlinker_rate_limited and the bridge is not called', async () => {
    const own = await site.admin.json<Listed[]>(`/interlinker/v1/suggestions?post_id=${sourceId}&status=approved&per_page=100`);
    const linkable = own.body.find((s) => s.targetPageUrl !== flourUrl);
    const implemented = await site.admin.json<{ id: string; status: string }>('/interlinker/v1/implement', { method: 'POST', body: { suggestionIds: [linkable!.id] } });
    expect(implemented.body.status).toBe('completed');
    const author = await site.wp.rest('author');
    const before = bridgeCalls();

    const sync = await author.json<WpError & { data: { scope?: string } }>('/interlinker/v1/sync', { method: 'POST', body: { postIds: [sourceId] } });
    const rollback = await author.json<WpError & { data: { scope?: string } }>('/interlinker/v1/rollback', {
      method: 'POST',
      body: { implementationId: implemented.body.id, reason: 'my own post' },
    });
    const reconcile = await author.json<WpError & { data: { scope?: string } }>('/interlinker/v1/implementations/reconcile', { method: 'POST' });

    expect([sync.status, rollback.status, reconcile.status]).toEqual([429, 429, 429]);
    expect(new Set([sync.body.code, rollback.body.code, reconcile.body.code])).toEqual(new Set(['interlinker_rate_limited']));
    expect(new Set([sync.body.data.scope, rollback.body.data.scope, reconcile.body.data.scope])).toEqual(new Set(['user']));
    expect(bridgeCalls()).toBe(before);
    // The administrator's are not counted: the link comes out again.
    const undone = await site.admin.json('/interlinker/v1/rollback', { method: 'POST', body: { implementationId: implemented.body.id, reason: 'test' } });
    expect(undone.status).toBe(200);
  });

  it('when an author rolls back an implementation no post of this site records, then it is refused', async () => {
    const project = await site.projectId();
    const approved = await site.bridgeApi<{ data: { id: string }[] }>(`/api/projects/${project}/suggestions?status=approved&limit=1`);
    const created = await site.bridgeApi<{ data: { id: string } }>(`/api/projects/${project}/implementations`, {
      method: 'POST',
      body: { suggestionIds: [approved.body.data[0]!.id], platform: 'wordpress' },
    });
    const author = await site.wp.rest('author');

    const answer = await author.json<WpError>('/interlinker/v1/rollback', { method: 'POST', body: { implementationId: created.body.data.id, reason: 'not mine' } });
    const onBridge = await site.bridgeApi<{ data: { status: string } }>(`/api/projects/${project}/implementations/${created.body.data.id}`);

    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('interlinker_forbidden');
    expect(onBridge.body.data.status).toBe('pending');
  });
});
