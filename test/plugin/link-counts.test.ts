/**
 * Link counts per post on a real WordPress: counted from post content (internal, external, in-page and mail links
 * told apart), kept current on save, trash and restore, sorted in All Posts through a real wp-admin page, listed by
 * GET /link-counts as each role may read, and exported as CSV.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RestLinkCount, RestLinkCountProgress } from '../../admin-ui/src/api/rest-types.js';
import { defused, parseCsv } from '../support/csv.js';
import { logIn } from '../support/wp-rest.js';
import { phpString, type PluginSite, schemaMisfits, startPluginSite } from './support/plugin-site.js';

interface Counts {
  inbound: number;
  internal: number;
  external: number;
}

/** A title a spreadsheet would run as a formula (no quotes: WordPress would curl them in titles). */
const HOSTILE_TITLE = '=SUM(1+1)*cmd, an orphan';

describe('link counts per post in a real WordPress', () => {
  let site: PluginSite;
  const ids = {} as Record<'target' | 'relative' | 'orphan' | 'hub' | 'draft' | 'private' | 'authorDraft' | 'authorPost', number>;

  const counts = (id: number) => site.php<Counts | ''>(`return get_post_meta( ${id}, '_interlinker_link_counts', true );`);
  const relative = async (id: number) => {
    const url = new URL(await site.php<string>(`return get_permalink( ${id} );`));
    return url.pathname + url.search;
  };
  const update = (id: number, content: string) =>
    site.php(`return wp_update_post( wp_slash( array( 'ID' => ${id}, 'post_content' => ${phpString(content)} ) ), true );`);
  /** Runs the full count to the end, one bounded batch per request, as Link health does. */
  const countAll = async () => {
    const steps: RestLinkCountProgress[] = [];
    for (let call = 0; call < 50; call++) {
      const answer = await site.admin.json<RestLinkCountProgress>('/interlinker/v1/link-counts/progress', { method: 'POST' });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      steps.push(answer.body);
      if (answer.body.complete) return steps;
    }
    throw new Error('the count never completed');
  };
  const list = (as: 'administrator' | 'editor' | 'author' | 'subscriber', query = '') =>
    site.wp.rest(as).then((client) => client.json<RestLinkCount[]>(`/interlinker/v1/link-counts?per_page=100${query}`));

  beforeAll(async () => {
    site = await startPluginSite({
      name: 'plugin-link-counts',
      configure: 'none',
      // Small batches, so that a site of a few posts still needs several of them.
      muPlugin: `add_filter( 'interlinker_link_count_batch', static fn() => 3 );`,
    });
    // WordPress's sample post and pages would be counted too: the test's site holds its own posts only.
    await site.php(`foreach ( get_posts( array( 'post_type' => 'any', 'post_status' => 'any', 'numberposts' => -1, 'fields' => 'ids' ) ) as $id ) { wp_delete_post( $id, true ); } return true;`);
    ids.target = await site.createPost({ title: 'Proofing Basket', content: '<p>A basket for proofing.</p>' });
    ids.relative = await site.createPost({ title: 'Bench Scraper', content: '<p>A scraper.</p>' });
    ids.orphan = await site.createPost({ title: HOSTILE_TITLE, content: '<p>Nobody links here.</p>' });
    const targetUrl = await site.php<string>(`return get_permalink( ${ids.target} );`);
    ids.hub = await site.createPost({
      title: 'Baking Tools Hub',
      content: [
        `<p>Use a <a href="${targetUrl}">proofing basket</a> and a <a href="${await relative(ids.relative)}">bench scraper</a>.</p>`,
        `<p>Again: <a href="${targetUrl}#care">basket care</a>. Also <a href="https://example.org/flour">a mill</a>.</p>`,
        '<p><a href="#top">Top</a>, <a href="mailto:baker@example.org">mail</a>, <a href="tel:+123">call</a>, <a>no href</a>.</p>',
      ].join('\n'),
    });
    await update(ids.target, `<p>Back to the <a href="${await relative(ids.hub)}">hub</a>; see <a href="https://example.org/a">A</a> and <a href="//cdn.example.net/b">B</a>.</p>`);
    // Links from posts that are not published do not count as inbound links.
    ids.draft = await site.createPost({ title: 'Draft About Scrapers', status: 'draft', content: `<p><a href="${await relative(ids.relative)}">scraper</a></p>` });
    ids.private = await site.createPost({ title: 'Private Notes', status: 'private', content: `<p><a href="${await relative(ids.orphan)}">orphan</a></p>` });
    ids.authorDraft = await site.createPost({ title: 'Author Draft', status: 'draft', author: 'author', content: '<p>Mine.</p>' });
    ids.authorPost = await site.createPost({ title: 'Author Published', author: 'author', content: '<p>Published by the author.</p>' });
  });

  afterAll(async () => {
    await site?.stop();
  });

  it('when posts are saved, then each one’s inbound, internal and external links are counted from its content', async () => {
    // Anchors within the page, mailto:, tel: and links without an address are no links to a page.
    expect(await counts(ids.hub)).toEqual({ inbound: 1, internal: 3, external: 1 });
    expect(await counts(ids.target)).toEqual({ inbound: 2, internal: 1, external: 2 });
    // The draft's link to the scraper does not count; the hub's does.
    expect(await counts(ids.relative)).toEqual({ inbound: 1, internal: 0, external: 0 });
    // The private post's link does not count either.
    expect(await counts(ids.orphan)).toEqual({ inbound: 0, internal: 0, external: 0 });
    expect(await counts(ids.draft)).toEqual({ inbound: 0, internal: 1, external: 0 });
  });

  it('when the full count runs, then it goes in bounded batches and ends with the same numbers', async () => {
    await site.php(`delete_option( 'interlinker_link_count_run' ); return true;`);
    const before = await site.admin.json<RestLinkCountProgress>('/interlinker/v1/link-counts/progress');
    expect(before.body).toMatchObject({ counted: 0, complete: false });
    // While another batch holds the count (the background one), a request waits its turn instead of counting too.
    await site.php(`return add_option( 'interlinker_link_count_lock', time(), '', false );`);
    const held = await site.admin.json<RestLinkCountProgress>('/interlinker/v1/link-counts/progress', { method: 'POST' });
    expect(held.body).toMatchObject({ counted: 0, complete: false });
    // A lock left by a batch that died long ago is taken over.
    await site.php(`return update_option( 'interlinker_link_count_lock', time() - 600, false );`);

    const steps = await countAll();
    expect(await site.php<boolean>(`return false === get_option( 'interlinker_link_count_lock' );`)).toBe(true);

    const total = steps.at(-1)!.total;
    expect(total).toBe(Object.keys(ids).length);
    // Three posts a batch: every step but the last counted three more.
    expect(steps.map((step) => step.counted)).toEqual([...Array.from({ length: Math.ceil(total / 3) }, (_, index) => Math.min(total, (index + 1) * 3))]);
    expect(await counts(ids.hub)).toEqual({ inbound: 1, internal: 3, external: 1 });
    expect(await counts(ids.target)).toEqual({ inbound: 2, internal: 1, external: 2 });
    expect(await counts(ids.relative)).toEqual({ inbound: 1, internal: 0, external: 0 });
  });

  it('when a post is edited, trashed and restored, then the counts of the posts it links to follow', async () => {
    // The hub no longer links to the scraper: the scraper loses its only inbound link.
    const hubContent = await site.content(ids.hub);
    await update(ids.hub, hubContent.replace(/<a href="[^"]*">bench scraper<\/a>/, 'bench scraper'));
    expect(await counts(ids.relative)).toMatchObject({ inbound: 0 });
    expect(await counts(ids.hub)).toMatchObject({ internal: 2 });

    // Trashed, the basket's link to the hub stops counting; restored, it counts again.
    await site.php(`return (bool) wp_trash_post( ${ids.target} );`);
    expect(await counts(ids.hub)).toMatchObject({ inbound: 0 });
    expect(await counts(ids.target)).toBe('');
    await site.php(`return (bool) wp_untrash_post( ${ids.target} ) && wp_publish_post( ${ids.target} ) === null;`);
    expect(await counts(ids.hub)).toMatchObject({ inbound: 1 });
    expect(await counts(ids.target)).toMatchObject({ inbound: 2 });
  });

  it('when All Posts is sorted by a count, then wp-admin orders by it, posts without counts as 0 and none left out', async () => {
    // One post loses its counts, as a post not counted yet has none.
    await site.php(`foreach ( Interlinker\\Links\\Link_Counts::meta_keys() as $key ) { delete_post_meta( ${ids.authorPost}, $key ); } return true;`);
    const cookie = await logIn(site.wp.url, site.wp.users.administrator);
    const rowsOf = async (query: string) => {
      const response = await fetch(`${site.wp.url}/wp-admin/edit.php?post_type=post&${query}`, { headers: { Cookie: cookie } });
      expect(response.status).toBe(200);
      const html = await response.text();
      return { html, ids: [...html.matchAll(/<tr id="post-(\d+)"/g)].map((match) => Number(match[1])) };
    };

    const descending = await rowsOf('orderby=interlinker_inbound&order=desc');
    const ascending = await rowsOf('orderby=interlinker_inbound&order=asc');
    const unsorted = await rowsOf('');

    expect(descending.html).toContain('Inbound links');
    expect(descending.html).toContain('Internal links');
    expect(descending.html).toContain('External links');
    // Sortable: the column headers link to the sort.
    expect(descending.html).toMatch(/orderby=interlinker_inbound/);
    expect(descending.ids[0]).toBe(ids.target);
    expect(descending.ids[1]).toBe(ids.hub);
    expect(new Set(descending.ids)).toEqual(new Set(unsorted.ids));
    expect(ascending.ids).toContain(ids.authorPost);
    expect(ascending.ids.at(-1)).toBe(ids.target);
    // The basket's inbound number leads to the posts that link to it, in Link health.
    expect(descending.html).toMatch(new RegExp(`page=interlinker-health&(#038;|amp;)links_to=${ids.target}"`));
    // Not counted yet: a dash, not a 0 that would be wrong.
    const authorRow = descending.html.slice(descending.html.indexOf(`<tr id="post-${ids.authorPost}"`));
    expect(authorRow.slice(0, authorRow.indexOf('</tr>'))).toContain('Not counted yet');

    const byExternal = await rowsOf('orderby=interlinker_external&order=desc');
    expect(byExternal.ids[0]).toBe(ids.target);
    await countAll();
  });

  it('when the report is asked for, then each role sees only the posts it may read, with totals, search, sort and filters', async () => {
    await site.php(`delete_option( 'interlinker_link_count_run' ); return true;`);
    await countAll();
    const admin = await list('administrator');
    const editor = await list('editor');
    const author = await list('author');
    const subscriber = await list('subscriber');

    expect(admin.status).toBe(200);
    expect(await schemaMisfits(site.admin, '/interlinker/v1/link-counts', admin)).toEqual([]);
    const titles = (rows: RestLinkCount[]) => rows.map((row) => row.title);
    expect(titles(admin.body)).toEqual(expect.arrayContaining(['Private Notes', 'Draft About Scrapers', 'Author Draft']));
    expect(titles(editor.body)).toEqual(expect.arrayContaining(['Private Notes', 'Draft About Scrapers', 'Author Draft']));
    // An author reads published posts and their own drafts: not the administrator's private post or draft.
    expect(titles(author.body)).toContain('Author Draft');
    expect(titles(author.body)).toContain('Baking Tools Hub');
    expect(titles(author.body)).not.toContain('Private Notes');
    expect(titles(author.body)).not.toContain('Draft About Scrapers');
    expect(author.body.find((row) => row.title === 'Baking Tools Hub')?.editLink).toBe('');
    expect(subscriber.status).toBe(403);
    expect((subscriber.body as unknown as { code: string }).code).toBe('interlinker_forbidden');

    const hub = admin.body.find((row) => row.postId === ids.hub)!;
    expect(hub).toMatchObject({ inbound: 1, internal: 2, external: 1, counted: true, status: 'publish' });

    const paged = await site.admin.json<RestLinkCount[]>('/interlinker/v1/link-counts?per_page=2&page=2&orderby=title&order=asc');
    expect(paged.headers.get('X-WP-Total')).toBe(String(admin.body.length));
    expect(paged.headers.get('X-WP-TotalPages')).toBe(String(Math.ceil(admin.body.length / 2)));
    const byTitle = await list('administrator', '&orderby=title&order=asc');
    expect(titles(paged.body)).toEqual(titles(byTitle.body).slice(2, 4));
    expect(titles(byTitle.body).indexOf('Author Draft')).toBeLessThan(titles(byTitle.body).indexOf('Proofing Basket'));

    const searched = await list('administrator', '&search=scraper');
    expect(titles(searched.body).sort()).toEqual(['Bench Scraper', 'Draft About Scrapers']);

    const byInbound = await list('administrator', '&orderby=inbound&order=desc');
    expect(byInbound.body[0]!.postId).toBe(ids.target);

    // Orphans: published posts no other published post links to (the private post's link does not count).
    const orphans = await list('administrator', '&filter=orphans');
    expect(titles(orphans.body)).toContain(HOSTILE_TITLE);
    expect(titles(orphans.body)).toContain('Bench Scraper');
    expect(titles(orphans.body)).not.toContain('Baking Tools Hub');
    expect(titles(orphans.body)).not.toContain('Author Draft');

    const linkingToBasket = await list('administrator', `&links_to=${ids.target}`);
    expect(titles(linkingToBasket.body)).toEqual(['Baking Tools Hub']);
    const fromHub = await list('administrator', `&links_from=${ids.hub}`);
    expect(titles(fromHub.body)).toEqual(['Proofing Basket']);
    // Which posts link to a post the author may not read is not told.
    const aboutPrivate = await list('author', `&links_to=${ids.private}`);
    expect(aboutPrivate.status).toBe(404);
  });

  it('when the report is exported, then the CSV has its rows, filters applied and formulas defused', async () => {
    const response = await site.admin.fetch('/interlinker/v1/exports/link-counts?filter=orphans&orderby=title');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toContain('text/csv');
    expect(response.headers.get('Content-Disposition')).toMatch(/interlinker-orphans-\d{4}-\d{2}-\d{2}\.csv/);
    const rows = parseCsv(await response.text());
    expect(rows[0]).toEqual(['Title', 'URL', 'Post type', 'Status', 'Inbound links', 'Internal links', 'External links', 'Edit link']);
    const orphan = rows.find((row) => row[0] === defused(HOSTILE_TITLE));
    expect(orphan, JSON.stringify(rows)).toBeDefined();
    expect(orphan!.slice(2, 7)).toEqual(['post', 'publish', '0', '0', '0']);
    expect(rows.some((row) => row[0] === 'Baking Tools Hub')).toBe(false);
    expect(response.headers.get('X-Interlinker-Export-Rows')).toBe(String(rows.length - 1));

    const everything = await site.admin.fetch('/interlinker/v1/exports/link-counts?search=Hub');
    expect(everything.headers.get('Content-Disposition')).toMatch(/interlinker-link-counts-\d{4}-\d{2}-\d{2}\.csv/);
    expect(parseCsv(await everything.text()).map((row) => row[0])).toEqual(['Title', 'Baking Tools Hub']);

    const subscriber = await (await site.wp.rest('subscriber')).fetch('/interlinker/v1/exports/link-counts');
    expect(subscriber.status).toBe(403);
  });
});
