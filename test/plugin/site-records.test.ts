import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RestImplementAnswer, RestImplementationDetails, RestListedImplementation } from '../../admin-ui/src/api/rest-types.js';
import type { RestClient } from '../support/wordpress.js';
import type { Role } from '../support/wp-site.js';
import { approvedSuggestionsFor, fullSync, type PluginSite, startPluginSite } from './support/plugin-site.js';

const topics: Record<string, string> = {
  'Sourdough Starter': 'Feed the sourdough starter with flour and water every day; a lively sourdough starter doubles in a few hours.',
  'Bread Flour': 'Bread flour has more protein than cake flour, so bread flour builds stronger gluten for chewy loaves.',
  'Dough Hydration': 'Dough hydration is the weight of water over the weight of flour; high dough hydration gives an open crumb.',
};

const loaf = (opening: string) =>
  `<!-- wp:paragraph -->\n<p>${opening} I wake my sourdough starter and weigh out strong bread flour. Getting the dough hydration right took months.</p>\n<!-- /wp:paragraph -->`;

describe('when the bridge cannot be reached, the implementation history comes from the site\'s own records', () => {
  let site: PluginSite;
  const clients = new Map<Role, RestClient>();
  let publicLoaf: number;
  let privateLoaf: number;
  let publicImplementation: RestImplementAnswer;
  let privateImplementation: RestImplementAnswer;
  let undoneId: string;

  beforeAll(async () => {
    site = await startPluginSite({ name: 'plugin-site-records' });
    for (const role of ['subscriber', 'author', 'editor'] as const) clients.set(role, await site.wp.rest(role));
    for (const [title, body] of Object.entries(topics)) {
      await site.createPost({ title, content: `<!-- wp:paragraph -->\n<p>${body}</p>\n<!-- /wp:paragraph -->` });
    }
    publicLoaf = await site.createPost({ title: 'Saturday Loaf', content: loaf('Every Saturday') });
    privateLoaf = await site.createPost({ title: 'Sunday Loaf', content: loaf('Every Sunday') });
    await fullSync(site.admin);
    const implement = async (postId: number) => {
      const ids = (await approvedSuggestionsFor(site.admin, postId)).map((s) => s.id);
      const answer = await site.admin.json<RestImplementAnswer>('/interlinker/v1/implement', { method: 'POST', body: { suggestionIds: ids } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.results.filter((r) => r.succeeded).length).toBeGreaterThan(1);
      return answer.body;
    };
    publicImplementation = await implement(publicLoaf);
    privateImplementation = await implement(privateLoaf);
    undoneId = publicImplementation.results.find((r) => r.succeeded)!.suggestionId;
    const undo = await site.admin.json('/interlinker/v1/rollback', { method: 'POST', body: { implementationId: publicImplementation.id, suggestionIds: [undoneId] } });
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    // The second post turns private after its links went in: an author may no longer read it.
    await site.php(`return wp_update_post( array( 'ID' => ${privateLoaf}, 'post_status' => 'private' ), true );`);
    await site.bridge.stop();
  });

  afterAll(async () => {
    await site?.stop();
  });

  const list = (client: RestClient, query = '') => client.json<RestListedImplementation[] & { code?: string }>(`/interlinker/v1/implementations${query}`);
  const details = (client: RestClient, id: string) => client.json<RestImplementationDetails & { code?: string }>(`/interlinker/v1/implementations/${id}`);
  const inserted = (answer: RestImplementAnswer) => answer.results.filter((r) => r.succeeded).map((r) => r.suggestionId).sort();

  it('when the bridge is down, then the list answers from post meta, marked as the site\'s records, newest first', async () => {
    const answer = await list(site.admin);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.headers.get('X-Interlinker-Source')).toBe('site-records');
    expect(answer.headers.get('X-WP-Total')).toBe('2');
    expect(answer.body.map((one) => one.id).sort()).toEqual([privateImplementation.id, publicImplementation.id].sort());
    const created = answer.body.map((one) => one.createdAt ?? '');
    expect(created).toEqual([...created].sort().reverse());
    const saturday = answer.body.find((one) => one.id === publicImplementation.id);
    expect(saturday!.status).toBe('completed');
    expect(saturday!.suggestionIds.sort()).toEqual(inserted(publicImplementation));
    expect(saturday!.summary).toEqual({ succeeded: inserted(publicImplementation).length, failed: 0, rolledBack: 1 });
    expect(saturday!.posts).toEqual([expect.objectContaining({ postId: publicLoaf, title: 'Saturday Loaf' })]);
  });

  it('when the bridge is down, then the list pages and filters by status', async () => {
    const first = await list(site.admin, '?per_page=1&page=1');
    const second = await list(site.admin, '?per_page=1&page=2');
    expect(first.headers.get('X-WP-TotalPages')).toBe('2');
    expect([...first.body, ...second.body].map((one) => one.id).sort()).toEqual([privateImplementation.id, publicImplementation.id].sort());
    expect((await list(site.admin, '?status=rolled_back')).body).toEqual([]);
    expect((await list(site.admin, '?status=completed')).body).toHaveLength(2);
  });

  it('when the bridge is down, then the details show the links still in the post and the one undone', async () => {
    const answer = await details(site.admin, publicImplementation.id);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.headers.get('X-Interlinker-Source')).toBe('site-records');
    expect(answer.body.suggestions).toEqual([]);
    const [post] = answer.body.posts;
    expect(post!.postId).toBe(publicLoaf);
    expect(post!.links.map((l) => l.suggestionId).sort()).toEqual(inserted(publicImplementation).filter((id) => id !== undoneId));
    expect(post!.undoneLinks.map((l) => l.suggestionId)).toEqual([undoneId]);
    const content = await site.content(publicLoaf);
    for (const link of post!.links) expect(content).toContain(`>${link.anchorText}</a>`);
    expect(answer.body.results.find((r) => r.suggestionId === undoneId)!.rolledBackAt).toBeTruthy();
    expect((await details(site.admin, 'impl_unknown')).status).toBe(404);
  });

  it('when the bridge is down, then each role sees only the posts it may read, as with the bridge', async () => {
    const author = clients.get('author')!;
    const authorList = await list(author);
    expect(authorList.status).toBe(200);
    expect(authorList.body.map((one) => one.id)).toEqual([publicImplementation.id]);
    expect((await details(author, privateImplementation.id)).status).toBe(404);
    expect((await details(author, publicImplementation.id)).body.posts[0]!.editLink).toBe('');
    const editorList = await list(clients.get('editor')!);
    expect(editorList.body.map((one) => one.id).sort()).toEqual([privateImplementation.id, publicImplementation.id].sort());
    expect((await details(clients.get('editor')!, privateImplementation.id)).body.posts[0]!.postId).toBe(privateLoaf);
    expect((await list(clients.get('subscriber')!)).status).toBe(403);
  });

  it('when the bridge is back, then the list comes from the bridge again', async () => {
    await site.bridge.start();
    const answer = await list(site.admin);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('X-Interlinker-Source')).toBeNull();
    expect(answer.body.map((one) => one.id)).toContain(publicImplementation.id);
  });
});
