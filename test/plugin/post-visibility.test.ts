import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvedSuggestionsFor, fullSync, type PluginSite, startPluginSite } from './support/plugin-site.js';

interface Listed {
  id: string;
  sourcePostId: number;
  sourcePageUrl: string;
  sourceTitle: string;
  context: string;
}
interface BridgePage {
  url: string;
  title: string;
  statusCode: number;
}

const ALL_STATUSES = 'status=pending,approved,rejected,implemented';
const SECRET = 'Secret: layoffs planned for March';

/**
 * A post that stops being public (made private, moved back to draft, trashed) after the bridge made suggestions
 * from it: a contributor sees nothing of it — no row, no total, no search hit, no CSV line — and its new title never
 * reaches the bridge. The reviewer's requests, as they were made.
 */
describe('a post that is no longer public is invisible to those who may not read it (an author here: the stack has no contributor; both lack edit_others_posts)', () => {
  let site: PluginSite;
  const sources: Record<string, { id: number; url: string; sentence: string }> = {};

  beforeAll(async () => {
    site = await startPluginSite({ name: 'plugin-post-visibility' });
    await site.createPost({ title: 'Bread Flour', content: '<p>Bread flour has more protein than cake flour, so bread flour builds gluten.</p>' });
    await site.createPost({ title: 'Sourdough Starter', content: '<p>Feed the sourdough starter with flour and water every day; a lively sourdough starter doubles.</p>' });
    for (const state of ['private', 'draft', 'trash']) {
      const sentence = `The ${state} plan weighs out strong bread flour and wakes the sourdough starter on Fridays.`;
      const id = await site.createPost({ title: `Weekend plan (${state})`, content: `<p>${sentence}</p>` });
      sources[state] = { id, url: await site.php<string>(`return get_permalink( ${id} );`), sentence };
    }
    await fullSync(site.admin);
    for (const { id } of Object.values(sources)) await approvedSuggestionsFor(site.admin, id);
    // The administrator retitles each post and takes it out of public view in one save, as Quick Edit does.
    await site.php(`
      wp_update_post( array( 'ID' => ${sources.private!.id}, 'post_title' => ${JSON.stringify(SECRET)}, 'post_status' => 'private' ) );
      wp_update_post( array( 'ID' => ${sources.draft!.id}, 'post_title' => ${JSON.stringify(`${SECRET} (draft)`)}, 'post_status' => 'draft' ) );
      wp_update_post( array( 'ID' => ${sources.trash!.id}, 'post_title' => ${JSON.stringify(`${SECRET} (trash)`)} ) );
      return wp_trash_post( ${sources.trash!.id} ) instanceof WP_Post;`);
    // The saves' deferred sync ran at the end of that request: the bridge has the three URLs as gone.
    const project = await site.projectId();
    const pages = (await site.bridgeApi<{ data: BridgePage[] }>(`/api/projects/${project}/pages?limit=100`)).body.data;
    for (const { url } of Object.values(sources)) expect(pages.find((page) => page.url === url)?.statusCode).toBe(410);
  });

  afterAll(async () => {
    await site?.stop();
  });

  it('when an author searches for words of the secret title, then no row and no total answer', async () => {
    const author = await site.wp.rest('author');
    for (const search of ['layoffs', 'layoffz', 'Secret']) {
      const listed = await author.json<Listed[]>(`/interlinker/v1/suggestions?search=${search}&${ALL_STATUSES}`);
      expect(listed.status).toBe(200);
      expect(listed.body).toEqual([]);
      expect(listed.headers.get('X-WP-Total')).toBe('0');
    }
  });

  it('when an author lists every suggestion, then none comes from the posts that went private, draft or trash, and the total counts only what is shown', async () => {
    const author = await site.wp.rest('author');
    const admin = await site.admin.json<Listed[]>(`/interlinker/v1/suggestions?${ALL_STATUSES}&per_page=100`);
    const listed = await author.json<Listed[]>(`/interlinker/v1/suggestions?${ALL_STATUSES}&per_page=100`);

    // The administrator, who may read all three, still sees what was approved from them.
    for (const { id } of Object.values(sources)) expect(admin.body.some((row) => row.sourcePostId === id)).toBe(true);
    expect(listed.status).toBe(200);
    const text = JSON.stringify(listed.body);
    for (const { url, sentence } of Object.values(sources)) {
      expect(text).not.toContain(url);
      expect(text).not.toContain(sentence.slice(4, 30));
    }
    expect(listed.body.filter((row) => row.sourcePostId === 0)).toEqual([]);
    expect(text).not.toContain('layoffs');
    expect(listed.headers.get('X-WP-Total')).toBe(String(listed.body.length));
  });

  it('when an author downloads the suggestions, then the file has no line about those posts', async () => {
    const author = await site.wp.rest('author');
    const file = await author.fetch(`/interlinker/v1/exports/suggestions?${ALL_STATUSES}`);
    const raw = await file.text();

    expect(file.status).toBe(200);
    for (const { url, sentence } of Object.values(sources)) {
      expect(raw).not.toContain(url);
      expect(raw).not.toContain(sentence.slice(4, 30));
    }
    expect(raw).not.toContain('layoffs');
  });

  it('when the posts went out of public view, then the bridge never received their new titles', async () => {
    const project = await site.projectId();
    const pages = (await site.bridgeApi<{ data: BridgePage[] }>(`/api/projects/${project}/pages?limit=100`)).body.data;
    expect(JSON.stringify(pages)).not.toContain('layoffs');
  });

  it('when an author implements a suggestion from the private post, then it is refused before anything is recorded', async () => {
    const admin = await site.admin.json<Listed[]>(`/interlinker/v1/suggestions?${ALL_STATUSES}&per_page=100`);
    const fromPrivate = admin.body.find((row) => row.sourcePostId === sources.private!.id)!;
    expect(fromPrivate).toBeDefined();
    const project = await site.projectId();
    const implementations = async () =>
      (await site.bridgeApi<{ meta: { pagination: { total: number } } }>(`/api/projects/${project}/implementations`)).body.meta.pagination.total;
    const before = await implementations();

    const author = await site.wp.rest('author');
    const answer = await author.json<{ code: string; data: { status: number } }>('/interlinker/v1/implement', {
      method: 'POST',
      body: { suggestionIds: [fromPrivate.id] },
    });

    expect(answer.status).toBe(403);
    expect(await implementations()).toBe(before);
  });

  it('when the post is deleted for good, then a suggestion from it is shown only to those who may edit others\' posts', async () => {
    await site.php(`return (bool) wp_delete_post( ${sources.draft!.id}, true );`);
    const admin = await site.admin.json<Listed[]>(`/interlinker/v1/suggestions?${ALL_STATUSES}&per_page=100`);
    const author = await site.wp.rest('author');
    const listed = await author.json<Listed[]>(`/interlinker/v1/suggestions?${ALL_STATUSES}&per_page=100`);

    const fromDeleted = admin.body.find((row) => row.sourcePageUrl === sources.draft!.url && row.sourcePostId === 0);
    expect(fromDeleted).toBeDefined();
    expect(JSON.stringify(listed.body)).not.toContain(sources.draft!.url);

    // Implementing it needs what approving or rejecting it needs: edit_others_posts. Refused before anything is recorded.
    const project = await site.projectId();
    const implementations = async () =>
      (await site.bridgeApi<{ meta: { pagination: { total: number } } }>(`/api/projects/${project}/implementations`)).body.meta.pagination.total;
    const before = await implementations();
    const refused = await author.json<{ code: string }>('/interlinker/v1/implement', { method: 'POST', body: { suggestionIds: [fromDeleted!.id] } });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('interlinker_forbidden');
    expect(await implementations()).toBe(before);
  });
});
