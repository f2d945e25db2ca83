/**
 * "Find links to this post" (POST /posts/{id}/inbound-suggestions) against the real bridge and a real WordPress:
 * who may ask, what the answer holds for whom, and that its suggestions go through approve, implement (across
 * several source posts) and rollback like any other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RestImplementAnswer, RestInboundSuggestions, RestRollbackAnswer } from '../../admin-ui/src/api/rest-types.js';
import type { RestClient } from '../support/wordpress.js';
import { logIn } from '../support/wp-rest.js';
import type { Role } from '../support/wp-site.js';
import { fullSync, type PluginSite, phpString, schemaMisfits, startPluginSite } from './support/plugin-site.js';

type Who = Role | 'anonymous';
interface WpError {
  code: string;
  message: string;
  data: { status: number; scope?: string };
}

/** Contributors' and authors' bridge calls per hour, small so that the budget test reaches it. */
const LIMIT = 4;

const paragraph = (text: string) => `<!-- wp:paragraph -->\n<p>${text}</p>\n<!-- /wp:paragraph -->`;

describe('"Find links to this post" in a real WordPress with the real bridge', () => {
  let site: PluginSite;
  const clients = new Map<Who, RestClient>();
  let stoneId: number;
  let flourId: number;
  let loafId: number;
  let pizzaId: number;
  let secretId: number;

  beforeAll(async () => {
    site = await startPluginSite({
      name: 'plugin-inbound',
      muPlugin: `add_filter( 'interlinker_user_hourly_bridge_calls', static fn() => ${LIMIT} );`,
    });
    for (const who of ['anonymous', 'subscriber', 'author', 'editor', 'administrator'] as const) clients.set(who, await site.wp.rest(who));
    // The target belongs to the author; the sources to the administrator and the editor.
    stoneId = await site.createPost({
      title: 'Baking Stone',
      author: 'author',
      content: paragraph('A baking stone stores heat and gives loaves a crisp base; preheat the baking stone for an hour before the bread goes in.'),
    });
    flourId = await site.createPost({ title: 'Bread Flour', content: paragraph('Bread flour has more protein than cake flour, so bread flour builds stronger gluten for chewy loaves.') });
    loafId = await site.createPost({
      title: 'My Weekend Loaf',
      content: [paragraph('Every Saturday I weigh out the flour for the weekend loaf.'), paragraph('It bakes on a baking stone that lives in the oven, until the crust sings.')].join('\n\n'),
    });
    pizzaId = await site.createPost({
      title: 'Pizza Night',
      author: 'editor',
      content: paragraph('On Friday pizza night I slide the dough onto a hot baking stone and bake it for six minutes.'),
    });
    secretId = await site.createPost({
      title: 'Secret Bakes',
      author: 'editor',
      content: paragraph('My secret is to heat the baking stone for a full hour before any bread goes near it.'),
    });
    await fullSync(site.admin);
    // The editor makes their post private; the bridge is not told yet (the deferred sync is held back), so it is still
    // a source there, one the author may not read.
    await site.php(`
      remove_action( 'shutdown', array( Interlinker\\Plugin::instance()->queue, 'run_at_shutdown' ) );
      return wp_update_post( array( 'ID' => ${secretId}, 'post_status' => 'private' ) );`);
  });

  afterAll(async () => {
    await site?.stop();
  });

  const route = (postId: number) => `/interlinker/v1/posts/${postId}/inbound-suggestions`;
  const find = (who: Who, postId: number, body: unknown = {}) =>
    clients.get(who)!.json<RestInboundSuggestions & WpError>(route(postId), { method: 'POST', body });
  const permalink = (postId: number) => site.php<string>(`return get_permalink( ${postId} );`);

  it.each([
    ['anonymous', 401],
    ['subscriber', 403],
    ['author', 200],
    ['editor', 200],
    ['administrator', 200],
  ] as const)("when the %s asks for links to the author's post, then it answers %i", async (who, status) => {
    const answer = await find(who, stoneId);

    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    if (status !== 200) expect(answer.body.code).toBe('interlinker_forbidden');
  });

  it("when the author asks for links to the administrator's post, then it is refused: asking needs the right to edit the target", async () => {
    const answer = await find('author', flourId);

    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('interlinker_forbidden');
  });

  it('when a logged-in browser asks without the REST nonce, then it is treated as logged out; with it, it is answered', async () => {
    const cookieClient = await site.wp.rest('administrator', 'cookie');
    const withNonce = await cookieClient.json<RestInboundSuggestions>(route(stoneId), { method: 'POST', body: {} });
    const withoutNonce = await fetch(`${site.wp.url}/wp-json${route(stoneId)}`, {
      method: 'POST',
      headers: { Cookie: await logIn(site.wp.url, site.wp.users.administrator), 'Content-Type': 'application/json' },
      body: '{}',
    });

    expect(withNonce.status).toBe(200);
    expect(withoutNonce.status).toBe(401);
    expect(((await withoutNonce.json()) as WpError).code).toBe('interlinker_forbidden');
  });

  it('when the administrator asks, then the answer fits the published schema and holds suggestions to this post only, from different posts, most relevant first', async () => {
    const answer = await find('administrator', stoneId);
    const url = await permalink(stoneId);

    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(await schemaMisfits(site.admin, route(stoneId), answer)).toEqual([]);
    expect(answer.body.postId).toBe(stoneId);
    expect(answer.body.targetPageUrl).toBe(url);
    const { suggestions } = answer.body;
    // The three posts that name it; others like it may come too (the test site asks for every score above 0).
    const naming = suggestions.filter((s) => [loafId, pizzaId, secretId].includes(s.sourcePostId));
    expect(naming.map((s) => s.sourcePostId).sort()).toEqual([loafId, pizzaId, secretId].sort());
    expect(suggestions.every((s) => s.targetPageUrl === url && s.targetPostId === stoneId)).toBe(true);
    expect(new Set(suggestions.map((s) => s.sourcePageUrl)).size).toBe(suggestions.length);
    const scores = suggestions.map((s) => s.relevanceScore);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(suggestions.every((s) => s.sourcePostId !== stoneId && s.context.includes(s.anchorText))).toBe(true);
    expect(naming.every((s) => s.anchorText.toLowerCase().includes('baking stone'))).toBe(true);
    expect(suggestions.find((s) => s.sourcePostId === pizzaId)).toMatchObject({ sourceTitle: 'Pizza Night', sourceEditLink: expect.stringContaining(`post=${pizzaId}`) });
    expect(answer.body.leftOut).toBe(0);
  });

  it('when a limit is given, then no more suggestions come back; a limit out of 1–50 is refused', async () => {
    const one = await find('administrator', stoneId, { limit: 1 });
    const zero = await find('administrator', stoneId, { limit: 0 });
    const tooMany = await find('administrator', stoneId, { limit: 51 });

    expect(one.status).toBe(200);
    expect(one.body.suggestions.length).toBe(1);
    expect([zero.status, tooMany.status]).toEqual([400, 400]);
    expect(zero.body.code).toBe('rest_invalid_param');
  });

  it('when the author asks about their post, then a source they may not read is left out and counted, and sources they may not edit have no edit link', async () => {
    const answer = await find('author', stoneId);

    expect(answer.status).toBe(200);
    const sources = answer.body.suggestions.map((s) => s.sourcePostId);
    expect(sources).toEqual(expect.arrayContaining([loafId, pizzaId]));
    expect(sources).not.toContain(secretId);
    expect(answer.body.leftOut).toBe(1);
    expect(JSON.stringify(answer.body)).not.toContain('Secret Bakes');
    expect(answer.body.suggestions.every((s) => s.sourceEditLink === '')).toBe(true);
    expect(await schemaMisfits(clients.get('author')!, route(stoneId), answer)).toEqual([]);
  });

  it('when the post does not exist, is not published, or the bridge has not got it yet, then 404, 400 interlinker_post_not_eligible, or it is sent first and answered', async () => {
    const missing = await find('administrator', 999_999);
    const draftId = await site.createPost({ title: 'Stone Draft', status: 'draft', content: paragraph('A draft about the baking stone.') });
    const draft = await find('administrator', draftId);
    // Published while the deferred sync is held back: the bridge has never seen it.
    const newId = await site.php<number>(`
      remove_action( 'shutdown', array( Interlinker\\Plugin::instance()->queue, 'run_at_shutdown' ) );
      return wp_insert_post( array( 'post_title' => 'Dough Scraper', 'post_status' => 'publish', 'post_content' => ${phpString(paragraph('A dough scraper lifts sticky dough off the bench.'))} ), true );`);
    const onBridge = async () => {
      const pages = await site.bridgeApi<{ data: { url: string }[] }>(`/api/projects/${await site.projectId()}/pages?limit=100`);
      return pages.body.data.some((p) => p.url === url);
    };
    const url = await permalink(newId);
    const knownBefore = await onBridge();
    const fresh = await find('administrator', newId);

    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('interlinker_post_not_found');
    expect(draft.status).toBe(400);
    expect(draft.body.code).toBe('interlinker_post_not_eligible');
    expect(knownBefore).toBe(false);
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
    expect(fresh.body.targetPageUrl).toBe(url);
    expect(await onBridge()).toBe(true);
  });

  it('when inbound suggestions from two source posts are approved and implemented together, then each post gets its link, and the rollback gives both back byte for byte', async () => {
    const found = await find('administrator', stoneId);
    const chosen = found.body.suggestions.filter((s) => s.sourcePostId === loafId || s.sourcePostId === pizzaId);
    expect(chosen).toHaveLength(2);
    const before = { [loafId]: await site.content(loafId), [pizzaId]: await site.content(pizzaId) };
    for (const suggestion of chosen) {
      const approved = await site.admin.json<{ status: string }>(`/interlinker/v1/suggestions/${suggestion.id}`, { method: 'PATCH', body: { status: 'approved' } });
      expect(approved.body.status).toBe('approved');
    }

    // The bridge proposes an approved pair no more; the plugin still lists it, waiting to be implemented.
    const waiting = await find('administrator', stoneId);
    expect(waiting.body.suggestions.filter((s) => chosen.some((c) => c.id === s.id)).map((s) => s.status)).toEqual(['approved', 'approved']);

    const implemented = await site.admin.json<RestImplementAnswer>('/interlinker/v1/implement', { method: 'POST', body: { suggestionIds: chosen.map((s) => s.id) } });

    expect(implemented.status, JSON.stringify(implemented.body)).toBe(200);
    expect(implemented.body.status).toBe('completed');
    expect(implemented.body.results.map((r) => [r.suggestionId, r.succeeded, r.postId])).toEqual(chosen.map((s) => [s.id, true, s.sourcePostId]));
    const stoneUrl = await permalink(stoneId);
    for (const postId of [loafId, pizzaId]) {
      const content = await site.content(postId);
      expect(content).toContain(`href="${stoneUrl}"`);
      expect(content.replace(/<a [^>]*data-interlinker="[^"]+"[^>]*>([\s\S]*?)<\/a>/g, '$1')).toBe(before[postId]);
    }
    const again = await find('administrator', stoneId);
    expect(again.body.suggestions.filter((s) => chosen.some((c) => c.id === s.id))).toEqual([]);

    const rolledBack = await site.admin.json<RestRollbackAnswer>('/interlinker/v1/rollback', {
      method: 'POST',
      body: { implementationId: implemented.body.id, reason: 'inbound test' },
    });

    expect(rolledBack.status).toBe(200);
    expect(rolledBack.body.status).toBe('rolled_back');
    expect(rolledBack.body.results.map((r) => [r.postId, r.outcome]).sort()).toEqual(
      [
        [loafId, 'restored_exactly'],
        [pizzaId, 'restored_exactly'],
      ].sort(),
    );
    expect(await site.content(loafId)).toBe(before[loafId]);
    expect(await site.content(pizzaId)).toBe(before[pizzaId]);
  });

  it("when the author keeps asking, then past their hourly budget the answer is 429 interlinker_rate_limited, as for generating for a post; the administrator's are not counted", async () => {
    const answers: { status: number; body: WpError }[] = [];
    for (let call = 0; call <= LIMIT; call++) answers.push(await find('author', stoneId));

    const refused = answers.find((a) => a.status === 429);
    expect(refused?.body.code).toBe('interlinker_rate_limited');
    expect(refused?.body.data.scope).toBe('user');
    expect((await find('administrator', stoneId)).status).toBe(200);
  });
});
