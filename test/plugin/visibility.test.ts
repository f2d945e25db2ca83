import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../support/csv.js';
import type { RestClient } from '../support/wordpress.js';
import { approvedSuggestionsFor, fullSync, type PluginSite, type Suggestion, startPluginSite } from './support/plugin-site.js';

interface Listed extends Suggestion {
  sourcePageId: string;
  sourcePageUrl: string;
  sourceTitle: string;
}
interface WpError {
  code: string;
  data: { status: number };
}
interface BridgePage {
  data: { url: string; title: string; statusCode: number };
}

const EVERY_STATUS = 'status=pending,approved,rejected,implemented';
const SECRET_TITLE = 'Secret: layoffs planned for March';

describe('a post gone private, trashed or unpublished is seen only by those who may read it, whatever the bridge still holds', () => {
  let site: PluginSite;
  let contributor: RestClient;
  /** Source posts with approved suggestions; `word` is in their title only (`search` matches anchors and titles). */
  const sources = {
    private: { id: 0, word: 'weekend', content: '<p>Every Saturday I wake my sourdough starter and weigh out strong bread flour for the weekend loaf.</p>' },
    trashed: { id: 0, word: 'rye', content: '<p>My rye crumb needs a lively sourdough starter and some bread flour before it rests overnight.</p>' },
    draft: { id: 0, word: 'pizza', content: '<p>On Fridays the pizza dough gets sourdough starter and bread flour, then proofs in the cold.</p>' },
    deleted: { id: 0, word: 'bagel', content: '<p>Bagels boil best when the sourdough starter and the bread flour make a stiff dough.</p>' },
  };
  const approved: Record<keyof typeof sources, Listed[]> = { private: [], trashed: [], draft: [], deleted: [] };
  let implementationId = '';
  let publicId = 0;

  const list = (client: RestClient, query: string) => client.json<Listed[]>(`/interlinker/v1/suggestions?${EVERY_STATUS}&per_page=100&${query}`);
  const bridgePage = async (pageId: string) => (await site.bridgeApi<BridgePage>(`/api/projects/${await site.projectId()}/pages/${pageId}`)).body.data;
  /** The plugin sends a changed post to the bridge after its response (on shutdown): wait until the bridge has it gone. */
  const goneOnBridge = async (pageId: string) => {
    for (let tries = 0; tries < 100; tries++) {
      if ((await bridgePage(pageId)).statusCode === 410) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`page ${pageId} never went 410 on the bridge`);
  };

  beforeAll(async () => {
    site = await startPluginSite({ name: 'plugin-visibility' });
    // A contributor: edit_posts, neither edit_others_posts nor read_private_posts.
    await site.php(`$user = get_user_by( 'login', 'subscriber' ); $user->set_role( 'contributor' ); return true;`);
    contributor = await site.wp.rest('subscriber');
    await site.createPost({ title: 'Sourdough Starter', content: '<p>Feed the sourdough starter with flour and water every day; a lively sourdough starter doubles.</p>' });
    await site.createPost({ title: 'Bread Flour', content: '<p>Bread flour has more protein than cake flour, so bread flour builds gluten.</p>' });
    const titles = { private: 'Weekend Loaf', trashed: 'Rye Crumb Notes', draft: 'Pizza Dough Diary', deleted: 'Bagel Morning' };
    for (const key of Object.keys(sources) as (keyof typeof sources)[]) {
      sources[key].id = await site.createPost({ title: titles[key], content: sources[key].content });
    }
    // A post that stays public: its suggestions stay everyone's.
    publicId = await site.createPost({ title: 'Baguette Basics', content: '<p>A baguette wants strong bread flour and a spoon of sourdough starter for its crust.</p>' });
    await fullSync(site.admin);
    await approvedSuggestionsFor(site.admin, publicId);
    for (const key of Object.keys(sources) as (keyof typeof sources)[]) {
      await approvedSuggestionsFor(site.admin, sources[key].id);
      approved[key] = (await list(site.admin, `post_id=${sources[key].id}`)).body;
      expect(approved[key].length, key).toBeGreaterThan(0);
    }
    // One suggestion of the post that goes private is implemented, so its implementation has details to show.
    const implemented = await site.admin.json<{ id: string; status: string }>('/interlinker/v1/implement', {
      method: 'POST',
      body: { suggestionIds: [approved.private[0]!.id] },
    });
    expect(implemented.body.status).toBe('completed');
    implementationId = implemented.body.id;

    // The contributor saw these suggestions while the posts were public.
    const before = await list(contributor, `search=${sources.private.word}`);
    expect(before.body.length).toBeGreaterThan(0);

    // The administrator retitles the post and makes it private; another goes to the trash, another back to draft
    // under a new title; the last is deleted for good. Each through the REST API, as the editor does.
    await site.admin.json(`/wp/v2/posts/${sources.private.id}`, { method: 'POST', body: { title: SECRET_TITLE, status: 'private' } });
    await site.admin.json(`/wp/v2/posts/${sources.trashed.id}`, { method: 'DELETE' });
    await site.admin.json(`/wp/v2/posts/${sources.draft.id}`, { method: 'POST', body: { title: 'Secret: merger talks with Acme', status: 'draft' } });
    await site.admin.json(`/wp/v2/posts/${sources.deleted.id}?force=true`, { method: 'DELETE' });
    for (const key of ['private', 'trashed', 'draft', 'deleted'] as const) await goneOnBridge(approved[key][0]!.sourcePageId);
  }, 240_000);

  afterAll(async () => {
    await site?.stop();
  });

  it.each([
    ['layoffs', 'private'],
    ['merger', 'draft'],
  ])('when a contributor searches a word of the new title (%s) of a post made %s, then no row comes back and X-WP-Total is 0', async (word) => {
    const answer = await list(contributor, `search=${word}`);

    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([]);
    expect(answer.headers.get('X-WP-Total')).toBe('0');
    expect(answer.headers.get('X-WP-TotalPages')).toBe('0');
  });

  // The draft's title was replaced: the bridge never matched it on its public title afterwards.
  it.each(['private', 'trashed', 'deleted'] as const)(
    'when a contributor searches a word of the %s post\'s title as it was public, then neither rows nor totals show it',
    async (key) => {
      const answer = await list(contributor, `search=${sources[key].word}`);

      expect(answer.status).toBe(200);
      expect(answer.body, JSON.stringify(answer.body)).toEqual([]);
      expect(answer.headers.get('X-WP-Total')).toBe('0');
    },
  );

  it('when a contributor lists every suggestion, then only those of public posts come, and the total counts only those', async () => {
    const hidden = new Set(Object.values(approved).flatMap((rows) => rows.map((s) => s.id)));
    const asAdmin = await list(site.admin, '');

    const answer = await list(contributor, '');

    expect(answer.status).toBe(200);
    expect(answer.body.filter((s) => hidden.has(s.id))).toEqual([]);
    expect(answer.body.filter((s) => s.sourcePostId === publicId).length).toBeGreaterThan(0);
    expect(answer.body.every((s) => s.sourcePostId > 0 && s.targetPostId > 0)).toBe(true);
    expect(answer.headers.get('X-WP-Total')).toBe(String(answer.body.length));
    expect(answer.headers.get('X-Interlinker-Left-Out')).toBeNull();
    expect(JSON.stringify(answer.body)).not.toMatch(/layoffs|merger|Saturday|overnight|Fridays|Bagels/i);
    // The administrator may read the private post: its suggestions stay theirs, under its current title.
    const secret = asAdmin.body.filter((s) => s.sourcePostId === sources.private.id);
    expect(secret.length).toBeGreaterThan(0);
    expect(secret[0]!.sourceTitle).toContain(SECRET_TITLE);
  });

  it('when a contributor exports the suggestions as CSV, then the rows of those posts are not in it', async () => {
    const response = await contributor.fetch(`/interlinker/v1/exports/suggestions?${EVERY_STATUS}`);
    const text = await response.text();

    expect(response.status).toBe(200);
    const rows = parseCsv(text);
    expect(rows.length).toBeGreaterThan(1);
    expect(text).not.toMatch(/layoffs|merger|Saturday|overnight|Fridays|Bagels/i);
    for (const key of Object.keys(sources) as (keyof typeof sources)[]) {
      for (const suggestion of approved[key]) expect(text).not.toContain(suggestion.context);
    }
  });

  it('when a contributor opens the implementation of the post gone private, then its suggestions and sentences are left out', async () => {
    const asAdmin = await site.admin.json<{ suggestions: Listed[] }>(`/interlinker/v1/implementations/${implementationId}`);

    const details = await contributor.json<{ posts: unknown[]; suggestions: Listed[] }>(`/interlinker/v1/implementations/${implementationId}`);

    expect(asAdmin.body.suggestions.map((s) => s.sourcePostId)).toEqual([sources.private.id]);
    expect(details.status).toBe(200);
    expect(details.body.posts).toEqual([]);
    expect(details.body.suggestions).toEqual([]);
    expect(JSON.stringify(details.body)).not.toMatch(/layoffs|Saturday|Weekend Loaf/i);
  });

  it('when a post stops being public, then the bridge gets it gone without its new title, and never its content', async () => {
    for (const key of ['private', 'trashed', 'draft'] as const) {
      const page = await bridgePage(approved[key][0]!.sourcePageId);

      expect(page.statusCode, key).toBe(410);
      expect(page.title, key).not.toMatch(/secret|layoffs|merger/i);
    }
    const pages = await site.bridgeApi<{ data: { title: string }[] }>(`/api/projects/${await site.projectId()}/pages?limit=100`);
    expect(JSON.stringify(pages.body.data)).not.toMatch(/layoffs|merger/i);
  });

  it('when a contributor implements a suggestion whose source is no post of this site, then it is refused with 403, as approving it is, and nothing is recorded', async () => {
    const suggestion = approved.deleted[0]!;
    const projectId = await site.projectId();
    const implementations = async () =>
      (await site.bridgeApi<{ meta: { pagination: { total: number } } }>(`/api/projects/${projectId}/implementations?limit=1`)).body.meta.pagination.total;
    const onBridge = await implementations();
    const unreported = () => site.php<number>(`global $wpdb; return (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->options} WHERE option_name LIKE 'interlinker_unreported_%'" );`);
    const recordedBefore = await unreported();

    const approving = await contributor.json<WpError>(`/interlinker/v1/suggestions/${suggestion.id}`, { method: 'PATCH', body: { status: 'rejected' } });
    const answer = await contributor.json<WpError>('/interlinker/v1/implement', { method: 'POST', body: { suggestionIds: [suggestion.id] } });

    expect(approving.status).toBe(403);
    expect(answer.status, JSON.stringify(answer.body)).toBe(403);
    expect(answer.body.code).toBe('interlinker_forbidden');
    expect(await implementations()).toBe(onBridge);
    expect(await unreported()).toBe(recordedBefore);
    // An editor may: the rule is edit_others_posts, as for approving it.
    const asEditor = await (await site.wp.rest('editor')).json<{ status: string }>('/interlinker/v1/implement', {
      method: 'POST',
      body: { suggestionIds: [suggestion.id] },
    });
    expect(asEditor.status).toBe(200);
  });
});
