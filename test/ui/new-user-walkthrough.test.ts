/**
 * A new user's first hour, as issue #25 asks it to go, on a blog of 150 posts with default settings and no demo
 * shortcut: activate the plugin, connect it, sync, see suggestions appear for most posts without asking post by post,
 * insert three links from the Pending view in at most 3 clicks, insert two from the editor sidebar, undo one link
 * alone, read a post's link counts in All Posts. Every screen is photographed at 1366 and 390 px
 * (test-results/screenshots/walkthrough-*), and the Suggestions screen's timings are written to
 * test-results/walkthrough-timings.json: reported, not asserted (timings are benchmarks, not tests).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PluginSite, phpString, startPluginSite } from '../plugin/support/plugin-site.js';
import { BLOG_POSTS } from '../support/blog-site-posts.js';
import { type BrowserSession, logInAs, openBrowser, SCREENSHOT_DIR, screenshot } from './support/browser.js';
import { screenUrl } from './support/baking-site.js';

const WIDE = { width: 1366, height: 900 };
const NARROW = { width: 390, height: 844 };

interface Listed {
  id: string;
  status: string;
  sourcePostId: number;
  targetPostId: number;
  anchorText: string;
  targetTitle: string;
}

interface ImplementationRow {
  id: string;
  status: string;
  suggestionIds: string[];
}

/** The block editor's stores, as the editor reads them. */
interface EditorWindow {
  wp: { data: { dispatch: (store: string) => Record<string, (...args: unknown[]) => unknown> } };
}

/** Clicks, counted: the review flow promises few of them. */
function clickCounter(): { click: (target: Locator) => Promise<void>; count: () => number } {
  let clicks = 0;
  return {
    async click(target) {
      clicks += 1;
      await target.click();
    },
    count: () => clicks,
  };
}

/** Screenshots of the current screen at both widths, the wide one last so the walk goes on as it was. */
async function photograph(page: Page, name: string): Promise<void> {
  await page.setViewportSize(NARROW);
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at 390 px`).toBeLessThanOrEqual(NARROW.width);
  await screenshot(page, `walkthrough-${name}-390`);
  await page.setViewportSize(WIDE);
  await page.waitForTimeout(300);
  await screenshot(page, `walkthrough-${name}-1366`);
}

describe('a new user on a blog of 150 posts, from activation to inserted and undone links, in Chromium', () => {
  let site: PluginSite;
  let session: BrowserSession;
  let page: Page;
  const postIds = new Map<string, number>();
  const timings: Record<string, number> = {};
  let reviewedPost: { id: number; title: string };
  let editedPost: { id: number; title: string };

  beforeAll(async () => {
    // The plugin's defaults: no score filter, nothing configured.
    site = await startPluginSite({ name: 'ui-new-user', configure: 'none', minRelevanceScore: null });
    // Written as a blog is: the posts come first, Interlinker is installed later.
    await site.php(`deactivate_plugins( 'interlinker/interlinker.php' ); return true;`);
    const created = await site.php<Record<string, number>>(
      `$ids = array();
       $admin = get_user_by( 'login', 'admin' );
       foreach ( json_decode( ${phpString(JSON.stringify(BLOG_POSTS))}, true ) as $index => $post ) {
         $ids[ $post['slug'] ] = wp_insert_post( wp_slash( array( 'post_title' => $post['title'], 'post_name' => $post['slug'], 'post_content' => $post['content'], 'post_status' => 'publish', 'post_author' => $admin->ID, 'post_date' => gmdate( 'Y-m-d H:i:s', time() - ( 150 - $index ) * DAY_IN_SECONDS ) ) ), true );
       }
       return $ids;`,
    );
    for (const post of BLOG_POSTS) postIds.set(post.title, created[post.slug]!);
    session = await openBrowser();
    page = session.page;
    await page.setViewportSize(WIDE);
    await logInAs(page, site.wp.url, site.wp.adminUser, site.wp.adminPassword);
  }, 600_000);

  afterAll(async () => {
    mkdirSync(path.dirname(SCREENSHOT_DIR), { recursive: true });
    writeFileSync(path.join(SCREENSHOT_DIR, '..', 'walkthrough-timings.json'), `${JSON.stringify(timings, null, 2)}\n`);
    await session?.close();
    await site?.stop();
  });

  it('when the plugin is activated, then Plugins leads to its settings and the setup steps say what comes first', async () => {
    await page.goto(`${site.wp.url}/wp-admin/plugins.php`);
    await page.locator('tr[data-slug="interlinker"]').getByRole('link', { name: /^Activate/ }).click();
    await expect.poll(() => page.locator('tr[data-slug="interlinker"].active').count(), { timeout: 15_000 }).toBe(1);
    await page.locator('tr[data-slug="interlinker"]').getByRole('link', { name: 'Settings' }).click();
    await session.expectingFailedRequests(async () => {
      await expect.poll(() => page.getByRole('heading', { name: 'Set up Interlinker' }).count(), { timeout: 15_000 }).toBe(1);
    });
    await photograph(page, '01-settings-first-visit');
  });

  it('when the address and key are saved and the site synced, then suggestions appear for most posts without asking post by post', { timeout: 600_000 }, async () => {
    await page.getByLabel('Bridge address').fill(site.bridge.url);
    await page.getByLabel('API key').fill(site.bridge.apiKey);
    await page.getByRole('button', { name: 'Save connection' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Sync all content' }).getAttribute('aria-disabled'), { timeout: 15_000 }).not.toBe('true');
    await page.getByRole('button', { name: 'Sync all content' }).click();
    const sync = page.locator('.interlinker-sync');
    await expect.poll(() => sync.textContent(), { timeout: 120_000 }).toMatch(/(\d+) of \1 posts synced, 0 failed/);
    const generation = page.locator('#interlinker-sync .interlinker-generation');
    await expect.poll(() => generation.textContent(), { timeout: 60_000 }).toMatch(/Finding suggestions/);
    await screenshot(page, 'walkthrough-02-finding-suggestions-1366');
    await expect.poll(() => generation.textContent(), { timeout: 300_000 }).toMatch(/Finding suggestions: done/);
    await photograph(page, '03-settings-synced');

    // No post was asked for: every suggestion comes from the background generation that followed the sync.
    const sources = new Set<number>();
    for (let pageNumber = 1; pageNumber < 100; pageNumber++) {
      const listed = await site.admin.json<Listed[]>(`/interlinker/v1/suggestions?status=pending&per_page=100&page=${pageNumber}`);
      expect(listed.status).toBe(200);
      for (const suggestion of listed.body) sources.add(suggestion.sourcePostId);
      if (listed.body.length < 100) break;
    }
    timings.postsWithSuggestions = sources.size;
    expect(sources.size, `${sources.size} of 150 posts have suggestions`).toBeGreaterThanOrEqual(Math.ceil(150 * 0.75));
  });

  it('when the Suggestions screen opens, then its first row shows, and the time it took is reported', async () => {
    for (const run of ['cold', 'warm'] as const) {
      const started = Date.now();
      await page.goto(screenUrl(site, 'interlinker'));
      await page.locator('.dataviews-view-table tbody tr .interlinker-context__anchor').first().waitFor({ timeout: 30_000 });
      timings[`suggestionsFirstRowMs_${run}`] = Date.now() - started;
    }
    expect(await page.locator('.interlinker-setup').count()).toBe(0);
    await photograph(page, '04-suggestions');
  });

  it('when a post is chosen in the Pending view, then three of its links go in with at most 3 clicks', async () => {
    // A post with three pending suggestions, each to another post (the default limit is three links a post).
    const perSource = new Map<number, Listed[]>();
    for (let pageNumber = 1; pageNumber < 100; pageNumber++) {
      const listed = (await site.admin.json<Listed[]>(`/interlinker/v1/suggestions?status=pending&per_page=100&page=${pageNumber}`)).body;
      for (const suggestion of listed) perSource.set(suggestion.sourcePostId, [...(perSource.get(suggestion.sourcePostId) ?? []), suggestion]);
      if (listed.length < 100) break;
    }
    const candidates = [...perSource.entries()].filter(([, open]) => open.length === 3 && new Set(open.map((s) => s.targetPostId)).size === 3);
    expect(candidates.length, 'posts with three suggestions to three posts').toBeGreaterThan(0);
    const [sourceId] = candidates[0]!;
    const title = [...postIds.entries()].find(([, id]) => id === sourceId)![0];
    reviewedPost = { id: sourceId, title };
    const pending = (await site.admin.json<Listed[]>(`/interlinker/v1/suggestions?post_id=${sourceId}&status=pending&per_page=100`)).body;
    expect(pending).toHaveLength(3);

    // "Links for this post": the post is chosen in the Pending view's post filter (typing, then one click).
    await page.goto(screenUrl(site, 'interlinker'));
    const counter = clickCounter();
    const filter = page.getByRole('combobox', { name: 'Only suggestions in this post' });
    await filter.pressSequentially(title.slice(0, 24));
    const option = page.getByRole('option', { name: title });
    await expect.poll(() => option.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await counter.click(option.first());
    const rows = page.locator('.dataviews-view-table tbody tr');
    await expect.poll(() => rows.locator('.interlinker-context__anchor').count(), { timeout: 30_000 }).toBe(pending.length);
    // Its three links: tick them all, then one labelled button: three clicks in all.
    await counter.click(page.getByRole('checkbox', { name: 'Select all' }).first());
    await counter.click(page.locator('.interlinker-review-bar').getByRole('button', { name: /^Insert selected links/ }));

    const report = page.getByRole('dialog', { name: 'Implementing links' });
    await expect.poll(() => report.getByText(/links inserted/).count(), { timeout: 60_000 }).toBe(1);
    expect(counter.count()).toBeLessThanOrEqual(3);
    expect(await report.locator('.interlinker-result--ok').count()).toBe(3);
    await photograph(page, '05-suggestions-inserted');
    expect((await site.content(sourceId)).match(/data-interlinker="sug_/g)?.length).toBe(3);
    await report.getByRole('button', { name: 'Done' }).click();
  });

  it('when two suggestions are ticked in the editor sidebar, then both go in as one implementation', async () => {
    const all = await site.admin.json<Listed[]>('/interlinker/v1/suggestions?status=pending&per_page=100&orderby=relevanceScore&order=desc');
    const perSource = new Map<number, Listed[]>();
    for (const suggestion of all.body) {
      if (suggestion.sourcePostId === reviewedPost.id) continue;
      const list = perSource.get(suggestion.sourcePostId) ?? [];
      if (!list.some((listed) => listed.targetPostId === suggestion.targetPostId)) list.push(suggestion);
      perSource.set(suggestion.sourcePostId, list);
    }
    const [sourceId, open] = [...perSource.entries()].sort((a, b) => b[1].length - a[1].length)[0]!;
    expect(open.length).toBeGreaterThanOrEqual(2);
    editedPost = { id: sourceId, title: [...postIds.entries()].find(([, id]) => id === sourceId)![0] };

    await page.goto(`${site.wp.url}/wp-admin/post.php?post=${sourceId}&action=edit`);
    await page.waitForFunction(() => Boolean((window as unknown as { wp?: { data?: unknown } }).wp?.data));
    await page.evaluate(() => {
      (window as unknown as EditorWindow).wp.data.dispatch('core/preferences').set!('core/edit-post', 'welcomeGuide', false);
    });
    const toggle = page.getByRole('button', { name: 'Interlinker link suggestions' }).first();
    await toggle.waitFor();
    if ((await toggle.getAttribute('aria-expanded')) !== 'true' && (await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
    const sidebar = page.locator('.interface-complementary-area').first();
    for (const suggestion of open.slice(0, 2)) {
      const box = sidebar.getByRole('checkbox', { name: `Link to “${suggestion.targetTitle}”` }).first();
      await expect.poll(() => box.count(), { timeout: 30_000 }).toBeGreaterThan(0);
      await box.check();
    }
    await sidebar.getByRole('button', { name: 'Insert ticked links' }).click();
    await expect.poll(() => sidebar.locator('.interlinker-editor-report .interlinker-editor-result--ok').count(), { timeout: 60_000 }).toBe(2);
    await screenshot(page, 'walkthrough-06-editor-sidebar-1366');
    // On a phone the block editor keeps its sidebars behind a menu: open ours as that menu would.
    await page.setViewportSize(NARROW);
    await page.evaluate(() => {
      (window as unknown as EditorWindow).wp.data.dispatch('core/interface').enableComplementaryArea!('core', 'interlinker/interlinker-suggestions');
    });
    await expect.poll(() => sidebar.getByRole('button', { name: 'Insert ticked links' }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW.width);
    await screenshot(page, 'walkthrough-06-editor-sidebar-390');
    await page.setViewportSize(WIDE);

    const markers = [...(await site.content(sourceId)).matchAll(/data-interlinker="([^"]+)"/g)].map((match) => match[1]);
    expect(markers.sort()).toEqual(open.slice(0, 2).map((s) => s.id).sort());
    const implementations = (await site.admin.json<ImplementationRow[]>('/interlinker/v1/implementations?per_page=100')).body;
    expect(implementations.find((row) => row.suggestionIds.includes(open[0]!.id))).toMatchObject({ status: 'completed' });
  });

  it('when one link is undone in Implementations, then only that link leaves its post', async () => {
    await page.goto(screenUrl(site, 'interlinker-implementations'));
    const rows = page.locator('.dataviews-view-table tbody tr');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(2);
    await photograph(page, '07-implementations');
    const row = rows.filter({ hasText: reviewedPost.title }).first();
    await row.locator('a').first().click();
    await page.waitForURL(/implementation=/);
    const undo = page.getByRole('button', { name: /^Undo the link/ });
    await expect.poll(() => undo.count(), { timeout: 30_000 }).toBe(3);
    await photograph(page, '08-implementation-details');

    await undo.first().click();
    await expect.poll(() => page.getByText('Inserted, then undone').count(), { timeout: 60_000 }).toBe(1);
    expect((await site.content(reviewedPost.id)).match(/data-interlinker="sug_/g)?.length).toBe(2);
    // The undone suggestion is rejected: "select all → insert" cannot put it back by accident.
    const undone = (await site.admin.json<Listed[]>(`/interlinker/v1/suggestions?post_id=${reviewedPost.id}&status=rejected&per_page=100`)).body;
    expect(undone).toHaveLength(1);
  });

  it('when All Posts is opened, then each post shows its inbound, internal and external link counts', async () => {
    await page.goto(`${site.wp.url}/wp-admin/edit.php?orderby=interlinker_inbound&order=desc`);
    for (const column of ['Inbound links', 'Internal links', 'External links']) {
      await expect.poll(() => page.locator('thead th').filter({ hasText: column }).count(), { timeout: 15_000 }).toBe(1);
    }
    // The sync counted every post's links: no post waits for a count ("—").
    const inbound = await page.locator('#the-list td.column-interlinker_inbound').allInnerTexts();
    expect(inbound.length).toBeGreaterThan(0);
    expect(inbound.map((text) => text.trim()).filter((text) => !/^\d+$/.test(text))).toEqual([]);
    const row = page.locator(`#post-${editedPost.id}`);
    await page.goto(`${site.wp.url}/wp-admin/edit.php?s=${encodeURIComponent(editedPost.title)}`);
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    // The sidebar put two internal links in this post; its own were written by its author.
    const internal = Number(await row.locator('td.column-interlinker_internal').innerText());
    expect(internal).toBeGreaterThanOrEqual(2);
    await photograph(page, '09-all-posts');
  });

  it('when Link health is opened, then the screen is whole at both widths', async () => {
    await page.goto(screenUrl(site, 'interlinker-health'));
    await expect.poll(() => page.locator('.interlinker-link-counts').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await photograph(page, '10-link-health');
  });

  it('when the walk is over, then our code logged no console errors', () => {
    expect(session.errors).toEqual([]);
  });
});
