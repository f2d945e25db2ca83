import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RestImplementAnswer, RestReconcileAnswer, RestSyncResult } from '../../admin-ui/src/api/rest-types.js';
import { approvedSuggestionsFor, fullSync, type PluginSite, schemaMisfits, startPluginSite } from './support/plugin-site.js';

interface BridgeImplementation {
  id: string;
  status: string;
  rollbackReason: string | null;
  summary: { succeeded: number; failed: number } | null;
}
/** What /implement answers: the implementation (`id`) or, when the report failed, the error (`code`, `data`). */
type ImplementAnswer = RestImplementAnswer & {
  code: string;
  data: { status: number; implementationId: string; contentChanged: boolean; changedPostIds: number[] };
};

/** Test switches read by the must-use plugin, so that a test can break one step of an implement call. */
const SWITCHES = `
// The undo after a failed report saves content without our links: refuse exactly those saves.
add_filter( 'wp_insert_post_empty_content', static function ( $maybe_empty, $postarr ) {
  return get_option( 'test_refuse_unlinking' ) && ! str_contains( (string) ( $postarr['post_content'] ?? '' ), 'data-interlinker' ) ? true : $maybe_empty;
}, 10, 2 );
// The request dies (a fatal error, a killed worker) just before the results would be reported.
add_filter( 'pre_http_request', static function ( $pre, $args, $url ) {
  if ( get_option( 'test_die_before_report' ) && str_ends_with( (string) wp_parse_url( $url, PHP_URL_PATH ), '/results' ) ) {
    exit;
  }
  return $pre;
}, 10, 3 );`;

const TARGETS: Record<string, string> = {
  'Rye Sourdough': 'Rye sourdough ferments faster than wheat; a rye sourdough loaf keeps for a week.',
  'Spelt Loaf': 'A spelt loaf needs a gentle hand, because spelt gluten tears; bake the spelt loaf in a tin.',
  'Baking Steel': 'A baking steel holds more heat than stone; preheat the baking steel for forty minutes.',
};

describe('implementations the bridge was not told about are settled on the next sync or retry', () => {
  let site: PluginSite;
  let project: string;
  const targetIds = new Map<string, number>();

  beforeAll(async () => {
    site = await startPluginSite({ name: 'plugin-reconcile', throughProxy: true, muPlugin: SWITCHES });
    for (const [title, body] of Object.entries(TARGETS)) targetIds.set(title, await site.createPost({ title, content: `<p>${body}</p>` }));
    await fullSync(site.admin);
    project = await site.projectId();
  });

  afterEach(async () => {
    site.proxy!.clear();
    await site.php(`delete_option( 'test_refuse_unlinking' ); delete_option( 'test_die_before_report' ); return true;`);
  });

  afterAll(async () => {
    await site?.stop();
  });

  /** A published, synced post whose prose names the target's title, and its approved suggestions. */
  const sourceNaming = async (title: string, target: string) => {
    const id = await site.createPost({ title, content: `<!-- wp:paragraph -->\n<p>This week I baked with the ideas from ${target} and it worked.</p>\n<!-- /wp:paragraph -->` });
    await site.admin.json('/interlinker/v1/sync', { method: 'POST', body: { postIds: [id] } });
    const suggestions = await approvedSuggestionsFor(site.admin, id);
    expect(suggestions.map((s) => s.targetPostId)).toContain(targetIds.get(target));
    return { id, before: await site.content(id), suggestionIds: suggestions.map((s) => s.id) };
  };
  /**
   * The bridge goes away right after it created the implementation: the report fails, and so does the sync that
   * the implement call's own saves queue for the end of the request (otherwise that sync would settle it at once).
   */
  const bridgeGoneAfterCreate = () => {
    site.proxy!.inject('POST', /\/implementations\/[^/]+\/results$/, { kind: 'reset' });
    site.proxy!.inject('POST', /\/pages\/batch$/, { kind: 'reset' });
  };
  const implement = async (suggestionIds: string[]) => {
    const answer = await site.admin.json<ImplementAnswer>('/interlinker/v1/implement', { method: 'POST', body: { suggestionIds } });
    expect(await schemaMisfits(site.admin, '/interlinker/v1/implement', answer)).toEqual([]);
    return answer;
  };
  const onBridge = async (id: string) => (await site.bridgeApi<{ data: BridgeImplementation }>(`/api/projects/${project}/implementations/${id}`)).body.data;
  const linksIn = (content: string) => (content.match(/data-interlinker="/g) ?? []).length;

  it('when reporting the results fails, then the links are taken out, and the next sync of the post rolls the implementation back on the bridge with the reason', async () => {
    const source = await sourceNaming('Rye Week', 'Rye Sourdough');
    bridgeGoneAfterCreate();

    const failed = await implement(source.suggestionIds);
    const pendingBefore = await onBridge(failed.body.data.implementationId);
    site.proxy!.clear();
    const synced = await site.admin.json<RestSyncResult>('/interlinker/v1/sync', { method: 'POST', body: { postIds: [source.id] } });
    const settled = await onBridge(failed.body.data.implementationId);
    const again = await implement(source.suggestionIds);

    expect(failed.status).toBe(503);
    expect(failed.body.data).toMatchObject({ contentChanged: false, changedPostIds: [] });
    expect(await site.content(source.id)).not.toBe(source.before);
    expect(pendingBefore.status).toBe('pending');
    expect(synced.status).toBe(200);
    expect(synced.body.reconciledImplementations).toEqual([{ implementationId: failed.body.data.implementationId, outcome: 'rolled_back', status: 'rolled_back' }]);
    expect(await schemaMisfits(site.admin, '/interlinker/v1/sync', synced)).toEqual([]);
    expect(settled.status).toBe('rolled_back');
    expect(settled.rollbackReason).toMatch(/could not be reported/);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });

  it('when the undo after a failed report cannot save either, then the answer says the post still changed, and the next full sync reports its links as implemented', async () => {
    const source = await sourceNaming('Spelt Week', 'Spelt Loaf');
    await site.php(`return update_option( 'test_refuse_unlinking', 1 );`);
    bridgeGoneAfterCreate();

    const failed = await implement(source.suggestionIds);
    const linked = await site.content(source.id);
    site.proxy!.clear();
    await site.php(`return delete_option( 'test_refuse_unlinking' );`);
    const firstCall = await site.admin.json<RestSyncResult>('/interlinker/v1/sync', { method: 'POST', body: {} });
    const settled = await onBridge(failed.body.data.implementationId);
    const rolledBack = await site.admin.json('/interlinker/v1/rollback', { method: 'POST', body: { implementationId: failed.body.data.implementationId, reason: 'test' } });

    expect(failed.status).toBe(503);
    expect(failed.body.data).toMatchObject({ contentChanged: true, changedPostIds: [source.id] });
    expect(linksIn(linked)).toBeGreaterThan(0);
    expect(firstCall.body.reconciledImplementations).toContainEqual({ implementationId: failed.body.data.implementationId, outcome: 'reported', status: 'completed' });
    expect(settled.summary?.succeeded).toBe(linksIn(linked));
    expect(rolledBack.status).toBe(200);
    expect(await site.content(source.id)).toBe(source.before);
  });

  it('when the implement request dies before it reports, then a retry leaves it alone while it may still run, and settles it once that is over', async () => {
    const source = await sourceNaming('Steel Week', 'Baking Steel');
    await site.php(`return update_option( 'test_die_before_report', 1 );`);

    const died = await site.admin.fetch('/interlinker/v1/implement', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ suggestionIds: source.suggestionIds }),
    });
    await site.php(`return delete_option( 'test_die_before_report' );`);
    const [implementationId] = await site.php<string[]>(`return array_values( array_unique( get_post_meta( ${source.id}, '_interlinker_implementation_id' ) ) );`);
    const early = await site.admin.json<RestReconcileAnswer>('/interlinker/v1/implementations/reconcile', { method: 'POST' });
    // Ten minutes later, as far as the entry knows: no implement request runs that long.
    // (Entries are named by the create call's Idempotency-Key; this one is found by the implementation it names.)
    await site.php(`
      global $wpdb;
      foreach ( $wpdb->get_col( "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE 'interlinker\\\\_unreported\\\\_%'" ) as $name ) {
        $entry = get_option( $name );
        if ( is_array( $entry ) && '${implementationId}' === $entry['implementationId'] ) {
          $entry['startedAt'] -= 3600;
          update_option( $name, $entry );
        }
      }
      return true;`);
    const late = await site.admin.json<RestReconcileAnswer>('/interlinker/v1/implementations/reconcile', { method: 'POST' });
    const settled = await onBridge(implementationId!);

    expect(await died.text()).toBe('');
    expect(linksIn(await site.content(source.id))).toBeGreaterThan(0);
    expect(early.status).toBe(200);
    expect(early.body).toEqual({ settled: [], waiting: [implementationId] });
    expect(late.body).toEqual({ settled: [{ implementationId, outcome: 'reported', status: 'completed' }], waiting: [] });
    expect(await schemaMisfits(site.admin, '/interlinker/v1/implementations/reconcile', early)).toEqual([]);
    expect(await schemaMisfits(site.admin, '/interlinker/v1/implementations/reconcile', late)).toEqual([]);
    expect(settled.summary?.succeeded).toBe(linksIn(await site.content(source.id)));
  });

  it('when the bridge is down at the retry, then the retry answers the error and the implementation keeps waiting', async () => {
    const source = await sourceNaming('Rye Again', 'Rye Sourdough');
    bridgeGoneAfterCreate();
    const failed = await implement(source.suggestionIds);
    site.proxy!.inject('GET', /\/implementations\//, { kind: 'reset' });

    const retry = await site.admin.json<{ code: string }>('/interlinker/v1/implementations/reconcile', { method: 'POST' });
    site.proxy!.clear();
    const next = await site.admin.json<RestReconcileAnswer>('/interlinker/v1/implementations/reconcile', { method: 'POST' });

    expect(retry.status).toBe(503);
    expect(retry.body.code).toBe('interlinker_bridge_unreachable');
    expect(next.body.settled.map((s) => s.implementationId)).toEqual([failed.body.data.implementationId]);
    expect(next.body.waiting).not.toContain(failed.body.data.implementationId);
    expect(await schemaMisfits(site.admin, '/interlinker/v1/implementations/reconcile', next)).toEqual([]);
  });

  it('when an implementation is rolled back through the bridge API, then saving one of its posts takes its links out there with a single list call by its id', async () => {
    const source = await sourceNaming('Spelt Again', 'Spelt Loaf');
    const implemented = await implement(source.suggestionIds);
    const direct = await site.bridgeApi(`/api/projects/${project}/implementations/${implemented.body.id}/rollback`, { method: 'POST', body: { reason: 'from the API' } });
    const seenBefore = site.proxy!.seen.length;

    const saved = await site.admin.json(`/wp/v2/posts/${source.id}`, { method: 'POST', body: { title: 'Spelt Again, retitled' } });
    const calls = site.proxy!.seen.slice(seenBefore).filter((line) => line.includes('/implementations'));

    expect(implemented.status).toBe(200);
    expect(direct.status).toBe(200);
    expect(saved.status).toBe(200);
    expect(await site.content(source.id)).toBe(source.before);
    expect(calls).toHaveLength(1);
    // Every status: a completed implementation may have single links rolled back on the bridge.
    expect(calls[0]).toMatch(/^GET \/api\/projects\/[^/]+\/implementations\?/);
    expect(new URL(calls[0]!.split(' ')[1]!, 'http://bridge').searchParams.get('ids')).toBe(implemented.body.id);
  });

  it('when more implementations are applied on the site than one call can name, then the full sync pages through the rolled-back ones and still takes out the links of one rolled back through the bridge API', async () => {
    const source = await sourceNaming('Steel Week', 'Baking Steel');
    const implemented = await implement(source.suggestionIds);
    const direct = await site.bridgeApi(`/api/projects/${project}/implementations/${implemented.body.id}/rollback`, { method: 'POST', body: { reason: 'from the API' } });
    // A hundred more implementation ids recorded on the site, none of them known to the bridge.
    await site.php(`for ( $i = 0; $i < 100; $i++ ) { add_post_meta( ${source.id}, '_interlinker_implementation_id', 'imp_elsewhere_' . $i ); } return true;`);
    const seenBefore = site.proxy!.seen.length;

    const first = await site.admin.json<{ revertedImplementations: string[] }>('/interlinker/v1/sync', { method: 'POST', body: {} });
    const calls = site.proxy!.seen.slice(seenBefore).filter((line) => /\/implementations\?/.test(line));
    await site.php(`for ( $i = 0; $i < 100; $i++ ) { delete_post_meta( ${source.id}, '_interlinker_implementation_id', 'imp_elsewhere_' . $i ); } return true;`);

    expect(implemented.status).toBe(200);
    expect(direct.status).toBe(200);
    expect(first.status).toBe(200);
    expect(first.body.revertedImplementations).toEqual([implemented.body.id]);
    expect(await site.content(source.id)).toBe(source.before);
    expect(calls.some((line) => line.includes('status=rolled_back') && !line.includes('ids='))).toBe(true);
  });
});
