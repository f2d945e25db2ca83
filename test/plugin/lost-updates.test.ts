import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RestImplementAnswer, RestRollbackAnswer } from '../../admin-ui/src/api/rest-types.js';
import { approvedSuggestionsFor, fullSync, type PluginSite, phpString, reopenSuggestionsOf, schemaMisfits, startPluginSite } from './support/plugin-site.js';

/** The refusal, when the route answers with an error instead. */
interface Refusal {
  code?: string;
  message?: string;
  data?: { status: number; contentChanged?: boolean; postId?: number; postIds?: number[] };
}

/**
 * Another request's save while this one waits for the bridge: written straight to the database when the bridge
 * call named in the option has answered, as another PHP process would, so this request's object cache keeps the
 * copy it read before.
 */
const CONCURRENT_EDIT = `
add_action( 'http_api_debug', static function ( $response, $context, $transport, $args, $url ) {
	$edit = get_option( 'interlinker_test_edit_during' );
	if ( ! is_array( $edit ) || strtoupper( (string) ( $args['method'] ?? 'GET' ) ) !== $edit['method'] || ! preg_match( $edit['url'], (string) $url ) ) {
		return;
	}
	delete_option( 'interlinker_test_edit_during' );
	global $wpdb;
	$current = (string) $wpdb->get_var( $wpdb->prepare( "SELECT post_content FROM {$wpdb->posts} WHERE ID = %d", $edit['post'] ) );
	$wpdb->update( $wpdb->posts, array( 'post_content' => $edit['prepend'] . $current, 'post_modified' => current_time( 'mysql' ), 'post_modified_gmt' => current_time( 'mysql', true ) ), array( 'ID' => $edit['post'] ) );
}, 10, 5 );
`;

const EDIT = '<!-- wp:paragraph -->\n<p>Saved by the editor meanwhile.</p>\n<!-- /wp:paragraph -->\n\n';
const SOURCE = '<!-- wp:paragraph -->\n<p>Every Saturday I wake my sourdough starter and weigh out strong bread flour for the weekend loaf.</p>\n<!-- /wp:paragraph -->';

describe('implement and rollback never lose an edit saved meanwhile', () => {
  let site: PluginSite;
  let sourceId: number;

  beforeAll(async () => {
    site = await startPluginSite({ name: 'plugin-lost-updates', throughProxy: true, muPlugin: CONCURRENT_EDIT });
    await site.createPost({ title: 'Sourdough Starter', content: '<p>Feed the sourdough starter with flour and water every day; a lively sourdough starter doubles.</p>' });
    await site.createPost({ title: 'Bread Flour', content: '<p>Bread flour has more protein than cake flour, so bread flour builds gluten.</p>' });
    sourceId = await site.createPost({ title: 'Weekend Loaf', content: SOURCE });
    await fullSync(site.admin);
  });

  afterEach(async () => {
    site.proxy!.clear();
    await site.php(`delete_option( 'interlinker_test_edit_during' ); return delete_post_meta( ${sourceId}, '_edit_lock' );`);
    // Each test starts from approved suggestions and the original post, whatever the one before left.
    for (const status of ['completed', 'pending']) {
      const left = await site.bridgeApi<{ data: { id: string }[] }>(`/api/projects/${await site.projectId()}/implementations?status=${status}&limit=100`);
      for (const implementation of left.body.data) await rollback(implementation.id);
    }
    await site.php(`return wp_update_post( wp_slash( array( 'ID' => ${sourceId}, 'post_content' => ${phpString(SOURCE)} ) ) );`);
  });

  afterAll(async () => {
    await site?.stop();
  });

  const editDuring = (method: string, url: RegExp) =>
    site.php(`return update_option( 'interlinker_test_edit_during', array( 'method' => '${method}', 'url' => ${phpString(`#${url.source}#`)}, 'post' => ${sourceId}, 'prepend' => ${phpString(EDIT)} ) );`);
  const implement = async (ids: string[]) => {
    const answer = await site.admin.json<RestImplementAnswer & Refusal>('/interlinker/v1/implement', { method: 'POST', body: { suggestionIds: ids } });
    expect(await schemaMisfits(site.admin, '/interlinker/v1/implement', answer)).toEqual([]);
    return answer;
  };
  const rollback = async (id: string) => {
    const answer = await site.admin.json<RestRollbackAnswer & Refusal>('/interlinker/v1/rollback', { method: 'POST', body: { implementationId: id, reason: 'test' } });
    expect(await schemaMisfits(site.admin, '/interlinker/v1/rollback', answer)).toEqual([]);
    if (answer.status === 200) await reopenSuggestionsOf(site, id);
    return answer;
  };
  const openInEditorBy = (login: string) =>
    site.php(`return update_post_meta( ${sourceId}, '_edit_lock', time() . ':' . get_user_by( 'login', ${phpString(login)} )->ID );`);

  it('when the post is saved by someone else while the bridge creates the implementation, then implement refuses with interlinker_post_changed and the edit is kept', async () => {
    const suggestions = await approvedSuggestionsFor(site.admin, sourceId);
    expect(suggestions.length).toBeGreaterThan(0);
    await editDuring('POST', /\/implementations$/);

    const answer = await implement(suggestions.map((s) => s.id));

    expect(answer.status, JSON.stringify(answer.body)).toBe(409);
    expect(answer.body.code).toBe('interlinker_post_changed');
    expect(await site.content(sourceId)).toBe(EDIT + SOURCE);
  });

  it('when the post is open in the editor by another user, then implement is refused with the reason and the post is untouched', async () => {
    const suggestions = await approvedSuggestionsFor(site.admin, sourceId);
    await openInEditorBy('editor');

    const answer = await implement(suggestions.map((s) => s.id));

    expect(answer.status, JSON.stringify(answer.body)).toBe(409);
    expect(answer.body.code).toBe('interlinker_post_locked');
    expect(answer.body.message).toMatch(/editing this post/);
    expect(await site.content(sourceId)).toBe(SOURCE);
  });

  it('when the bridge refuses a rollback while the post was saved meanwhile, then the edit is kept and so are the links', async () => {
    const suggestions = await approvedSuggestionsFor(site.admin, sourceId);
    const implemented = await implement(suggestions.map((s) => s.id));
    expect(implemented.status, JSON.stringify(implemented.body)).toBe(200);
    const linked = await site.content(sourceId);
    expect(linked).toContain('data-interlinker=');
    site.proxy!.inject('POST', /\/implementations\/[^/]+\/rollback$/, { kind: 'status', status: 500, times: 1 });
    await editDuring('POST', /\/rollback$/);

    const answer = await rollback(implemented.body.id);

    expect(answer.status).toBe(502);
    expect(answer.body.data?.contentChanged).toBe(false);
    expect(await site.content(sourceId)).toBe(EDIT + linked);
    site.proxy!.clear();
    expect((await rollback(implemented.body.id)).status).toBe(200);
  });

  it('when the post is saved meanwhile and the bridge records the rollback, then only our links go and the edit stays', async () => {
    const suggestions = await approvedSuggestionsFor(site.admin, sourceId);
    const implemented = await implement(suggestions.map((s) => s.id));
    expect(implemented.status, JSON.stringify(implemented.body)).toBe(200);
    await editDuring('POST', /\/rollback$/);

    const answer = await rollback(implemented.body.id);

    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(await site.content(sourceId)).toBe(EDIT + SOURCE);
  });

  it('when the post is open in the editor by another user, then rollback is refused with the reason and the links stay', async () => {
    const suggestions = await approvedSuggestionsFor(site.admin, sourceId);
    const implemented = await implement(suggestions.map((s) => s.id));
    expect(implemented.status, JSON.stringify(implemented.body)).toBe(200);
    const linked = await site.content(sourceId);
    await openInEditorBy('editor');

    const answer = await rollback(implemented.body.id);

    expect(answer.status, JSON.stringify(answer.body)).toBe(409);
    expect(answer.body.code).toBe('interlinker_post_locked');
    expect(await site.content(sourceId)).toBe(linked);
    await site.php(`return delete_post_meta( ${sourceId}, '_edit_lock' );`);
    expect((await rollback(implemented.body.id)).status).toBe(200);
  });

  it('when another request created the lock row after this one last looked, then acquiring the lock fails', async () => {
    const taken = await site.php<boolean>(`
      $lock = new Interlinker\\Implement\\Post_Lock();
      // This request saw no lock (and cached that it has none)…
      get_option( 'interlinker_lock_${sourceId}' );
      // …then another request took it.
      global $wpdb;
      $wpdb->insert( $wpdb->options, array( 'option_name' => 'interlinker_lock_${sourceId}', 'option_value' => (string) time(), 'autoload' => 'off' ) );
      $taken = $lock->acquire( ${sourceId} );
      $wpdb->delete( $wpdb->options, array( 'option_name' => 'interlinker_lock_${sourceId}' ) );
      return $taken;`);

    expect(taken).toBe(false);
  });

  it('when many requests race for one post lock, then exactly one holds it', async () => {
    const racers = await Promise.all(
      Array.from({ length: 12 }, () => site.php<boolean>(`return ( new Interlinker\\Implement\\Post_Lock() )->acquire( ${sourceId} + 100000 );`)),
    );
    await site.php(`global $wpdb; return $wpdb->delete( $wpdb->options, array( 'option_name' => 'interlinker_lock_' . ( ${sourceId} + 100000 ) ) );`);

    expect(racers.filter(Boolean)).toHaveLength(1);
  });
});
