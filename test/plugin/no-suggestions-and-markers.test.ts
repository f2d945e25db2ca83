import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RestClient } from '../support/wordpress.js';
import { approvedSuggestionsFor, fullSync, type PluginSite, type Suggestion, startPluginSite } from './support/plugin-site.js';

interface BridgePage {
  url: string;
  statusCode: number;
  excluded: boolean;
}

interface NoSuggestionsPost {
  id: number;
  title: string;
  editLink: string;
  noSuggestions: boolean;
}

const TOPICS = ['Rye Sourdough', 'Spelt Flour', 'Proofing Basket'];

describe('the per-post "no suggestions" switch and the markers of inserted links', () => {
  let site: PluginSite;
  let author: RestClient;
  let anonymous: RestClient;
  const topicIds: Record<string, number> = {};
  let sourceId: number;

  beforeAll(async () => {
    site = await startPluginSite({ name: 'plugin-no-suggestions' });
    for (const title of TOPICS) {
      topicIds[title] = await site.createPost({ title, content: `<!-- wp:paragraph -->\n<p>${title} explained: ${title} is what this whole post is about.</p>\n<!-- /wp:paragraph -->` });
    }
    sourceId = await site.createPost({
      title: 'A Week of Baking',
      content: `<!-- wp:paragraph -->\n<p>On Monday the rye sourdough rose slowly. On Wednesday I milled spelt flour, and on Friday the dough rested in a proofing basket.</p>\n<!-- /wp:paragraph -->`,
    });
    await fullSync(site.admin);
    author = await site.wp.rest('author');
    anonymous = await site.wp.rest('anonymous');
  });

  afterAll(async () => {
    await site?.stop();
  });

  const permalink = (id: number) => site.php<string>(`return get_permalink( ${id} );`);
  const bridgePage = async (url: string): Promise<BridgePage | undefined> => {
    const pages = await site.bridgeApi<{ data: BridgePage[] }>(`/api/projects/${await site.projectId()}/pages?limit=100`);
    return pages.body.data.find((page) => page.url === url);
  };
  const suggestedTargets = async (postId: number) => {
    const listed = await site.admin.json<Suggestion[]>(`/interlinker/v1/suggestions?post_id=${postId}&generate=1&per_page=100`);
    return listed.body.map((s) => s.targetPostId);
  };

  it('when a link is inserted, then the stored content keeps its marker while the front end, the feed and REST content.rendered show the link without it', async () => {
    const approved = (await approvedSuggestionsFor(site.admin, sourceId)).filter((s) => s.targetPostId === topicIds['Spelt Flour']);
    expect(approved.length).toBe(1);
    const implemented = await site.admin.json<{ id: string; results: { succeeded: boolean }[] }>('/interlinker/v1/implement', {
      method: 'POST',
      body: { suggestionIds: approved.map((s) => s.id) },
    });
    expect(implemented.status).toBe(200);
    expect(implemented.body.results.every((r) => r.succeeded)).toBe(true);
    const target = await permalink(topicIds['Spelt Flour']!);

    const stored = await site.content(sourceId);
    expect(stored).toContain(`data-interlinker="${approved[0]!.id}"`);

    // A real front-end request, as a visitor's browser makes it.
    const page = await fetch(await permalink(sourceId));
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain(`href="${target}"`);
    expect(html).not.toContain('data-interlinker');

    const feed = await (await fetch(`${site.wp.url}/?feed=rss2`)).text();
    expect(feed).toContain('A Week of Baking');
    expect(feed).not.toContain('data-interlinker');

    const publicRest = await anonymous.json<{ content: { rendered: string } }>(`/wp/v2/posts/${sourceId}`);
    expect(publicRest.body.content.rendered).toContain(`href="${target}"`);
    expect(publicRest.body.content.rendered).not.toContain('data-interlinker');
    const editorRest = await site.admin.json<{ content: { raw: string } }>(`/wp/v2/posts/${sourceId}?context=edit`);
    expect(editorRest.body.content.raw).toContain('data-interlinker');

    // The link can be undone from the post's editor: the sidebar lists it with its implementation.
    const listed = await site.admin.json<{ implementationId: string; suggestionId: string; anchorText: string; href: string }[]>(`/interlinker/v1/posts/${sourceId}/inserted-links`);
    expect(listed.body).toEqual([
      expect.objectContaining({ implementationId: implemented.body.id, suggestionId: approved[0]!.id, anchorText: 'spelt flour', href: target }),
    ]);
    expect((await author.json(`/interlinker/v1/posts/${sourceId}/inserted-links`)).status).toBe(403);

    // Rollback still finds the link by its marker.
    const rolledBack = await site.admin.json<{ results: { outcome: string }[] }>('/interlinker/v1/rollback', {
      method: 'POST',
      body: { implementationId: implemented.body.id, reason: 'Checking the markers' },
    });
    expect(rolledBack.status).toBe(200);
    expect(rolledBack.body.results.map((r) => r.outcome)).toEqual(['restored_exactly']);
    expect(await site.content(sourceId)).not.toContain('<a ');
    expect((await site.admin.json(`/interlinker/v1/posts/${sourceId}/inserted-links`)).body).toEqual([]);
  });

  it('when the switch is set through the post meta in REST, then the bridge has the post as an excluded page that is neither given nor proposed as a link', async () => {
    const rye = topicIds['Rye Sourdough']!;
    const url = await permalink(rye);
    expect((await bridgePage(url))?.excluded).toBe(false);
    expect(await suggestedTargets(sourceId)).toContain(rye);

    const set = await site.admin.json<{ meta: Record<string, unknown> }>(`/wp/v2/posts/${rye}`, {
      method: 'POST',
      body: { meta: { _interlinker_no_suggestions: true } },
    });
    expect(set.status).toBe(200);
    expect(set.body.meta._interlinker_no_suggestions).toBe(true);
    await expect.poll(async () => (await bridgePage(url))?.excluded, { timeout: 30_000 }).toBe(true);
    expect((await bridgePage(url))?.statusCode).toBe(200);

    // As a target: generating for the source again does not propose it (the earlier suggestion is deleted first).
    for (const old of (await site.admin.json<Suggestion[]>(`/interlinker/v1/suggestions?post_id=${sourceId}&per_page=100`)).body) {
      if (old.targetPostId === rye) await site.admin.json(`/interlinker/v1/suggestions/${old.id}`, { method: 'DELETE' });
    }
    expect(await suggestedTargets(sourceId)).not.toContain(rye);
    // As a source: its own suggestions are refused.
    const own = await site.admin.json<{ code: string }>(`/interlinker/v1/suggestions?post_id=${rye}&generate=1`);
    expect(own.status).toBeGreaterThanOrEqual(400);

    const listed = await site.admin.json<NoSuggestionsPost[]>('/interlinker/v1/no-suggestions');
    expect(listed.status).toBe(200);
    expect(listed.body.map((post) => [post.id, post.title, post.noSuggestions])).toEqual([[rye, 'Rye Sourdough', true]]);
    expect(listed.body[0]!.editLink).toContain(`post=${rye}`);
  });

  it('when an author who cannot edit the post tries to switch it back, then the plugin refuses; the administrator can', async () => {
    const rye = topicIds['Rye Sourdough']!;
    const url = await permalink(rye);

    const refused = await author.json<{ code: string }>(`/interlinker/v1/no-suggestions/${rye}`, { method: 'POST', body: { noSuggestions: false } });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('interlinker_cannot_edit_post');
    const metaByAuthor = await author.json(`/wp/v2/posts/${rye}`, { method: 'POST', body: { meta: { _interlinker_no_suggestions: false } } });
    expect(metaByAuthor.status).toBe(403);
    expect(await site.php<boolean>(`return (bool) get_post_meta( ${rye}, '_interlinker_no_suggestions', true );`)).toBe(true);

    const removed = await site.admin.json<NoSuggestionsPost>(`/interlinker/v1/no-suggestions/${rye}`, { method: 'POST', body: { noSuggestions: false } });
    expect(removed.status).toBe(200);
    expect(removed.body.noSuggestions).toBe(false);
    await expect.poll(async () => (await bridgePage(url))?.excluded, { timeout: 30_000 }).toBe(false);
    expect((await site.admin.json<NoSuggestionsPost[]>('/interlinker/v1/no-suggestions')).body).toEqual([]);
    expect(await suggestedTargets(sourceId)).toContain(rye);
  });

  it('when a post that is not published yet is switched, then it is listed but nothing is sent to the bridge', async () => {
    const draft = await site.createPost({ title: 'Draft Loaf', content: '<p>Not yet.</p>', status: 'draft' });
    await site.php(`return update_post_meta( ${draft}, '_interlinker_no_suggestions', true );`);
    const listed = await site.admin.json<NoSuggestionsPost[]>('/interlinker/v1/no-suggestions');
    expect(listed.body.map((post) => post.id)).toEqual([draft]);
    const pages = await site.bridgeApi<{ data: BridgePage[] }>(`/api/projects/${await site.projectId()}/pages?limit=100`);
    expect(pages.body.data.some((page) => page.url.includes(`p=${draft}`) || page.url.includes('draft-loaf'))).toBe(false);
  });
});
