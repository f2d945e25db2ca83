import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defused, parseCsv } from '../support/csv.js';
import type { RestClient } from '../support/wordpress.js';
import { approvedSuggestionsFor, fullSync, type PluginSite, reopenSuggestionsOf, startPluginSite } from './support/plugin-site.js';

interface Listed {
  sourceTitle: string;
  sourcePageUrl: string;
  targetTitle: string;
  targetPageUrl: string;
  anchorText: string;
  context: string;
  relevanceScore: number;
  status: string;
  createdAt: string;
}
interface BrokenLink {
  sourcePageUrl: string;
  sourceEditLink: string;
  anchorText: string;
  targetUrl: string;
  statusCode: number;
}
interface Orphan {
  title: string;
  url: string;
  editLink: string;
}
interface Details {
  id: string;
  status: string;
  createdAt: string;
  posts: { postId: number; title: string; links: { anchorText: string; href: string }[] }[];
}
interface Download {
  status: number;
  headers: Headers;
  raw: string;
  header: string[];
  rows: string[][];
}

/** A title a spreadsheet would run as a formula, with a comma, quotes and a line break in it. */
const HOSTILE_TITLE = '=HYPERLINK("http://evil.example/?a=1","Weekend, loaf")\nsecond line';
/** Link text that would run a command in an old spreadsheet, in a post whose link target is then trashed. */
const HOSTILE_ANCHOR = '@SUM(1+1)*cmd|" /C calc"!A0, then more';
const FILLERS = 101;
const FORMULA_START = /^[=+\-@\t\r]/;

describe('CSV exports of suggestions, implementations, broken links and orphans', () => {
  let site: PluginSite;
  let sourceId: number;
  let flourId: number;
  let today: string;

  beforeAll(async () => {
    site = await startPluginSite({
      name: 'plugin-exports',
      throughProxy: true,
      muPlugin: `
        add_filter( 'interlinker_export_max_rows', static fn( $max ) => (int) get_option( 'interlinker_test_export_max', $max ) );
        add_filter( 'interlinker_user_hourly_bridge_calls', static fn( $calls ) => (int) get_option( 'interlinker_test_user_calls', $calls ) );`,
    });
    await site.createPost({ title: 'Sourdough Starter', content: '<p>Feed the sourdough starter with flour and water every day; a lively sourdough starter doubles.</p>' });
    flourId = await site.createPost({ title: 'Bread Flour', content: '<p>Bread flour has more protein than cake flour, so bread flour builds gluten.</p>' });
    sourceId = await site.createPost({
      title: HOSTILE_TITLE,
      content: '<p>Every Saturday I wake my sourdough starter, weigh out strong bread flour and say "hello, loaf" to the weekend loaf.</p>',
    });
    const spelt = await site.createPost({ title: 'Spelt Flour', content: '<p>Spelt flour is an old wheat.</p>' });
    const speltUrl = await site.php<string>(`return get_permalink( ${spelt} );`);
    await site.createPost({ title: 'Grain Notes', content: `<p>Notes on grains: <a href="${speltUrl}">${HOSTILE_ANCHOR.replace(/"/g, '&quot;')}</a> and rye.</p>` });
    // Filler pages no page links to, enough for two pages of orphans (created without the deferred sync; the full sync sends them).
    await site.php(`
      remove_action( 'shutdown', array( Interlinker\\Plugin::instance()->queue, 'run_at_shutdown' ) );
      for ( $i = 1; $i <= ${FILLERS}; $i++ ) {
        wp_insert_post( array( 'post_title' => 'Filler ' . $i, 'post_content' => '<p>Filler page ' . $i . ' of nothing in particular.</p>', 'post_status' => 'publish' ) );
      }
      return true;`);
    await fullSync(site.admin);
    // Trashed after the sync: the bridge marks Spelt Flour 410, so the link in Grain Notes is broken.
    const trashed = await site.admin.json(`/wp/v2/posts/${spelt}`, { method: 'DELETE' });
    expect(trashed.status).toBe(200);
    await approvedSuggestionsFor(site.admin, sourceId);
    today = await site.php<string>(`return wp_date( 'Y-m-d' );`);
  });

  afterAll(async () => {
    await site?.stop();
  });

  async function download(client: RestClient, route: string): Promise<Download> {
    const response = await client.fetch(`/interlinker/v1/exports/${route}`);
    const raw = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
    if (response.status !== 200) return { status: response.status, headers: response.headers, raw, header: [], rows: [] };
    const [header = [], ...rows] = parseCsv(raw);
    return { status: response.status, headers: response.headers, raw, header, rows };
  }

  /** Every item of a list route, page after page, as the admin UI would read it. */
  async function everyItem<T>(client: RestClient, route: string): Promise<T[]> {
    const items: T[] = [];
    for (let page = 1; page < 100; page++) {
      const answer = await client.json<T[]>(`${route}${route.includes('?') ? '&' : '?'}per_page=100&page=${page}`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      items.push(...answer.body);
      if (page >= Number(answer.headers.get('X-WP-TotalPages'))) break;
    }
    return items;
  }

  const suggestionRow = (s: Listed) =>
    [s.sourceTitle, s.sourcePageUrl, s.targetTitle, s.targetPageUrl, s.anchorText, s.context, String(s.relevanceScore), s.status, s.createdAt].map(defused);

  /** The bridge calls since `from` (a length of the proxy's log) whose line matches. */
  const bridgeCallsSince = (from: number, path: RegExp) => site.proxy!.seen.slice(from).filter((line) => path.test(line));

  it('when the administrator downloads the suggestions, then the answer is a UTF-8 CSV file with a BOM, CRLF lines and an attachment name with the date', async () => {
    const file = await download(site.admin, 'suggestions?status=approved');

    expect(file.status, file.raw).toBe(200);
    expect(file.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(file.headers.get('Content-Disposition')).toBe(`attachment; filename="interlinker-suggestions-${today}.csv"`);
    expect(file.raw.startsWith('\uFEFF')).toBe(true);
    expect(file.raw.endsWith('\r\n')).toBe(true);
    expect(file.header).toEqual(['Source title', 'Source URL', 'Target title', 'Target URL', 'Anchor text', 'Context', 'Relevance score', 'Status', 'Created']);
    expect(file.rows.length).toBeGreaterThan(0);
    expect(file.headers.get('X-Interlinker-Export-Rows')).toBe(String(file.rows.length));
    expect(file.headers.get('X-Interlinker-Export-Cut')).toBeNull();
  });

  it('when a title begins with = and holds a comma, quotes and a line break, then its cell reads back exactly, behind a single quote that keeps spreadsheets from running it', async () => {
    const listed = await everyItem<Listed>(site.admin, `/interlinker/v1/suggestions?post_id=${sourceId}`);
    const file = await download(site.admin, `suggestions?post_id=${sourceId}`);

    const title = listed[0]!.sourceTitle;
    expect(title.startsWith('=HYPERLINK(')).toBe(true);
    expect(title).toContain(',');
    expect(title).toContain('\n');
    expect(file.rows.map((row) => row[0])).toEqual(listed.map(() => `'${title}`));
    expect(file.raw).toContain(`"'=HYPERLINK(`);
    for (const line of file.raw.split('\r\n')) expect(line).not.toMatch(/^[=+\-@]/);
    for (const cell of file.rows.flat()) expect(cell).not.toMatch(FORMULA_START);
  });

  it.each([
    ['every status', ''],
    ['approved only, by relevance, lowest first', 'status=approved&orderby=relevanceScore&order=asc'],
    ['a search', 'search=sourdough'],
    ['one source post, two statuses', 'post_id={source}&status=pending,approved'],
  ])('when the suggestions are downloaded with %s, then the file holds exactly what the list shows with those filters, in its order', async (_name, filters) => {
    const query = filters.replace('{source}', String(sourceId));
    const listed = await everyItem<Listed>(site.admin, `/interlinker/v1/suggestions${query === '' ? '' : `?${query}`}`);

    const file = await download(site.admin, `suggestions${query === '' ? '' : `?${query}`}`);

    expect(file.status, file.raw).toBe(200);
    expect(listed.length).toBeGreaterThan(0);
    expect(file.rows).toEqual(listed.map(suggestionRow));
  });

  it('when the filters are wrong, then the export refuses them as the list does', async () => {
    const file = await download(site.admin, 'suggestions?status=nonsense');

    expect(file.status).toBe(400);
    expect(JSON.parse(file.raw).code).toBe('rest_invalid_param');
  });

  it('when links were implemented, then the implementations file has one row per link with the post and the target, as the details show them', async () => {
    const approved = await approvedSuggestionsFor(site.admin, sourceId);
    const implemented = await site.admin.json<{ id: string; status: string }>('/interlinker/v1/implement', {
      method: 'POST',
      body: { suggestionIds: approved.map((s) => s.id) },
    });
    expect(implemented.body.status).toBe('completed');
    const details = await site.admin.json<Details>(`/interlinker/v1/implementations/${implemented.body.id}`);
    const permalink = await site.php<string>(`return get_permalink( ${sourceId} );`);

    const file = await download(site.admin, 'implementations');

    expect(file.status, file.raw).toBe(200);
    expect(file.headers.get('Content-Disposition')).toBe(`attachment; filename="interlinker-implementations-${today}.csv"`);
    expect(file.header).toEqual(['Implementation ID', 'Status', 'Created', 'Post title', 'Post URL', 'Anchor text', 'Target URL', 'Link status', 'Undone at']);
    const expected = details.body.posts.flatMap((post) =>
      post.links.map((link) => [details.body.id, 'completed', details.body.createdAt, post.title, permalink, link.anchorText, link.href, 'inserted', ''].map(defused)),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(file.rows.filter((row) => row[0] === implemented.body.id)).toEqual(expected);
  });

  it('when an implementation was rolled back, then its rows keep its post and links, marked undone, and a status filter keeps only its status', async () => {
    const completed = await site.admin.json<{ id: string }[]>('/interlinker/v1/implementations?status=completed');
    const id = completed.body[0]!.id;
    const before = await download(site.admin, 'implementations');
    const undone = await site.admin.json('/interlinker/v1/rollback', { method: 'POST', body: { implementationId: id, reason: 'for the export test' } });
    expect(undone.status).toBe(200);

    const every = await download(site.admin, 'implementations');
    const rolledBack = await download(site.admin, 'implementations?status=rolled_back');
    const none = await download(site.admin, 'implementations?status=completed');

    const inserted = before.rows.filter((row) => row[0] === id);
    expect(inserted.length).toBeGreaterThan(0);
    expect(every.rows.filter((row) => row[0] === id)).toEqual(
      inserted.map((row) => [id, 'rolled_back', ...row.slice(2, 7), 'undone', expect.stringMatching(/^\d{4}-\d\d-\d\dT/)]),
    );
    expect([...new Set(rolledBack.rows.map((row) => row[0]))]).toEqual([id]);
    expect(none.rows).toEqual([]);
    expect(none.header).toHaveLength(9);
    // Undone suggestions are rejected; a later test inserts this post's links again, as an editor may after moving them back.
    await reopenSuggestionsOf(site, id);
  });

  it('when a link leads to a trashed post, then the broken-links file lists it as Link health does, its formula-like link text defused', async () => {
    const listed = await everyItem<BrokenLink>(site.admin, '/interlinker/v1/analytics/broken-links');

    const file = await download(site.admin, 'broken-links');

    expect(file.status, file.raw).toBe(200);
    expect(file.headers.get('Content-Disposition')).toBe(`attachment; filename="interlinker-broken-links-${today}.csv"`);
    expect(file.header).toEqual(['Source URL', 'Source edit link', 'Link text', 'Target URL', 'HTTP status']);
    expect(file.rows).toEqual(listed.map((l) => [l.sourcePageUrl, l.sourceEditLink, l.anchorText, l.targetUrl, String(l.statusCode)].map(defused)));
    expect(file.rows.some((row) => row[2]!.startsWith("'@SUM(1+1)"))).toBe(true);
  });

  it('when there are more orphans than one page holds, then the file reads them page by page (100 per bridge call) and holds every one', async () => {
    const listed = await everyItem<Orphan>(site.admin, '/interlinker/v1/analytics/orphans');
    const from = site.proxy!.seen.length;

    const file = await download(site.admin, 'orphans');

    expect(listed.length).toBeGreaterThan(FILLERS);
    expect(file.header).toEqual(['Title', 'URL', 'Edit link']);
    expect(file.rows).toEqual(listed.map((o) => [o.title, o.url, o.editLink].map(defused)));
    expect(bridgeCallsSince(from, /\/analytics\/orphans/)).toEqual([
      expect.stringMatching(/limit=100&offset=0$/),
      expect.stringMatching(/limit=100&offset=100$/),
    ]);
    expect(file.rows.some((row) => row[0]!.startsWith("'=HYPERLINK("))).toBe(true);
  });

  it('when a list has more rows than the cap, then the file stops at the cap, says so in its last line and in X-Interlinker-Export-Cut, and reads no page past it', async () => {
    await site.php(`return update_option( 'interlinker_test_export_max', 60 );`);
    const from = site.proxy!.seen.length;
    try {
      const file = await download(site.admin, 'orphans');

      expect(file.status, file.raw).toBe(200);
      expect(file.headers.get('X-Interlinker-Export-Cut')).toBe('cap');
      expect(file.headers.get('X-Interlinker-Export-Rows')).toBe('60');
      expect(file.rows).toHaveLength(61);
      expect(file.rows[60]![0]).toMatch(/^# Cut short at 60 rows, the most one export holds \(\d+ entries in the list\)/);
      expect(bridgeCallsSince(from, /\/analytics\/orphans/)).toHaveLength(1);
    } finally {
      await site.php(`return delete_option( 'interlinker_test_export_max' );`);
    }
  });

  it('when an author downloads, then suggestions about a private post of someone else are left out, title and all', async () => {
    const flourUrl = await site.php<string>(`return get_permalink( ${flourId} );`);
    await site.php(`
      remove_action( 'shutdown', array( Interlinker\\Plugin::instance()->queue, 'run_at_shutdown' ) );
      return wp_update_post( array( 'ID' => ${flourId}, 'post_status' => 'private' ) );`);
    const author = await site.wp.rest('author');
    const asAdmin = await download(site.admin, 'suggestions');

    const asAuthor = await download(author, 'suggestions');

    expect(asAdmin.rows.some((row) => row[3] === flourUrl)).toBe(true);
    expect(asAuthor.status, asAuthor.raw).toBe(200);
    expect(asAuthor.rows).toEqual(asAdmin.rows.filter((row) => row[3] !== flourUrl));
    expect(asAuthor.raw).not.toContain('Bread Flour');
  });

  it('when an author downloads implementations of a private post of someone else, then the post and its links are left out', async () => {
    const approved = await approvedSuggestionsFor(site.admin, sourceId);
    const linkable = approved.filter((s) => s.targetPostId !== flourId);
    const implemented = await site.admin.json<{ id: string; status: string }>('/interlinker/v1/implement', { method: 'POST', body: { suggestionIds: linkable.map((s) => s.id) } });
    expect(implemented.body.status).toBe('completed');
    await site.php(`
      remove_action( 'shutdown', array( Interlinker\\Plugin::instance()->queue, 'run_at_shutdown' ) );
      return wp_update_post( array( 'ID' => ${sourceId}, 'post_status' => 'private' ) );`);
    const author = await site.wp.rest('author');

    const file = await download(author, 'implementations');

    expect(file.status, file.raw).toBe(200);
    expect(file.rows.filter((row) => row[0] === implemented.body.id)).toEqual([[implemented.body.id, 'completed', expect.any(String), '', '', '', '', '', '']]);
    expect(file.raw).not.toContain('HYPERLINK');
  });

  it('when an author’s hourly budget runs out during a download, then each page counted, the file ends where it stopped and says why; with none left, 429', async () => {
    const authorId = await site.php<number>(`return get_user_by( 'login', 'author' )->ID;`);
    const author = await site.wp.rest('author');
    await site.php(`update_option( 'interlinker_test_user_calls', 1 ); return delete_option( 'interlinker_throttle_${authorId}' );`);
    try {
      const cut = await download(author, 'orphans');
      const refused = await download(author, 'orphans');

      expect(cut.status, cut.raw).toBe(200);
      expect(cut.headers.get('X-Interlinker-Export-Cut')).toBe('budget');
      expect(cut.rows).toHaveLength(101);
      expect(cut.rows[100]![0]).toMatch(/^# Cut short after 100 rows \(\d+ entries in the list\): your hourly budget/);
      expect(refused.status).toBe(429);
      expect(JSON.parse(refused.raw)).toMatchObject({ code: 'interlinker_rate_limited', data: { scope: 'user' } });
    } finally {
      await site.php(`delete_option( 'interlinker_test_user_calls' ); return delete_option( 'interlinker_throttle_${authorId}' );`);
    }
  });

  it.each(['suggestions', 'implementations', 'broken-links', 'orphans'])('when /exports/%s is called without edit_posts, then 401 logged out and 403 for a subscriber, as its list', async (what) => {
    const anonymous = await download(await site.wp.rest('anonymous'), what);
    const subscriber = await download(await site.wp.rest('subscriber'), what);

    expect(anonymous.status).toBe(401);
    expect(subscriber.status).toBe(403);
    expect(JSON.parse(subscriber.raw).code).toBe('interlinker_forbidden');
  });
});
