import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RestSyncQueue } from '../../admin-ui/src/api/rest-types.js';
import { fullSync, type PluginSite, phpString, schemaMisfits, type Suggestion, type SyncAnswer, startPluginSite } from './support/plugin-site.js';

interface BridgePage {
  id: string;
  url: string;
  title: string;
  statusCode: number;
  excluded: boolean;
  publishedAt: string | null;
  modifiedAt: string | null;
}

interface WpError {
  code: string;
  message: string;
  data: { status: number };
}

const BATCH = 3;

describe('sync from WordPress to the bridge', () => {
  let site: PluginSite;
  let aboutId: number;
  let lockedId: number;

  beforeAll(async () => {
    site = await startPluginSite({
      name: 'plugin-sync',
      // Small batches, so that a handful of posts needs several calls; the link count's batch can be made small too.
      muPlugin: [
        `add_filter( 'interlinker_sync_batch_size', static fn() => ${BATCH} );`,
        `add_filter( 'interlinker_link_count_batch', static fn( $size ) => (int) get_option( 'interlinker_test_link_count_batch', $size ) );`,
      ].join('\n'),
    });
    for (let i = 1; i <= 7; i++) await site.createPost({ title: `Post ${i}`, content: `<p>Post number ${i} about bread.</p>` });
    aboutId = await site.createPost({ title: 'About', content: '<p>About this site.</p>', type: 'page' });
    await site.createPost({ title: 'Draft', content: '<p>Not yet.</p>', status: 'draft' });
    await site.createPost({ title: 'Private', content: '<p>Mine.</p>', status: 'private' });
    lockedId = await site.php<number>(
      `return wp_insert_post( array( 'post_title' => 'Locked', 'post_content' => '<p>Members only: the levain schedule.</p>', 'post_status' => 'publish', 'post_password' => 'secret' ) );`,
    );
  });

  afterAll(async () => {
    await site?.stop();
  });

  /** Published posts and pages, password-protected ones included: the full sync sends them all. */
  const publishedCount = () =>
    site.php<number>(`return count( get_posts( array( 'post_type' => array( 'post', 'page' ), 'post_status' => 'publish', 'posts_per_page' => -1, 'fields' => 'ids' ) ) );`);

  const bridgePages = async (): Promise<BridgePage[]> => {
    const project = await site.projectId();
    const answer = await site.bridgeApi<{ data: BridgePage[] }>(`/api/projects/${project}/pages?limit=100`);
    return answer.body.data;
  };

  const bridgePage = async (url: string) => (await bridgePages()).find((page) => page.url === url);
  const bridgeContent = async (url: string) => {
    const page = await bridgePage(url);
    const answer = await site.bridgeApi<{ data: { content: string } }>(`/api/projects/${await site.projectId()}/pages/${page?.id}`);
    return answer.body.data.content;
  };
  const permalink = (id: number) => site.php<string>(`return get_permalink( ${id} );`);

  it('when the full sync runs to the end, then its counts match the published posts and pages of the site, the password-protected one included', async () => {
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
    const locked = await permalink(lockedId);
    expect(live.filter((page) => page.excluded).map((page) => page.url)).toEqual([locked]);
    expect(await bridgeContent(locked)).toBe('');
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
    const queue = await site.admin.json<RestSyncQueue>('/interlinker/v1/sync/queue');
    expect(queue.body.postIds).toEqual([]);
    expect(await schemaMisfits(site.admin, '/interlinker/v1/sync/queue', queue)).toEqual([]);
  });

  it('when a post is synced, then the bridge has its publication and modification dates in UTC, as WordPress keeps them', async () => {
    const id = await site.php<number>(
      `return wp_insert_post( array( 'post_title' => 'Spring Loaf 2019', 'post_content' => '<p>The 2019 spring loaf.</p>', 'post_status' => 'publish', 'post_date' => '2019-04-02 10:15:00', 'post_date_gmt' => '2019-04-02 08:15:00' ) );`,
    );
    const dates = await site.php<{ published: string; modified: string }>(
      `$post = get_post( ${id} ); return array( 'published' => $post->post_date_gmt, 'modified' => $post->post_modified_gmt );`,
    );

    const page = await bridgePage(await permalink(id));

    expect(page?.publishedAt).toBe('2019-04-02T08:15:00.000Z');
    expect(dates.published).toBe('2019-04-02 08:15:00');
    expect(page?.modifiedAt).toBe(`${dates.modified.replace(' ', 'T')}.000Z`);
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
  const suggestionsFor = async (postId: number) =>
    (await site.admin.json<Suggestion[]>(`/interlinker/v1/suggestions?post_id=${postId}&generate=1&per_page=100`)).body;
  const suggestedTargets = async (postId: number) => (await suggestionsFor(postId)).map((s) => s.targetPostId);
  /**
   * Whether generating for the source proposes the target now: the suggestion made before an exclusion (which
   * the bridge keeps) is deleted first, so that only a fresh proposal can bring it back.
   */
  const proposedAfresh = async (source: number, target: number) => {
    for (const old of (await suggestionsFor(source)).filter((s) => s.targetPostId === target)) {
      await site.admin.json(`/interlinker/v1/suggestions/${old.id}`, { method: 'DELETE' });
    }
    return (await suggestedTargets(source)).includes(target);
  };
  const brokenTargets = async () =>
    (await site.admin.json<{ targetUrl: string }[]>('/interlinker/v1/analytics/broken-links?per_page=100')).body.map((link) => link.targetUrl);
  const orphanUrls = async () => (await site.admin.json<{ url: string }[]>('/interlinker/v1/analytics/orphans?per_page=100')).body.map((page) => page.url);
  const saveSettings = (body: Record<string, unknown>) =>
    site.admin.json<{ warnings?: string[] }>('/interlinker/v1/settings', { method: 'POST', body });
  /** Changes the excluded categories behind the plugin's back (as code or a migration would): nothing is re-sent. */
  const storeExcludedCategories = (ids: number[]) =>
    site.php(
      `$settings = get_option( Interlinker\\Settings\\Settings::OPTION_SETTINGS, array() ); $settings['excludedCategories'] = array( ${ids.join(', ')} ); return update_option( Interlinker\\Settings\\Settings::OPTION_SETTINGS, $settings, false );`,
    );
  const newCategory = (name: string) => site.php<number>(`return wp_insert_term( ${phpString(name)}, 'category' )['term_id'];`);
  const postInCategory = (title: string, content: string, category: number) =>
    site.php<number>(
      `return wp_insert_post( wp_slash( array( 'post_title' => ${phpString(title)}, 'post_content' => ${phpString(content)}, 'post_status' => 'publish', 'post_category' => array( ${category} ) ) ), true );`,
    );

  it('when a synced post is put in an excluded category, then the bridge has it at once as a live page marked excluded that is never proposed, until the category is let go', async () => {
    const category = await newCategory('Ancient Grains');
    const { target, url, namer } = await excludable('Einkorn Flour', { category });

    const saved = await saveSettings({ excludedCategories: [category] });
    const whileExcluded = await bridgePage(url);
    const brokenWhileExcluded = await brokenTargets();
    const proposedWhileExcluded = await proposedAfresh(namer, target);
    const restored = await saveSettings({ excludedCategories: [] });

    expect(saved.status).toBe(200);
    expect(saved.body.warnings).toBeUndefined();
    expect(whileExcluded).toMatchObject({ statusCode: 200, excluded: true });
    expect(brokenWhileExcluded).not.toContain(url);
    expect(proposedWhileExcluded).toBe(false);
    expect(restored.status).toBe(200);
    expect((await bridgePage(url))?.excluded).toBe(false);
    expect(await proposedAfresh(namer, target)).toBe(true);
  });

  it('when a synced post comes under an excluded path, then the project excludes the path, and the bridge has the post as a live page marked excluded that is never proposed, until the path is let go', async () => {
    const { target, url, namer } = await excludable('Kamut Flour');
    const path = new URL(url).pathname;

    const saved = await saveSettings({ excludedPaths: [path] });
    const onBridge = await site.bridgeApi<{ data: { excludePaths: string[] } }>(`/api/projects/${await site.projectId()}`);
    const whileExcluded = await bridgePage(url);
    const brokenWhileExcluded = await brokenTargets();
    const proposedWhileExcluded = await proposedAfresh(namer, target);
    const restored = await saveSettings({ excludedPaths: [] });

    expect(saved.status).toBe(200);
    expect(onBridge.body.data.excludePaths).toEqual([path]);
    expect(whileExcluded).toMatchObject({ statusCode: 200, excluded: true });
    expect(brokenWhileExcluded).not.toContain(url);
    expect(proposedWhileExcluded).toBe(false);
    expect(restored.status).toBe(200);
    expect((await bridgePage(url))?.excluded).toBe(false);
    expect(await proposedAfresh(namer, target)).toBe(true);
  });

  it('when a post is published in an excluded category, then the bridge gets it as a live page marked excluded, and its links count: the post it links to is no orphan', async () => {
    const category = await newCategory('Archive');
    const linked = await site.createPost({ title: 'Teff Flour', content: '<p>Teff is a tiny grain.</p>' });
    const linkedUrl = await permalink(linked);
    const orphanedBefore = await orphanUrls();
    await saveSettings({ excludedCategories: [category] });

    const archived = await postInCategory('Old Teff Notes', `<p>See <a href="${linkedUrl}">my teff notes</a>.</p>`, category);
    const page = await bridgePage(await permalink(archived));
    const orphanedAfter = await orphanUrls();
    await saveSettings({ excludedCategories: [] });

    expect(orphanedBefore).toContain(linkedUrl);
    expect(page).toMatchObject({ statusCode: 200, excluded: true });
    expect(orphanedAfter).not.toContain(linkedUrl);
  });

  it('when a suggested post gets a password, then the bridge keeps it as a live page marked excluded without its content, and an approved suggestion to it is refused with target_unavailable', async () => {
    const { target, url, namer } = await excludable('Durum Flour');
    const suggestion = (await suggestionsFor(namer)).find((s) => s.targetPostId === target)!;
    const approved = await site.admin.json(`/interlinker/v1/suggestions/${suggestion.id}`, { method: 'PATCH', body: { status: 'approved' } });
    const before = await site.content(namer);

    const locked = await (await site.wp.rest('editor')).json(`/wp/v2/posts/${target}`, { method: 'POST', body: { password: 'members' } });
    const page = await bridgePage(url);
    const content = await bridgeContent(url);
    const implemented = await site.admin.json<{ results: { suggestionId: string; succeeded: boolean; code?: string }[] }>('/interlinker/v1/implement', {
      method: 'POST',
      body: { suggestionIds: [suggestion.id] },
    });

    expect(approved.status).toBe(200);
    expect(locked.status).toBe(200);
    expect(page).toMatchObject({ statusCode: 200, excluded: true });
    expect(content).toBe('');
    expect(await brokenTargets()).not.toContain(url);
    expect(implemented.status).toBe(200);
    expect(implemented.body.results).toEqual([expect.objectContaining({ suggestionId: suggestion.id, succeeded: false, code: 'target_unavailable' })]);
    expect(await site.content(namer)).toBe(before);
  });

  it('when suggestions are asked for an excluded post, then the plugin refuses with interlinker_post_not_eligible, and the bridge itself refuses that source', async () => {
    const url = await permalink(lockedId);

    const asked = await site.admin.json<WpError>(`/interlinker/v1/suggestions?post_id=${lockedId}&generate=1`);
    const direct = await site.bridgeApi<{ error: { code: string } }>(`/api/projects/${await site.projectId()}/suggestions`, {
      method: 'POST',
      body: { sourcePageUrl: url },
    });

    expect(asked.status).toBe(400);
    expect(asked.body.code).toBe('interlinker_post_not_eligible');
    expect(asked.body.message).toMatch(/without a password, outside excluded categories and paths/);
    expect(direct.status).toBe(400);
    expect(direct.body.error.code).toBe('validation_error');
  });

  it('when the bridge still holds as excluded a post the site no longer excludes, then generating for it syncs it first and succeeds', async () => {
    const category = await newCategory('Seasonal');
    const id = await postInCategory('Spring Loaf', '<p>A spring loaf with fresh herbs.</p>', category);
    const url = await permalink(id);
    await saveSettings({ excludedCategories: [category] });
    const heldExcluded = (await bridgePage(url))?.excluded;
    await storeExcludedCategories([]);

    const asked = await site.admin.json(`/interlinker/v1/suggestions?post_id=${id}&generate=1`);

    expect(heldExcluded).toBe(true);
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect((await bridgePage(url))?.excluded).toBe(false);
  });

  it('when a post type is no longer chosen, then the bridge keeps its posts as live pages marked excluded, and as ordinary pages once it is chosen again', async () => {
    const url = await permalink(aboutId);

    const narrowed = await saveSettings({ postTypes: ['post'] });
    const whileNotChosen = await bridgePage(url);
    const widened = await saveSettings({ postTypes: ['post', 'page'] });

    expect(narrowed.status).toBe(200);
    expect(whileNotChosen).toMatchObject({ statusCode: 200, excluded: true });
    expect(widened.status).toBe(200);
    expect((await bridgePage(url))?.excluded).toBe(false);
  });

  it('when a category is excluded, then the full sync still sends its posts, marked excluded, and counts them in the total', async () => {
    const before = (await fullSync(site.admin)).last.total;
    const category = await newCategory('Off Topic');
    const off = await postInCategory('Off', '<p>Something else.</p>', category);
    await storeExcludedCategories([category]);

    const after = (await fullSync(site.admin)).last;
    const page = await bridgePage(await permalink(off));
    await storeExcludedCategories([]);

    expect(after.total).toBe(before + 1);
    expect(after.total).toBe(await publishedCount());
    expect(page).toMatchObject({ statusCode: 200, excluded: true });
  });

  it('when posts are synced by id, then only those go and the answer says so', async () => {
    const id = await site.createPost({ title: 'Barley Flour', content: '<p>Barley.</p>' });

    const answer = await site.admin.json<SyncAnswer>('/interlinker/v1/sync', { method: 'POST', body: { postIds: [id] } });

    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ synced: 1, failed: 0, total: 1, done: true, cursor: null });
  });

  it('when a new site syncs all content through the REST route, then every post is counted by the end, one bounded count batch per call, and the sync is done only then', async () => {
    const countBatch = 2;
    const aboutUrl = await permalink(aboutId);
    const linking = await site.createPost({ title: 'Links to About', content: `<p>Read <a href="${aboutUrl}">about us</a> and <a href="https://example.org/">elsewhere</a>.</p>` });
    // As on a site where the plugin was just installed: no post counted, no count run begun.
    await site.php(
      `delete_option( 'interlinker_link_count_run' ); delete_post_meta_by_key( '_interlinker_link_counts' ); update_option( 'interlinker_test_link_count_batch', ${countBatch} ); return true;`,
    );
    const uncounted = () =>
      site.php<number[]>(
        `return array_map( 'intval', get_posts( array( 'post_type' => array( 'post', 'page' ), 'post_status' => 'publish', 'posts_per_page' => -1, 'fields' => 'ids', 'meta_key' => '_interlinker_link_counts', 'meta_compare' => 'NOT EXISTS' ) ) );`,
      );
    expect((await uncounted()).length).toBeGreaterThan(2 * countBatch);

    const steps: SyncAnswer[] = [];
    let cursor: string | null = null;
    let heldOnce = false;
    try {
      do {
        const previous = steps.at(-1);
        // Once the content is all sent, a call while another batch holds the count (the background one) counts nothing.
        if (!heldOnce && previous && previous.synced + previous.failed + previous.skipped === previous.total && !previous.done) {
          await site.php(`return add_option( 'interlinker_link_count_lock', time(), '', false );`);
          const held = await site.admin.json<SyncAnswer>('/interlinker/v1/sync', { method: 'POST', body: { cursor } });
          await site.php(`return delete_option( 'interlinker_link_count_lock' );`);
          expect(held.status).toBe(200);
          expect(held.body).toMatchObject({ done: false, synced: previous.synced, linkCounts: previous.linkCounts });
          expect(held.body.cursor).toBeTruthy();
          heldOnce = true;
        }
        const answer: { status: number; body: SyncAnswer } = await site.admin.json<SyncAnswer>('/interlinker/v1/sync', {
          method: 'POST',
          body: cursor ? { cursor } : {},
        });
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        expect(await schemaMisfits(site.admin, '/interlinker/v1/sync', answer)).toEqual([]);
        steps.push(answer.body);
        cursor = answer.body.cursor;
        expect(steps.length).toBeLessThan(50);
      } while (!steps.at(-1)!.done);
    } finally {
      await site.php(`delete_option( 'interlinker_test_link_count_batch' ); delete_option( 'interlinker_link_count_lock' ); return true;`);
    }
    const last = steps.at(-1)!;
    const counted = steps.map((step) => step.linkCounts!.counted);
    const total = last.linkCounts!.total;

    expect(heldOnce).toBe(true);
    // Each call counted one batch at most: the count grew by at most the batch size, from the first call on.
    expect(counted[0]).toBe(countBatch);
    counted.forEach((value, index) => expect(value - (counted[index - 1] ?? 0)).toBeLessThanOrEqual(countBatch));
    expect(counted).toEqual(Array.from({ length: steps.length }, (_, index) => Math.min(total, (index + 1) * countBatch)));
    // The calls after the content was sent only counted, and the last one is done with the count complete.
    expect(steps.length).toBeGreaterThan(Math.floor(last.total / BATCH) + 1);
    expect(steps.slice(0, -1).every((step) => !step.done && step.cursor !== null)).toBe(true);
    expect(steps.filter((step) => !step.linkCounts!.complete).every((step) => !step.done)).toBe(true);
    expect(last).toMatchObject({ done: true, cursor: null, synced: await publishedCount(), failed: 0, linkCounts: { counted: total, total, complete: true } });
    // What All Posts shows: every published post has its counts, the links of the new one among them.
    expect(await uncounted()).toEqual([]);
    expect(await site.php(`return get_post_meta( ${linking}, '_interlinker_link_counts', true );`)).toEqual({ inbound: 0, internal: 1, external: 1 });
    expect((await site.php<{ inbound: number }>(`return get_post_meta( ${aboutId}, '_interlinker_link_counts', true );`)).inbound).toBe(1);

    // Once complete, a later full sync counts nothing again and ends with its content.
    const again = await fullSync(site.admin);
    expect(again.calls).toBe(Math.floor(again.last.total / BATCH) + 1);
    expect(again.last.linkCounts).toEqual({ counted: total, total, complete: true });
  });
});
