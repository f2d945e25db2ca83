import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullSync, type PluginSite, phpString, type SyncAnswer, startPluginSite } from './support/plugin-site.js';

interface BridgePage {
  url: string;
  title: string;
  statusCode: number;
}

const BATCH = 3;

describe('sync from WordPress to the bridge', () => {
  let site: PluginSite;

  beforeAll(async () => {
    site = await startPluginSite({
      name: 'plugin-sync',
      // Small batches, so that a handful of posts needs several calls.
      muPlugin: `add_filter( 'interlinker_sync_batch_size', static fn() => ${BATCH} );`,
    });
    for (let i = 1; i <= 7; i++) await site.createPost({ title: `Post ${i}`, content: `<p>Post number ${i} about bread.</p>` });
    await site.createPost({ title: 'About', content: '<p>About this site.</p>', type: 'page' });
    await site.createPost({ title: 'Draft', content: '<p>Not yet.</p>', status: 'draft' });
    await site.createPost({ title: 'Private', content: '<p>Mine.</p>', status: 'private' });
    await site.php(`return wp_insert_post( array( 'post_title' => 'Locked', 'post_content' => 'x', 'post_status' => 'publish', 'post_password' => 'secret' ) );`);
  });

  afterAll(async () => {
    await site?.stop();
  });

  const publishedCount = () =>
    site.php<number>(
      `return count( get_posts( array( 'post_type' => array( 'post', 'page' ), 'post_status' => 'publish', 'has_password' => false, 'posts_per_page' => -1, 'fields' => 'ids' ) ) );`,
    );

  const bridgePages = async (): Promise<BridgePage[]> => {
    const project = await site.projectId();
    const answer = await site.bridgeApi<{ data: BridgePage[] }>(`/api/projects/${project}/pages?limit=100`);
    return answer.body.data;
  };

  const bridgePage = async (url: string) => (await bridgePages()).find((page) => page.url === url);
  const permalink = (id: number) => site.php<string>(`return get_permalink( ${id} );`);

  it('when the full sync runs to the end, then its counts match the published posts and pages of the site', async () => {
    const expected = await publishedCount();
    const steps: SyncAnswer[] = [];
    let cursor: string | null = null;
    do {
      const answer: { status: number; body: SyncAnswer } = await site.admin.json<SyncAnswer>('/interlinker/v1/sync', {
        method: 'POST',
        body: cursor ? { cursor } : {},
      });
      expect(answer.status).toBe(200);
      steps.push(answer.body);
      cursor = answer.body.cursor;
    } while (!steps.at(-1)!.done);
    const last = steps.at(-1)!;

    expect(last).toMatchObject({ synced: expected, failed: 0, skipped: 0, total: expected, cursor: null });
    expect(steps.length).toBe(Math.floor(expected / BATCH) + 1);
    expect(steps.map((step) => step.synced)).toEqual([...steps.map((step) => step.synced)].sort((a, b) => a - b));
    const live = (await bridgePages()).filter((page) => page.statusCode === 200);
    expect(live).toHaveLength(expected);
  });

  it('when the cursor is not one the site returned, then the call is refused with interlinker_invalid_cursor', async () => {
    const answer = await site.admin.json<{ code: string; data: { status: number } }>('/interlinker/v1/sync', {
      method: 'POST',
      body: { cursor: 'not-a-cursor' },
    });

    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('interlinker_invalid_cursor');
  });

  it('when an editor updates a published post, then the bridge has the new title once the save has answered', async () => {
    const id = await site.createPost({ title: 'Rye Flour', content: '<p>Rye flour is heavy.</p>' });
    const editor = await site.wp.rest('editor');

    const saved = await editor.json(`/wp/v2/posts/${id}`, { method: 'POST', body: { title: 'Rye Flour, Explained' } });

    expect(saved.status).toBe(200);
    expect((await bridgePage(await permalink(id)))?.title).toBe('Rye Flour, Explained');
    expect((await site.admin.json<{ postIds: number[] }>('/interlinker/v1/sync/queue')).body.postIds).toEqual([]);
  });

  it('when a post is trashed, then the bridge marks its URL 410 so that links to it show as broken', async () => {
    const id = await site.createPost({ title: 'Spelt Flour', content: '<p>Spelt flour is old.</p>' });
    const url = await permalink(id);
    expect((await bridgePage(url))?.statusCode).toBe(200);

    const trashed = await site.admin.json(`/wp/v2/posts/${id}`, { method: 'DELETE' });

    expect(trashed.status).toBe(200);
    expect((await bridgePage(url))?.statusCode).toBe(410);
  });

  it('when a post is deleted for good, then the bridge marks its URL 410', async () => {
    const id = await site.createPost({ title: 'Emmer Flour', content: '<p>Emmer flour is older.</p>' });
    const url = await permalink(id);

    const deleted = await site.admin.json(`/wp/v2/posts/${id}?force=true`, { method: 'DELETE' });

    expect(deleted.status).toBe(200);
    expect((await bridgePage(url))?.statusCode).toBe(410);
  });

  it('when a published post is moved back to draft, then its URL becomes 410 on the bridge', async () => {
    const id = await site.createPost({ title: 'Oat Flour', content: '<p>Oat flour has no gluten.</p>' });
    const url = await permalink(id);

    await site.admin.json(`/wp/v2/posts/${id}`, { method: 'POST', body: { status: 'draft' } });

    expect((await bridgePage(url))?.statusCode).toBe(410);
  });

  /**
   * A target post, a post linking to it, and a post naming its title in prose (so that a suggestion to it is
   * certain), all synced; the target is suggested before anything is excluded.
   */
  const excludable = async (title: string, options: { category?: number } = {}) => {
    const target = await site.php<number>(
      `return wp_insert_post( wp_slash( array( 'post_title' => ${phpString(title)}, 'post_content' => ${phpString(`<p>${title} is milled from an old wheat; ${title} bakes dense.</p>`)}, 'post_status' => 'publish', 'post_category' => array( ${options.category ?? 1} ) ) ), true );`,
    );
    const url = await permalink(target);
    const linker = await site.createPost({ title: `Linking to ${title}`, content: `<p>Read <a href="${url}">my notes</a> first.</p>` });
    const namer = await site.createPost({ title: `Baking with ${title}`, content: `<p>This month I baked with ${title} every weekend.</p>` });
    await site.admin.json('/interlinker/v1/sync', { method: 'POST', body: { postIds: [target, linker, namer] } });
    expect((await suggestedTargets(namer)).includes(target)).toBe(true);
    return { target, url, namer };
  };
  const suggestedTargets = async (postId: number) =>
    (await site.admin.json<{ targetPostId: number }[]>(`/interlinker/v1/suggestions?post_id=${postId}&generate=1&per_page=100`)).body.map((s) => s.targetPostId);
  const brokenTargets = async () =>
    (await site.admin.json<{ targetUrl: string }[]>('/interlinker/v1/analytics/broken-links?per_page=100')).body.map((link) => link.targetUrl);
  const saveAsEditor = async (id: number) => (await site.wp.rest('editor')).json(`/wp/v2/posts/${id}`, { method: 'POST', body: { excerpt: 'Edited.' } });

  it('when a synced post is put in an excluded category, then it stays a live page on the bridge, links to it are not broken, and it is no suggestion target', async () => {
    const category = await site.php<number>(`return wp_insert_term( 'Ancient Grains', 'category' )['term_id'];`);
    const { target, url, namer } = await excludable('Einkorn Flour', { category });
    try {
      const saved = await site.admin.json('/interlinker/v1/settings', { method: 'POST', body: { excludedCategories: [category] } });
      const edited = await saveAsEditor(target);

      expect(saved.status).toBe(200);
      expect(edited.status).toBe(200);
      expect((await bridgePage(url))?.statusCode).toBe(200);
      expect(await brokenTargets()).not.toContain(url);
      expect(await suggestedTargets(namer)).not.toContain(target);
    } finally {
      await site.admin.json('/interlinker/v1/settings', { method: 'POST', body: { excludedCategories: [] } });
    }
  });

  it('when a synced post comes under an excluded path, then the bridge project excludes the path, and the post stays live there but is no suggestion target', async () => {
    const { target, url, namer } = await excludable('Kamut Flour');
    const path = new URL(url).pathname;
    try {
      const saved = await site.admin.json('/interlinker/v1/settings', { method: 'POST', body: { excludedPaths: [path] } });
      const onBridge = await site.bridgeApi<{ data: { excludePaths: string[] } }>(`/api/projects/${await site.projectId()}`);
      const edited = await saveAsEditor(target);

      expect(saved.status).toBe(200);
      expect(onBridge.body.data.excludePaths).toEqual([path]);
      expect(edited.status).toBe(200);
      expect((await bridgePage(url))?.statusCode).toBe(200);
      expect(await brokenTargets()).not.toContain(url);
      expect(await suggestedTargets(namer)).not.toContain(target);
    } finally {
      await site.admin.json('/interlinker/v1/settings', { method: 'POST', body: { excludedPaths: [] } });
    }
  });

  it('when a category is excluded, then the full sync leaves its posts out of the total', async () => {
    const before = (await fullSync(site.admin)).last.total;
    const category = await site.php<number>(`return wp_insert_term( 'Off Topic', 'category' )['term_id'];`);
    await site.php(`return wp_insert_post( array( 'post_title' => 'Off', 'post_content' => 'x', 'post_status' => 'publish', 'post_category' => array( ${category} ) ) );`);

    const saved = await site.admin.json('/interlinker/v1/settings', { method: 'POST', body: { excludedCategories: [category] } });
    const after = (await fullSync(site.admin)).last;

    expect(saved.status).toBe(200);
    expect(after.total).toBe(before);
    expect(after.total).toBe((await publishedCount()) - 1);
  });

  it('when posts are synced by id, then only those go and the answer says so', async () => {
    const id = await site.createPost({ title: 'Barley Flour', content: '<p>Barley.</p>' });

    const answer = await site.admin.json<SyncAnswer>('/interlinker/v1/sync', { method: 'POST', body: { postIds: [id] } });

    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ synced: 1, failed: 0, total: 1, done: true, cursor: null });
  });
});
