import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RestImplementAnswer, RestImplementationDetails, RestListedImplementation, RestRollbackAnswer } from '../../admin-ui/src/api/rest-types.js';
import { parseCsv } from '../support/csv.js';
import type { RestClient } from '../support/wordpress.js';
import { fullSync, type PluginSite, startPluginSite, type Suggestion } from './support/plugin-site.js';

const topics: Record<string, string> = {
  'Sourdough Starter': 'Feed the sourdough starter with flour and water every day; a lively sourdough starter doubles in a few hours.',
  'Bread Flour': 'Bread flour has more protein than cake flour, so bread flour builds stronger gluten for chewy loaves.',
  'Dough Hydration': 'Dough hydration is the weight of water over the weight of flour; high dough hydration gives an open crumb.',
};

/** Each topic named once, in its own paragraph: each link goes into its own place. */
const LOAF = [
  'Every Saturday I wake my sourdough starter before breakfast.',
  'Then I weigh out strong bread flour for the weekend loaf.',
  'Getting the dough hydration right took me months of sticky hands.',
]
  .map((text) => `<!-- wp:paragraph -->\n<p>${text}</p>\n<!-- /wp:paragraph -->`)
  .join('\n\n');

type Implemented = RestImplementAnswer & { code?: string; message?: string };
type BridgeImplementation = { data: { status: string; summary: { succeeded: number; failed: number; rolledBack?: number }; rollbackReason: string | null; results: { suggestionId: string; rolledBackAt?: string | null }[] } };

/** The content with the links of these suggestions unwrapped (their text stays). */
const withoutLinks = (content: string, ids: string[]) =>
  ids.reduce((text, id) => text.replace(new RegExp(`<a [^>]*data-interlinker="${id}"[^>]*>([\\s\\S]*?)</a>`, 'g'), '$1'), content);

describe('the review flow: insert straight from pending, undo one link or one post, and what was undone stays out', () => {
  let site: PluginSite;
  let titles = 0;

  beforeAll(async () => {
    site = await startPluginSite({ name: 'plugin-review-flow', throughProxy: true });
    for (const [title, body] of Object.entries(topics)) {
      await site.createPost({ title, content: `<!-- wp:paragraph -->\n<p>${body}</p>\n<!-- /wp:paragraph -->` });
    }
    await fullSync(site.admin);
    // A contributor: edit_posts, but not the right to edit published posts, their own or others'.
    await site.php(`$user = get_user_by( 'login', 'subscriber' ); $user->set_role( 'contributor' ); return true;`);
  });

  afterAll(async () => {
    await site?.stop();
  });

  /** A new published post with the loaf's text, synced, and its pending suggestions (generated for it). */
  async function sourceWithPending(author = 'admin'): Promise<{ postId: number; pending: Suggestion[] }> {
    titles += 1;
    const postId = await site.createPost({ title: `Weekend Loaf ${titles}`, content: LOAF, author });
    const synced = await site.admin.json('/interlinker/v1/sync', { method: 'POST', body: { postIds: [postId] } });
    expect(synced.status, JSON.stringify(synced.body)).toBe(200);
    const listed = await site.admin.json<Suggestion[]>(`/interlinker/v1/suggestions?post_id=${postId}&generate=1&per_page=100`);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    return { postId, pending: listed.body.filter((s) => s.status === 'pending') };
  }

  const implement = (ids: string[], client: RestClient = site.admin) =>
    client.json<Implemented>('/interlinker/v1/implement', { method: 'POST', body: { suggestionIds: ids } });
  const rollback = (body: { implementationId: string; suggestionIds?: string[]; postId?: number; reason?: string }, client: RestClient = site.admin) =>
    client.json<RestRollbackAnswer & { code?: string }>('/interlinker/v1/rollback', { method: 'POST', body });
  const statusOnBridge = async (id: string) =>
    (await site.bridgeApi<{ data: { status: string } }>(`/api/projects/${await site.projectId()}/suggestions/${id}`)).body.data.status;
  const onBridge = async (implementationId: string) =>
    (await site.bridgeApi<BridgeImplementation>(`/api/projects/${await site.projectId()}/implementations/${implementationId}`)).body.data;

  it('when pending suggestions are inserted without approving them first, then their links go in and they are implemented', async () => {
    const { postId, pending } = await sourceWithPending();
    expect(pending.length).toBeGreaterThan(1);
    const chosen = pending.slice(0, 2);

    const answer = await implement(chosen.map((s) => s.id));

    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.results.map((r) => r.succeeded)).toEqual([true, true]);
    const content = await site.content(postId);
    for (const suggestion of chosen) {
      expect(content).toContain(`data-interlinker="${suggestion.id}"`);
      expect(await statusOnBridge(suggestion.id)).toBe('implemented');
    }
  });

  it('when one link is undone, then only that link leaves the post, the other stays where it was, and the undone suggestion is rejected', async () => {
    const { postId, pending } = await sourceWithPending();
    const before = await site.content(postId);
    const [first, second] = pending as [Suggestion, Suggestion];
    const implemented = await implement([first.id, second.id]);
    expect(implemented.body.results.every((r) => r.succeeded)).toBe(true);
    const linked = await site.content(postId);

    const undone = await rollback({ implementationId: implemented.body.id, suggestionIds: [first.id] });

    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body.status).toBe('completed');
    expect(undone.body.results).toEqual([{ postId, outcome: 'restored_exactly', removedSuggestionIds: [first.id], missingSuggestionIds: [] }]);
    expect(await site.content(postId)).toBe(withoutLinks(linked, [first.id]));
    expect(await statusOnBridge(first.id)).toBe('rejected');
    expect(await statusOnBridge(second.id)).toBe('implemented');
    const recorded = await onBridge(implemented.body.id);
    expect(recorded.summary.rolledBack).toBe(1);
    expect(recorded.results.find((r) => r.suggestionId === first.id)?.rolledBackAt).toEqual(expect.any(String));
    const details = await site.admin.json<RestImplementationDetails>(`/interlinker/v1/implementations/${implemented.body.id}`);
    expect(details.body.posts).toEqual([
      expect.objectContaining({
        postId,
        links: [expect.objectContaining({ suggestionId: second.id })],
        undoneLinks: [expect.objectContaining({ suggestionId: first.id, anchorText: first.anchorText })],
      }),
    ]);

    // The other link's recorded place moved with the first one's removal: undoing it too restores the post exactly.
    const rest = await rollback({ implementationId: implemented.body.id, suggestionIds: [second.id] });

    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(rest.body.status).toBe('rolled_back');
    expect(rest.body.results).toEqual([expect.objectContaining({ postId, outcome: 'restored_exactly' })]);
    expect(await site.content(postId)).toBe(before);
  });

  it('when one link is rolled back through the bridge API directly, then the next sync of its post takes out that link alone', async () => {
    const { postId, pending } = await sourceWithPending();
    const [first, second] = pending as [Suggestion, Suggestion];
    const implemented = await implement([first.id, second.id]);
    const linked = await site.content(postId);
    const direct = await site.bridgeApi(`/api/projects/${await site.projectId()}/implementations/${implemented.body.id}/rollback`, {
      method: 'POST',
      body: { suggestionIds: [first.id] },
    });
    expect(direct.status, JSON.stringify(direct.body)).toBe(200);

    const synced = await site.admin.json<{ revertedImplementations: string[] }>('/interlinker/v1/sync', { method: 'POST', body: { postIds: [postId] } });

    expect(synced.body.revertedImplementations).toEqual([implemented.body.id]);
    expect(await site.content(postId)).toBe(withoutLinks(linked, [first.id]));
    const again = await site.admin.json<{ revertedImplementations: string[] }>('/interlinker/v1/sync', { method: 'POST', body: { postIds: [postId] } });
    expect(again.body.revertedImplementations).toEqual([]);
  });

  it('when one post’s links are undone, then that post is exactly as before and the other post of the implementation keeps its links', async () => {
    const a = await sourceWithPending();
    const b = await sourceWithPending();
    const beforeA = await site.content(a.postId);
    const implemented = await implement([...a.pending.slice(0, 2), ...b.pending.slice(0, 2)].map((s) => s.id));
    expect(implemented.body.results.every((r) => r.succeeded), JSON.stringify(implemented.body)).toBe(true);
    const linkedB = await site.content(b.postId);

    const undone = await rollback({ implementationId: implemented.body.id, postId: a.postId });

    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body.status).toBe('completed');
    expect(undone.body.results).toEqual([expect.objectContaining({ postId: a.postId, outcome: 'restored_exactly' })]);
    expect(await site.content(a.postId)).toBe(beforeA);
    expect(await site.content(b.postId)).toBe(linkedB);
    for (const suggestion of a.pending.slice(0, 2)) expect(await statusOnBridge(suggestion.id)).toBe('rejected');
    for (const suggestion of b.pending.slice(0, 2)) expect(await statusOnBridge(suggestion.id)).toBe('implemented');
    const again = await rollback({ implementationId: implemented.body.id, postId: a.postId });
    expect(again.status).toBe(409);
  });

  it('when a rolled-back batch is selected again and inserted, then nothing goes back in: its suggestions are rejected', async () => {
    const { postId, pending } = await sourceWithPending();
    const ids = pending.slice(0, 2).map((s) => s.id);
    const implemented = await implement(ids);
    expect(implemented.status).toBe(200);
    expect((await rollback({ implementationId: implemented.body.id })).status).toBe(200);
    const after = await site.content(postId);
    for (const id of ids) expect(await statusOnBridge(id)).toBe('rejected');
    const open = await site.admin.json<Suggestion[]>(`/interlinker/v1/suggestions?post_id=${postId}&status=pending,approved&per_page=100`);
    expect(open.body.map((s) => s.id).filter((id) => ids.includes(id))).toEqual([]);

    const again = await implement(ids);

    expect(again.status).toBe(409);
    expect(again.body.code).toBe('interlinker_conflict');
    expect(await site.content(postId)).toBe(after);
  });

  it('when a batch is rolled back without a reason, then the bridge keeps who undid it, and the list and the CSV still name its post and its undone links', async () => {
    const { postId, pending } = await sourceWithPending();
    const chosen = pending.slice(0, 2);
    const implemented = await implement(chosen.map((s) => s.id));
    expect(implemented.status).toBe(200);
    const title = await site.php<string>(`return get_the_title( ${postId} );`);

    const undone = await rollback({ implementationId: implemented.body.id });

    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body.rollbackReason).toBe('Undone in wp-admin by admin');
    expect((await onBridge(implemented.body.id)).rollbackReason).toBe('Undone in wp-admin by admin');
    const listed = await site.admin.json<RestListedImplementation[]>('/interlinker/v1/implementations?status=rolled_back&per_page=100');
    const item = listed.body.find((one) => one.id === implemented.body.id);
    expect(item?.posts).toEqual([expect.objectContaining({ postId, title })]);
    expect(item?.summary).toEqual({ succeeded: 2, failed: 0, rolledBack: 2 });
    const csv = parseCsv(new TextDecoder('utf-8', { ignoreBOM: true }).decode(await (await site.admin.fetch('/interlinker/v1/exports/implementations?status=rolled_back')).arrayBuffer()));
    const rows = csv.filter((row) => row[0] === implemented.body.id);
    expect(csv[0]?.slice(-2)).toEqual(['Link status', 'Undone at']);
    expect(rows.map((row) => [row[1], row[3], row[5], row[7]]).sort()).toEqual(chosen.map((s) => ['rolled_back', title, s.anchorText, 'undone']).sort());
  });

  it('when a contributor or an author inserts links into a post they may not edit, then it is refused before the bridge is written to, and the suggestion stays pending', async () => {
    const { postId, pending } = await sourceWithPending();
    const one = pending[0]!;
    const before = await site.content(postId);

    for (const role of ['subscriber', 'author'] as const) {
      const client = await site.wp.rest(role);
      const seen = site.proxy!.seen.length;

      const answer = await implement([one.id], client);

      expect(answer.status, `${role}: ${JSON.stringify(answer.body)}`).toBe(403);
      expect(site.proxy!.seen.slice(seen).filter((call) => !call.startsWith('GET '))).toEqual([]);
    }
    expect(await statusOnBridge(one.id)).toBe('pending');
    expect(await site.content(postId)).toBe(before);
  });

  it('when an author inserts links into their own post, then it works; undoing a link of the administrator’s post is refused before any bridge call', async () => {
    const own = await sourceWithPending('author');
    const theirs = await sourceWithPending();
    const author = await site.wp.rest('author');
    const implementedTheirs = await implement([theirs.pending[0]!.id]);
    const linkedTheirs = await site.content(theirs.postId);

    const answer = await implement([own.pending[0]!.id], author);
    const seen = site.proxy!.seen.length;
    const undo = await rollback({ implementationId: implementedTheirs.body.id, postId: theirs.postId }, author);
    // The rule reads the site's own records: a refused undo never reaches the bridge.
    expect(site.proxy!.seen.slice(seen)).toEqual([]);

    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.results[0]?.succeeded).toBe(true);
    expect(undo.status).toBe(403);
    expect(await site.content(theirs.postId)).toBe(linkedTheirs);
  });

  it('when a post filter finds nothing, then the answer says why: not eligible, not synced yet, or none found', async () => {
    const draft = await site.createPost({ title: 'Draft Loaf', content: LOAF, status: 'draft' });
    const quiet = await site.createPost({ title: 'Quiet Note', content: '<p>Nothing about baking at all.</p>' });
    await site.admin.json('/interlinker/v1/sync', { method: 'POST', body: { postIds: [quiet] } });
    const unsynced = await site.php<number>(`
      remove_action( 'shutdown', array( Interlinker\\Plugin::instance()->queue, 'run_at_shutdown' ) );
      return wp_insert_post( array( 'post_title' => 'Unsynced Loaf', 'post_content' => 'Nothing here.', 'post_status' => 'publish' ) );`);
    const stateOf = async (postId: number) => {
      const response = await site.admin.fetch(`/interlinker/v1/suggestions?post_id=${postId}`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual([]);
      return response.headers.get('X-Interlinker-Post-State');
    };

    // First: the deferred sync left waiting runs at the end of the next request.
    expect(await stateOf(unsynced)).toBe('not_synced');
    expect(await stateOf(draft)).toBe('not_eligible');
    expect(await stateOf(quiet)).toBe('none_found');
    const { postId } = await sourceWithPending();
    expect((await site.admin.fetch(`/interlinker/v1/suggestions?post_id=${postId}`)).headers.get('X-Interlinker-Post-State')).toBeNull();
  });
});
