import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RestClient } from '../support/wordpress.js';
import { logIn } from '../support/wp-rest.js';
import { wpPaths } from '../support/wp-paths.js';
import type { Role } from '../support/wp-site.js';
import { fullSync, type PluginSite, schemaMisfits, startPluginSite, type Suggestion } from './support/plugin-site.js';

type Who = Role | 'anonymous';
const everyone: readonly Who[] = ['anonymous', 'subscriber', 'author', 'editor', 'administrator'];

/** Expected status per caller for one route. */
type Matrix = Record<Who, number>;
const adminOnly: Matrix = { anonymous: 401, subscriber: 403, author: 403, editor: 403, administrator: 200 };
const editors: Matrix = { anonymous: 401, subscriber: 403, author: 200, editor: 200, administrator: 200 };
const ofAdminsPost: Matrix = { anonymous: 401, subscriber: 403, author: 403, editor: 200, administrator: 200 };

describe('every plugin route, for every role', () => {
  let site: PluginSite;
  const clients = new Map<Who, RestClient>();
  let adminPostId: number;
  let authorPostId: number;
  let suggestion: Suggestion;

  beforeAll(async () => {
    site = await startPluginSite({ name: 'plugin-routes' });
    for (const who of everyone) clients.set(who, await site.wp.rest(who));
    await site.createPost({ title: 'Bread Flour', content: '<p>Bread flour has more protein than cake flour, so bread flour builds gluten.</p>' });
    adminPostId = await site.createPost({ title: 'Weekend Loaf', content: '<p>Every Saturday I weigh out strong bread flour for the weekend loaf.</p>' });
    authorPostId = await site.createPost({ title: 'Author Notes', content: '<p>My notes on bread flour and water.</p>', author: 'author' });
    await fullSync(site.admin);
    const generated = await site.admin.json<Suggestion[]>(`/interlinker/v1/suggestions?post_id=${adminPostId}&generate=1`);
    suggestion = generated.body[0]!;
  });

  afterAll(async () => {
    await site?.stop();
  });

  const call = (who: Who, route: string, method = 'GET', body?: unknown) =>
    clients.get(who)!.json<{ code?: string }>(`/interlinker/v1${route}`, { method, body });

  const routes: [string, () => [string, string, unknown?], Matrix][] = [
    ['GET /settings', () => ['/settings', 'GET'], adminOnly],
    ['POST /settings', () => ['/settings', 'POST', { maxLinksPerPost: 4 }], adminOnly],
    ['POST /settings/test-connection', () => ['/settings/test-connection', 'POST'], adminOnly],
    ['POST /sync (full)', () => ['/sync', 'POST', {}], adminOnly],
    ['GET /sync/queue', () => ['/sync/queue', 'GET'], adminOnly],
    ['POST /sync/queue', () => ['/sync/queue', 'POST'], adminOnly],
    ["POST /sync (the author's post)", () => ['/sync', 'POST', { postIds: [authorPostId] }], editors],
    ["POST /sync (the administrator's post)", () => ['/sync', 'POST', { postIds: [adminPostId] }], ofAdminsPost],
    ['GET /suggestions', () => ['/suggestions', 'GET'], editors],
    ['GET /suggestions?generate=1', () => [`/suggestions?post_id=${adminPostId}&generate=1`, 'GET'], ofAdminsPost],
    ['PATCH /suggestions/{id}', () => [`/suggestions/${suggestion.id}`, 'PATCH', { status: 'pending' }], ofAdminsPost],
    ['GET /implementations', () => ['/implementations', 'GET'], editors],
    ['POST /implementations/reconcile', () => ['/implementations/reconcile', 'POST'], editors],
    ['GET /analytics', () => ['/analytics', 'GET'], editors],
    ['GET /analytics/timeseries', () => ['/analytics/timeseries', 'GET'], editors],
    ['GET /analytics/orphans', () => ['/analytics/orphans', 'GET'], editors],
    ['GET /analytics/broken-links', () => ['/analytics/broken-links', 'GET'], editors],
    ['GET /analytics/inbound-links', () => ['/analytics/inbound-links', 'GET'], editors],
    ['GET /generation', () => ['/generation', 'GET'], editors],
    ['GET /setup', () => ['/setup', 'GET'], editors],
  ];

  const cases = routes.flatMap(([name, request, matrix]) => everyone.map((who) => [name, who, matrix[who], request] as const));

  it.each(cases)('when %s is called as %s, then it answers %i', async (_name, who, status, request) => {
    const [route, method, body] = request();
    const answer = await call(who, route, method, body);

    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    if (status === 401 || status === 403) expect(answer.body.code).toMatch(/^interlinker_/);
  });

  it.each(['subscriber', 'author'] as const)(
    "when the %s implements a suggestion in the administrator's post, then it is refused before anything changes",
    async (who) => {
      const before = await site.content(adminPostId);
      const answer = await call(who, '/implement', 'POST', { suggestionIds: [suggestion.id] });

      expect(answer.status).toBe(403);
      expect(answer.body.code).toMatch(who === 'subscriber' ? /^interlinker_forbidden$/ : /^interlinker_cannot_edit_post$/);
      expect(await site.content(adminPostId)).toBe(before);
    },
  );

  it('when the editor implements a rejected suggestion, then it passes the permission check and gets 409', async () => {
    const onBridge = `/api/projects/${await site.projectId()}/suggestions/${suggestion.id}`;
    await site.bridgeApi(onBridge, { method: 'PATCH', body: { status: 'rejected' } });

    const answer = await call('editor', '/implement', 'POST', { suggestionIds: [suggestion.id] });

    await site.bridgeApi(onBridge, { method: 'PATCH', body: { status: 'pending' } });
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('interlinker_conflict');
  });

  it.each(['anonymous', 'subscriber'] as const)('when the %s asks for a rollback, then it is refused', async (who) => {
    const answer = await call(who, '/rollback', 'POST', { implementationId: 'imp_unknown', reason: 'no' });

    expect(answer.status).toBe(who === 'anonymous' ? 401 : 403);
  });

  it('when the editor rolls back an unknown implementation, then the bridge answer comes back as interlinker_not_found', async () => {
    const answer = await call('editor', '/rollback', 'POST', { implementationId: 'imp_unknown', reason: 'no' });

    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe('interlinker_not_found');
  });

  it('when a suggestion\'s source is no post of this site, then the editor may review it and the author may not (edit_others_posts, as for a rollback no post records)', async () => {
    const goneId = await site.createPost({ title: 'Gone Source', content: '<p>Nothing beats the weekend loaf made with strong bread flour.</p>' });
    const generated = await site.admin.json<Suggestion[]>(`/interlinker/v1/suggestions?post_id=${goneId}&generate=1`);
    const id = generated.body[0]!.id;
    // Deleted on the site, not yet on the bridge (the deferred sync has not run): the suggestion shows no owner.
    await site.php(`
      remove_action( 'shutdown', array( Interlinker\\Plugin::instance()->queue, 'run_at_shutdown' ) );
      return (bool) wp_delete_post( ${goneId}, true );`);

    const author = await call('author', `/suggestions/${id}`, 'PATCH', { status: 'approved' });
    const editor = await call('editor', `/suggestions/${id}`, 'PATCH', { status: 'approved' });

    expect(author.status).toBe(403);
    expect(author.body.code).toBe('interlinker_forbidden');
    expect(editor.status, JSON.stringify(editor.body)).toBe(200);
    expect(editor.body).toMatchObject({ id, status: 'approved', sourcePostId: 0 });
  });

  it('when a logged-in browser calls without the REST nonce, then it is treated as logged out', async () => {
    const cookieClient = await site.wp.rest('administrator', 'cookie');
    const withNonce = await cookieClient.fetch('/interlinker/v1/settings');
    const headers = { Cookie: await logIn(site.wp.url, site.wp.users.administrator) };
    const withoutNonce = await fetch(`${site.wp.url}/wp-json/interlinker/v1/settings`, { headers });
    const implementWithoutNonce = await fetch(`${site.wp.url}/wp-json/interlinker/v1/implement`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ suggestionIds: [suggestion.id] }),
    });

    expect(withNonce.status).toBe(200);
    expect(withoutNonce.status).toBe(401);
    expect(((await withoutNonce.json()) as { code: string }).code).toBe('interlinker_forbidden');
    expect(implementWithoutNonce.status).toBe(401);
  });

  it('when settings are read, then the API key is never part of the answer', async () => {
    const answer = await call('administrator', '/settings');

    expect(JSON.stringify(answer.body)).not.toContain(site.bridge.apiKey);
    expect(answer.body).toMatchObject({ apiKeySet: true, apiKeyFromConstant: true, bridgeUrlFromConstant: true });
  });

  it('when the key comes from wp-config.php, then rotating it or writing it is refused with a reason', async () => {
    const rotate = await call('administrator', '/settings/rotate-key', 'POST');
    const write = await call('administrator', '/settings', 'POST', { apiKey: 'ilk_other' });

    expect(rotate.status).toBe(409);
    expect(rotate.body.code).toBe('interlinker_key_from_constant');
    expect(write.status).toBe(409);
    expect(write.body.code).toBe('interlinker_setting_from_constant');
  });

  it('when suggestions are listed by score, then the bridge sorts them and a bad sort key is refused', async () => {
    const ascending = await call('editor', `/suggestions?post_id=${adminPostId}&orderby=relevanceScore&order=asc`);
    const scores = (ascending.body as { relevanceScore: number }[]).map((s) => s.relevanceScore);
    const refused = await call('editor', '/suggestions?orderby=title');

    expect(ascending.status).toBe(200);
    expect(scores.length).toBeGreaterThan(0);
    expect(scores).toEqual([...scores].sort((a, b) => a - b));
    expect(refused.status).toBe(400);
    const open = await call('editor', `/suggestions?post_id=${adminPostId}&status=pending,approved`);
    expect(open.status).toBe(200);
    expect((open.body as { status: string }[]).every((s) => s.status === 'pending' || s.status === 'approved')).toBe(true);
    expect((await call('editor', '/suggestions?status=pending,done')).status).toBe(400);
  });

  it('when the orphans report is read, then each orphan carries its post id, an edit link only for whoever may edit the post, and the list its totals', async () => {
    type Orphan = { id: string; url: string; title: string; postId: number; editLink: string };
    const author = await call('author', '/analytics/orphans?per_page=100');
    const firstPage = await call('editor', '/analytics/orphans?per_page=1');
    const orphans = author.body as unknown as Orphan[];
    const byPost = (postId: number) => orphans.find((orphan) => orphan.postId === postId);

    expect(author.status).toBe(200);
    expect(Object.keys(byPost(adminPostId) ?? {}).sort()).toEqual(['editLink', 'id', 'postId', 'title', 'url']);
    expect(byPost(adminPostId)?.editLink).toBe('');
    expect(byPost(authorPostId)?.editLink).toContain(`post=${authorPostId}`);
    expect(firstPage.status).toBe(200);
    expect(firstPage.body).toHaveLength(1);
    expect(firstPage.headers.get('X-WP-Total')).toBe(String(orphans.length));
    expect(firstPage.headers.get('X-WP-TotalPages')).toBe(String(orphans.length));
  });

  it('when the analytics groups are read for a date range, then the range reaches the bridge and the groups come back as the bridge sent them', async () => {
    const groups = await call('editor', '/analytics?startDate=2020-01-01&endDate=2100-01-01');
    const onBridge = await site.bridgeApi(`/api/projects/${await site.projectId()}/analytics?startDate=2020-01-01&endDate=2100-01-01`);

    expect(groups.status).toBe(200);
    expect(groups.body).toEqual((onBridge.body as { data: unknown }).data);
  });

  it('when each analytics report answers, a broken link and an orphan among its items, then it fits the schema its route publishes', async () => {
    const gone = await site.createPost({ title: 'Rye Berries', content: '<p>Rye berries cook slowly.</p>' });
    const goneUrl = await site.php<string>(`return get_permalink( ${gone} );`);
    await site.createPost({ title: 'Rye Porridge', content: `<p>Start from <a href="${goneUrl}">rye berries</a>.</p>` });
    expect((await site.admin.json(`/wp/v2/posts/${gone}`, { method: 'DELETE' })).status).toBe(200);
    const reports = [
      ['', '?startDate=2020-01-01&endDate=2100-01-01'],
      ['/timeseries', ''],
      ['/orphans', '?per_page=100'],
      ['/broken-links', '?per_page=100'],
      ['/inbound-links', ''],
    ] as const;

    for (const [report, query] of reports) {
      const answer = await call('editor', `/analytics${report}${query}`);
      expect(answer.status, `${report} ${JSON.stringify(answer.body)}`).toBe(200);
      expect(await schemaMisfits(site.admin, `/interlinker/v1/analytics${report}`, answer), `/analytics${report}`).toEqual([]);
      if (report === '/broken-links') expect((answer.body as unknown as { targetUrl: string }[]).map((link) => link.targetUrl)).toContain(goneUrl);
      if (report === '/orphans') expect(answer.body).not.toEqual([]);
    }
  });

  it('when settings are saved, then the answer fits the settings schema and the route takes just its writable properties', async () => {
    const saved = await call('administrator', '/settings', 'POST', { maxLinksPerPost: 3 });
    const published = await site.admin.json<{ schema: { properties: Record<string, { readonly?: boolean }> }; endpoints: { methods: string[]; args: Record<string, unknown> }[] }>(
      '/interlinker/v1/settings',
      { method: 'OPTIONS' },
    );
    const writable = Object.entries(published.body.schema.properties).filter(([, property]) => !property.readonly).map(([name]) => name);

    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await schemaMisfits(site.admin, '/interlinker/v1/settings', saved)).toEqual([]);
    expect(Object.keys(published.body.endpoints.find((endpoint) => endpoint.methods.includes('POST'))!.args).sort()).toEqual(writable.sort());
  });

  it('when a suggestion is deleted by the editor, then it is gone on the bridge', async () => {
    const answer = await call('editor', `/suggestions/${suggestion.id}`, 'DELETE');
    const onBridge = await site.bridgeApi(`/api/projects/${await site.projectId()}/suggestions/${suggestion.id}`);

    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true });
    expect(onBridge.status).toBe(404);
  });

  it('when every route has been called, then PHP logged no notice, warning or error from the plugin', () => {
    const log = existsSync(site.wp.debugLog) ? readFileSync(site.wp.debugLog, 'utf8') : '';

    expect(log.split('\n').filter((line) => line.includes('/plugins/interlinker/') || line.includes(`${wpPaths.repoRoot.replace(/\/$/, '')}/plugin/`))).toEqual([]);
  });
});
