import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RestImplementAnswer, RestImplementationDetails, RestRollbackAnswer } from '../../admin-ui/src/api/rest-types.js';
import { type RestSchema, schemaProblems } from '../support/json-schema.js';
import { approvedSuggestionsFor, fullSync, type PluginSite, phpString, reopenSuggestionsOf, startPluginSite, type Suggestion } from './support/plugin-site.js';

const topics: Record<string, string> = {
  'Sourdough Starter': 'Feed the sourdough starter with flour and water every day; a lively sourdough starter doubles in a few hours. Starter hydration and temperature decide how sour the bread will be.',
  'Bread Flour': 'Bread flour has more protein than cake flour, so bread flour builds stronger gluten for chewy loaves. Protein content and flour absorption change the dough.',
  'Dough Hydration': 'Dough hydration is the weight of water over the weight of flour; high dough hydration gives an open crumb. Flour absorption and protein decide the right hydration.',
  'Baking Stone': 'A baking stone stores heat and gives loaves a crisp base; preheat the baking stone for an hour.',
};

/** A post with the topics' names in every place a link must not go, and once each in plain paragraph text. */
const LOAF = [
  '<!-- wp:heading -->\n<h2 class="wp-block-heading">Sourdough starter, bread flour and dough hydration</h2>\n<!-- /wp:heading -->',
  '<!-- wp:paragraph -->\n<p>Every Saturday I wake my sourdough starter and weigh out strong bread flour for the weekend loaf. Getting the dough hydration right took me months of sticky hands and flour absorption tests.</p>\n<!-- /wp:paragraph -->',
  '<!-- wp:paragraph -->\n<p>I bake it on a <a href="/elsewhere/">baking stone</a> that lives in the oven — café crème on the side, naïvely.</p>\n<!-- /wp:paragraph -->',
  '<!-- wp:image -->\n<figure class="wp-block-image"><img src="/chart.jpg" alt="dough hydration chart for bread flour"/></figure>\n<!-- /wp:image -->',
  '<!-- wp:code -->\n<pre class="wp-block-code"><code>sourdough starter: 100 g; bread flour: 500 g</code></pre>\n<!-- /wp:code -->',
  '<!-- wp:shortcode -->\n[recipe name="dough hydration"]\n<!-- /wp:shortcode -->',
].join('\n\n');

describe('implement and roll back in a real WordPress', () => {
  let site: PluginSite;
  let loafId: number;

  beforeAll(async () => {
    site = await startPluginSite({ name: 'plugin-implement' });
    for (const [title, body] of Object.entries(topics)) {
      await site.createPost({ title, content: `<!-- wp:paragraph -->\n<p>${body}</p>\n<!-- /wp:paragraph -->` });
    }
    loafId = await site.createPost({ title: 'My Weekend Loaf', content: LOAF });
    await fullSync(site.admin);
  });

  afterAll(async () => {
    await site?.stop();
  });

  const implement = (ids: string[]) => site.admin.json<RestImplementAnswer & { code?: string }>('/interlinker/v1/implement', { method: 'POST', body: { suggestionIds: ids } });
  const reopen = (implementationId: string) => reopenSuggestionsOf(site, implementationId);
  const rollback = async (id: string) => {
    const answer = await site.admin.json<RestRollbackAnswer>('/interlinker/v1/rollback', { method: 'POST', body: { implementationId: id, reason: 'test' } });
    await reopen(id);
    return answer;
  };
  const setContent = (content: string) =>
    site.php(`return wp_update_post( wp_slash( array( 'ID' => ${loafId}, 'post_content' => ${phpString(content)} ) ), true );`);
  const revisions = () => site.php<number>(`return count( wp_get_post_revisions( ${loafId} ) );`);
  /** Block names, attributes and inner HTML of the blocks that must never change. */
  const protectedBlocks = (content: string) =>
    site.php<unknown>(
      `return array_values( array_map( static fn( $b ) => array( $b['blockName'], $b['attrs'], $b['innerHTML'] ), array_filter( parse_blocks( ${phpString(content)} ), static fn( $b ) => in_array( $b['blockName'], array( 'core/heading', 'core/image', 'core/code', 'core/shortcode' ), true ) ) ) );`,
    );
  const blockShape = (content: string) =>
    site.php<unknown>(`return array_map( static fn( $b ) => array( $b['blockName'], $b['attrs'], count( $b['innerBlocks'] ) ), parse_blocks( ${phpString(content)} ) );`);
  const withoutOurLinks = (content: string) => content.replace(/<a [^>]*data-interlinker="[^"]+"[^>]*>([\s\S]*?)<\/a>/g, '$1');

  it('when approved suggestions are implemented, then links appear only in allowed text and the blocks stay the same', async () => {
    const before = await site.content(loafId);
    const revisionsBefore = await revisions();
    const suggestions = await approvedSuggestionsFor(site.admin, loafId);
    expect(suggestions.length).toBeGreaterThan(0);

    const answer = await implement(suggestions.map((s) => s.id));
    const after = await site.content(loafId);

    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.status).toBe('completed');
    expect(answer.body.results.filter((r) => r.succeeded).length).toBeGreaterThan(0);
    expect(answer.body.results.every((r) => r.succeeded || (r.code && r.reason))).toBe(true);
    expect(after).not.toBe(before);
    expect(withoutOurLinks(after)).toBe(before);
    expect(await protectedBlocks(after)).toEqual(await protectedBlocks(before));
    expect(await blockShape(after)).toEqual(await blockShape(before));
    expect(await revisions()).toBeGreaterThan(revisionsBefore);
    const onBridge = await site.bridgeApi<{ data: { summary: { succeeded: number; failed: number } | null } }>(`/api/projects/${await site.projectId()}/implementations/${answer.body.id}`);
    expect(onBridge.body.data.summary).toMatchObject({ succeeded: answer.body.results.filter((r) => r.succeeded).length, failed: answer.body.results.filter((r) => !r.succeeded).length });
    const details = await site.admin.json<RestImplementationDetails>(`/interlinker/v1/implementations/${answer.body.id}`);
    expect(details.body.suggestions.map((s) => s.id).sort()).toEqual(answer.body.results.map((r) => r.suggestionId).sort());
    expect(details.body.suggestions.every((s) => s.sourcePostId === loafId)).toBe(true);

    const rolledBack = await rollback(answer.body.id);

    expect(rolledBack.status).toBe(200);
    expect(rolledBack.body.status).toBe('rolled_back');
    expect(rolledBack.body.results).toEqual([expect.objectContaining({ postId: loafId, outcome: 'restored_exactly' })]);
    expect(await site.content(loafId)).toBe(before);
  });

  it('when the editor changed the post after the implementation, then rollback removes only our links and keeps the edit', async () => {
    const suggestions = await approvedSuggestionsFor(site.admin, loafId);
    const implemented = await implement(suggestions.map((s) => s.id));
    expect(implemented.status).toBe(200);
    const linked = await site.content(loafId);
    const edited = `<!-- wp:paragraph -->\n<p>A new first paragraph by the editor.</p>\n<!-- /wp:paragraph -->\n\n${linked}`;
    await setContent(edited);

    const answer = await rollback(implemented.body.id);

    expect(answer.status).toBe(200);
    expect(answer.body.results[0]?.outcome).toBe('links_removed');
    expect(await site.content(loafId)).toBe(withoutOurLinks(edited));
    expect(await site.content(loafId)).toContain('A new first paragraph by the editor.');
    await setContent(LOAF);
  });

  it('when an anchor is no longer in the post, then that suggestion fails with a reason and the others go on', async () => {
    const suggestions = await approvedSuggestionsFor(site.admin, loafId);
    expect(suggestions.length).toBeGreaterThan(1);
    const [gone, ...others] = suggestions as [Suggestion, ...Suggestion[]];
    // The others must not depend on the removed words, and stay within the per-post link limit (3).
    const kept = others.filter((s) => !s.context.includes(gone.anchorText) && !gone.context.includes(s.anchorText)).slice(0, 2);
    expect(kept.length).toBeGreaterThan(0);
    await setContent(LOAF.replaceAll(gone.anchorText, 'something else entirely'));

    const answer = await implement([gone, ...kept].map((s) => s.id));

    expect(answer.status).toBe(200);
    const failed = answer.body.results.find((r) => r.suggestionId === gone.id);
    expect(failed).toMatchObject({ succeeded: false, code: 'anchor_missing' });
    expect(failed?.reason).toContain(gone.anchorText);
    expect(answer.body.results.filter((r) => r.succeeded).map((r) => r.suggestionId).sort()).toEqual(kept.map((s) => s.id).sort());
    const onBridge = await site.bridgeApi<{ data: { results: { suggestionId: string; error: string | null }[] } }>(
      `/api/projects/${await site.projectId()}/implementations/${answer.body.id}`,
    );
    expect(onBridge.body.data.results.find((r) => r.suggestionId === gone.id)?.error).toContain(gone.anchorText);

    await rollback(answer.body.id);
    await setContent(LOAF);
  });

  it('when an implementation is rolled back through the bridge API directly, then the next full sync reverts it on the site', async () => {
    const before = await site.content(loafId);
    const suggestions = await approvedSuggestionsFor(site.admin, loafId);
    const implemented = await implement(suggestions.map((s) => s.id));
    expect(await site.content(loafId)).not.toBe(before);

    const direct = await site.bridgeApi(`/api/projects/${await site.projectId()}/implementations/${implemented.body.id}/rollback`, {
      method: 'POST',
      body: { reason: 'from the API' },
    });
    const sync = await site.admin.json<{ revertedImplementations: string[] }>('/interlinker/v1/sync', { method: 'POST', body: {} });
    await reopen(implemented.body.id);

    expect(direct.status).toBe(200);
    expect(sync.body.revertedImplementations).toEqual([implemented.body.id]);
    expect(await site.content(loafId)).toBe(before);
  });

  it('when generating for a post whose implementation was rolled back on the bridge, then the GET leaves the post alone and the next sync of it replays the rollback', async () => {
    const before = await site.content(loafId);
    const implemented = await implement((await approvedSuggestionsFor(site.admin, loafId)).map((s) => s.id));
    const withLinks = await site.content(loafId);
    await site.bridgeApi(`/api/projects/${await site.projectId()}/implementations/${implemented.body.id}/rollback`, { method: 'POST', body: { reason: 'from the API' } });
    // A new slug the bridge does not know yet (the deferred sync is held back), so that generating sends the post first.
    await site.php(`
      remove_action( 'shutdown', array( Interlinker\\Plugin::instance()->queue, 'run_at_shutdown' ) );
      return wp_update_post( array( 'ID' => ${loafId}, 'post_name' => 'my-weekend-loaf-moved' ) );`);

    const generated = await site.admin.json<Suggestion[]>(`/interlinker/v1/suggestions?post_id=${loafId}&generate=1`);
    const afterGet = await site.content(loafId);
    const synced = await site.admin.json<{ revertedImplementations: string[] }>('/interlinker/v1/sync', { method: 'POST', body: { postIds: [loafId] } });
    await reopen(implemented.body.id);

    expect(generated.status, JSON.stringify(generated.body)).toBe(200);
    expect(afterGet).toBe(withLinks);
    expect(synced.body.revertedImplementations).toEqual([implemented.body.id]);
    expect(await site.content(loafId)).toBe(before);
  });

  it('when the routes answer, then every answer fits the schema its route publishes (the PHP schemas the admin UI’s types come from)', async () => {
    const schemaOf = async (route: string) => (await site.admin.json<{ schema: RestSchema }>(route, { method: 'OPTIONS' })).body.schema;
    const implementation = await implement((await approvedSuggestionsFor(site.admin, loafId)).map((s) => s.id));
    const answers: [string, unknown, RestSchema][] = [
      ['GET /suggestions', (await site.admin.json<unknown[]>(`/interlinker/v1/suggestions?post_id=${loafId}&per_page=100`)).body, { type: 'array', items: await schemaOf('/interlinker/v1/suggestions') }],
      ['POST /implement', implementation.body, await schemaOf('/interlinker/v1/implement')],
      ['GET /implementations', (await site.admin.json<unknown[]>('/interlinker/v1/implementations')).body, { type: 'array', items: await schemaOf('/interlinker/v1/implementations') }],
      ['GET /implementations/{id}', (await site.admin.json(`/interlinker/v1/implementations/${implementation.body.id}`)).body, await schemaOf(`/interlinker/v1/implementations/${implementation.body.id}`)],
      ['POST /rollback', (await rollback(implementation.body.id)).body, await schemaOf('/interlinker/v1/rollback')],
      ['POST /sync (posts)', (await site.admin.json('/interlinker/v1/sync', { method: 'POST', body: { postIds: [loafId] } })).body, await schemaOf('/interlinker/v1/sync')],
      ['POST /sync (full)', (await site.admin.json('/interlinker/v1/sync', { method: 'POST', body: {} })).body, await schemaOf('/interlinker/v1/sync')],
      ['GET /settings', (await site.admin.json('/interlinker/v1/settings')).body, await schemaOf('/interlinker/v1/settings')],
      ['POST /settings/test-connection', (await site.admin.json('/interlinker/v1/settings/test-connection', { method: 'POST' })).body, await schemaOf('/interlinker/v1/settings/test-connection')],
    ];

    expect(implementation.status).toBe(200);
    for (const [route, body, schema] of answers) {
      expect(schema, route).toBeDefined();
      expect(schemaProblems(body, schema), route).toEqual([]);
    }
  });

  it('when the list is searched, then only suggestions whose anchor or page titles contain the text come back, case aside', async () => {
    const all = await site.admin.json<Suggestion[]>(`/interlinker/v1/suggestions?post_id=${loafId}&generate=1&per_page=100`);
    expect(all.status).toBe(200);
    const first = all.body[0]!;
    const found = await site.admin.json<Suggestion[]>(`/interlinker/v1/suggestions?search=${encodeURIComponent(first.anchorText.toUpperCase())}&per_page=100`);
    expect(found.status).toBe(200);
    expect(found.body.map((s) => s.id)).toContain(first.id);
    expect(found.body.length).toBeLessThanOrEqual(all.body.length);
    const none = await site.admin.json<Suggestion[]>('/interlinker/v1/suggestions?search=no%20such%20words%20anywhere');
    expect(none.status).toBe(200);
    expect(none.body).toEqual([]);
  });

  it('when a suggestion was rejected, then implement answers 409 and the post is untouched', async () => {
    const listed = await site.admin.json<Suggestion[]>(`/interlinker/v1/suggestions?post_id=${loafId}&generate=1`);
    const one = listed.body[0]!;
    await site.admin.json(`/interlinker/v1/suggestions/${one.id}`, { method: 'PATCH', body: { status: 'rejected' } });
    const before = await site.content(loafId);

    const answer = await implement([one.id]);

    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('interlinker_conflict');
    expect(await site.content(loafId)).toBe(before);
  });
});
