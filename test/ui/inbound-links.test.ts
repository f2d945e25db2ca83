/**
 * "Find links to this post" in Chromium: from an orphan page in Link health, and from the block editor's sidebar
 * for the post being edited. Both approve and implement through the real plugin and bridge.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RestImplementation } from '../../admin-ui/src/api/rest-types.js';
import { type BrowserSession, logInAs, openBrowser, screenshot } from './support/browser.js';
import { type BakingSite, connectAndSuggest, screenUrl, startBakingSite } from './support/baking-site.js';

describe('"Find links to this post" in Chromium', () => {
  let baking: BakingSite;
  let session: BrowserSession;
  let page: Page;

  beforeAll(async () => {
    baking = await startBakingSite('ui-inbound');
    await connectAndSuggest(baking);
    session = await openBrowser();
    page = session.page;
    await logInAs(page, baking.site.wp.url, baking.site.wp.adminUser, baking.site.wp.adminPassword);
  });

  afterAll(async () => {
    await session?.close();
    await baking?.site.stop();
  });

  const postId = (title: string) => baking.site.php<number>(`return get_page_by_title( '${title}', OBJECT, 'post' )->ID;`);
  const permalink = (id: number) => baking.site.php<string>(`return get_permalink( ${id} );`);

  /** The implementations that put links into the loaf, rolled back through the plugin, as the Implementations screen does. */
  async function rollBackLatest(): Promise<void> {
    const listed = await baking.site.admin.json<RestImplementation[]>('/interlinker/v1/implementations?status=completed');
    for (const implementation of listed.body) {
      const answer = await baking.site.admin.json('/interlinker/v1/rollback', { method: 'POST', body: { implementationId: implementation.id, reason: 'ui test' } });
      expect(answer.status).toBe(200);
    }
    // The rolled-back posts are synced after the answer; the next step may change them only once that is done.
    const queue = () => baking.site.admin.json<{ postIds: number[]; goneUrls: string[] }>('/interlinker/v1/sync/queue');
    await expect.poll(async () => (await queue()).body, { timeout: 30_000 }).toEqual({ postIds: [], goneUrls: [] });
  }

  /** In `list` (the dialog or the sidebar panel): ticks the loaf's pending suggestion and inserts it (no approval step). */
  async function insertFromLoaf(list: Locator): Promise<void> {
    const fromLoaf = list.getByRole('checkbox', { name: /in “My Weekend Loaf”/ });
    await expect.poll(() => fromLoaf.count(), { timeout: 30_000 }).toBe(1);
    const insert = list.getByRole('button', { name: 'Insert selected links' });
    expect(await insert.isEnabled()).toBe(false);
    await fromLoaf.check();
    await insert.click();
    await expect.poll(() => list.getByText(/1 of 1 links inserted, into 1 post\./).count(), { timeout: 30_000 }).toBe(1);
  }

  it('when an editor asks Link health for links to an orphan page, then the dialog lists the posts that could link to it and implements the chosen one', async () => {
    const { site, loafId, loafBefore } = baking;
    const stoneId = await postId('Baking Stone');
    await page.goto(screenUrl(site, 'interlinker-health'));
    const ask = page.getByRole('button', { name: 'Find links to “Baking Stone”' });
    await expect.poll(() => ask.count(), { timeout: 30_000 }).toBe(1);

    await ask.click();
    const dialog = page.getByRole('dialog', { name: 'Links to “Baking Stone”' });
    await expect.poll(() => dialog.locator('.interlinker-context__anchor').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await insertFromLoaf(dialog);
    await dialog.locator('.interlinker-inbound__outcome').scrollIntoViewIfNeeded();
    await screenshot(page, '22-health-find-links');

    expect(await site.content(loafId)).toContain(`href="${await permalink(stoneId)}"`);
    // Closed, the dialog leaves a list without the page, which a post links to now.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => ask.count(), { timeout: 30_000 }).toBe(0);
    await rollBackLatest();
    expect(await site.content(loafId)).toBe(loafBefore);
    expect(session.errors).toEqual([]);
  });

  it('when a post no other post mentions is asked about, then the dialog says so in an editor’s words', async () => {
    const { site } = baking;
    const lonelyId = await site.createPost({ title: 'Oven Mitts', content: '<!-- wp:paragraph -->\n<p>Thick oven mitts keep the hands safe.</p>\n<!-- /wp:paragraph -->' });
    await site.admin.json('/interlinker/v1/sync', { method: 'POST', body: { postIds: [lonelyId] } });
    await page.goto(screenUrl(site, 'interlinker-health'));
    const ask = page.getByRole('button', { name: 'Find links to “Oven Mitts”' });
    await expect.poll(() => ask.count(), { timeout: 30_000 }).toBe(1);

    await ask.click();

    const dialog = page.getByRole('dialog', { name: 'Links to “Oven Mitts”' });
    await expect.poll(() => dialog.getByText('No post could link here yet.').count(), { timeout: 30_000 }).toBe(1);
    expect(await dialog.getByRole('button', { name: 'Insert selected links' }).count()).toBe(0);
  });

  it('when the post is open in the block editor, then "Links to this post" finds the posts that could link to it, approves and implements there', async () => {
    const { site, loafId, loafBefore } = baking;
    const flourId = await postId('Bread Flour');
    await page.goto(`${site.wp.url}/wp-admin/post.php?post=${flourId}&action=edit`);
    await page.waitForFunction(() => Boolean((window as unknown as { wp?: { data?: unknown } }).wp?.data));
    await page.evaluate(() => {
      const wp = (window as unknown as { wp: { data: { dispatch: (store: string) => { set: (scope: string, name: string, value: unknown) => void } } } }).wp;
      wp.data.dispatch('core/preferences').set('core/edit-post', 'welcomeGuide', false);
    });
    await page.getByRole('button', { name: 'Interlinker link suggestions' }).first().click();
    await page.getByRole('button', { name: 'Links to this post' }).click();
    const panel = page.locator('.interlinker-editor-inbound');

    // The block editor's sidebar renders late on a busy machine (30 s were once not enough in CI).
    await panel.getByRole('button', { name: 'Find links to this post' }).click({ timeout: 90_000 });
    await insertFromLoaf(panel);
    await panel.locator('.interlinker-inbound__outcome').scrollIntoViewIfNeeded();
    await screenshot(page, '23-editor-links-to-this-post');

    expect(await site.content(loafId)).toContain(`href="${await permalink(flourId)}"`);
    await rollBackLatest();
    expect(await site.content(loafId)).toBe(loafBefore);
    expect(session.errors).toEqual([]);
  });

  it('when an author asks about their own post, then a source they may not edit is shown with who can add it, and nothing there can be selected or implemented', async () => {
    const { site } = baking;
    const paragraph = (text: string) => `<!-- wp:paragraph -->\n<p>${text}</p>\n<!-- /wp:paragraph -->`;
    const basketId = await site.createPost({ title: 'Proofing Basket', author: 'author', content: paragraph('A proofing basket holds the shaped dough while it rises and marks the crust with rings.') });
    const dayId = await site.createPost({ title: 'Bake Day Routine', content: paragraph('The shaped dough rests in a proofing basket overnight before the bake.') });
    await site.admin.json('/interlinker/v1/sync', { method: 'POST', body: { postIds: [basketId, dayId] } });
    const author = await openBrowser();
    try {
      await logInAs(author.page, site.wp.url, site.wp.users.author.login, site.wp.users.author.password);
      await author.page.goto(screenUrl(site, 'interlinker-health'));
      const ask = author.page.getByRole('button', { name: 'Find links to “Proofing Basket”' });
      await expect.poll(() => ask.count(), { timeout: 30_000 }).toBe(1);
      // Only posts the author may edit offer the action.
      expect(await author.page.getByRole('button', { name: 'Find links to “Bake Day Routine”' }).count()).toBe(0);

      await ask.click();

      const dialog = author.page.getByRole('dialog', { name: 'Links to “Proofing Basket”' });
      await expect.poll(() => dialog.getByText('Only someone who may edit “Bake Day Routine” can approve or add this link.').count(), { timeout: 30_000 }).toBe(1);
      expect(await dialog.getByRole('checkbox').count()).toBe(0);
      expect(await dialog.getByRole('button', { name: 'Insert selected links' }).count()).toBe(0);
      await screenshot(author.page, '24-health-find-links-author');
      expect(author.errors).toEqual([]);
    } finally {
      await author.close();
    }
  });
});
