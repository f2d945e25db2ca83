import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PluginSite } from '../plugin/support/plugin-site.js';
import { type BrowserSession, logInAs, openBrowser, screenshot } from './support/browser.js';
import { connectAndSuggest, type ListedSuggestion, LOAF_TITLE, screenUrl, startBakingSite } from './support/baking-site.js';

const RYE_TITLE = 'Rye Notes';
const RYE = [
  '<!-- wp:paragraph -->\n<p>My rye loaf starts from the same sourdough starter as the wheat one.</p>\n<!-- /wp:paragraph -->',
  '<!-- wp:paragraph -->\n<p>Rye drinks more water, so the dough hydration goes up by ten points.</p>\n<!-- /wp:paragraph -->',
].join('\n\n');

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

/** Picks a post in the table's post filter, as an editor does: type part of its title, choose it. */
async function filterByPost(page: Page, words: string, title: string): Promise<void> {
  const filter = page.getByRole('combobox', { name: 'Only suggestions in this post' });
  await filter.pressSequentially(words);
  const option = page.getByRole('option', { name: new RegExp(title) });
  await expect.poll(() => option.count(), { timeout: 15_000 }).toBe(1);
  await option.click();
}

/** Whether the element lies within the viewport's width (not cut off at the right or the left). */
async function withinWidth(target: Locator, width: number): Promise<boolean> {
  const box = await target.boundingBox();
  return box !== null && box.x >= 0 && box.x + box.width <= width + 0.5;
}

/** The space left and right of the screen's frame: from wp-admin's menu (when shown) and to the window's edge. */
async function sideMargins(page: Page): Promise<{ left: number; right: number }> {
  return page.evaluate(() => {
    const frame = document.querySelector('.interlinker-admin')!.getBoundingClientRect();
    const menu = document.getElementById('adminmenuwrap')?.getBoundingClientRect();
    const menuRight = menu && menu.width > 0 && getComputedStyle(document.getElementById('adminmenuwrap')!).display !== 'none' ? menu.right : 0;
    return { left: frame.left - menuRight, right: document.documentElement.clientWidth - frame.right };
  });
}

describe('the review flow in Chromium: insert from pending in a few clicks, undo one link, at 1366 and 390 px', () => {
  let site: PluginSite;
  let loafId: number;
  let loafBefore: string;
  let ryeId: number;
  let session: BrowserSession;
  let page: Page;

  beforeAll(async () => {
    const baking = await startBakingSite('ui-review-flow');
    ({ site, loafId, loafBefore } = baking);
    ryeId = await site.createPost({ title: RYE_TITLE, content: RYE });
    await connectAndSuggest(baking);
    const rye = await site.admin.json<ListedSuggestion[]>(`/interlinker/v1/suggestions?post_id=${ryeId}&generate=1&per_page=100`);
    expect(rye.body.length).toBeGreaterThan(0);
    session = await openBrowser();
    page = session.page;
    await logInAs(page, site.wp.url, site.wp.adminUser, site.wp.adminPassword);
  });

  afterAll(async () => {
    await session?.close();
    await site?.stop();
  });

  it('at 1366 px, when a post is chosen in the filter, then its pending links go in with at most 3 clicks, and the report lists each', async () => {
    await page.setViewportSize({ width: 1366, height: 900 });
    const pending = (await site.admin.json<ListedSuggestion[]>(`/interlinker/v1/suggestions?post_id=${loafId}&status=pending&per_page=100`)).body;
    expect(pending.length).toBeGreaterThanOrEqual(3);
    await page.goto(screenUrl(site, 'interlinker'));
    await filterByPost(page, 'Weekend', LOAF_TITLE);
    await expect.poll(() => page.locator('.interlinker-context__anchor').count(), { timeout: 15_000 }).toBe(pending.length);
    // Labelled, visible without hovering: every row's buttons and the checkboxes.
    expect(await page.getByRole('button', { name: /^Insert link/ }).count()).toBe(pending.length);
    expect(await page.getByRole('button', { name: /^Reject “/ }).count()).toBe(pending.length);
    expect(await page.locator('.dataviews-view-table tbody .components-checkbox-control__input').first().evaluate((box) => getComputedStyle(box).opacity)).toBe('1');
    expect(await page.getByText('How likely an editor accepts this link', { exact: false }).count()).toBeGreaterThan(0);
    expect(await page.getByText(`1–${pending.length} of ${pending.length}`).count()).toBe(1);
    expect(await sideMargins(page)).toEqual({ left: expect.closeTo(22, 0), right: expect.closeTo(22, 0) });
    await screenshot(page, 'review-01-pending-1366');
    const counter = clickCounter();

    await counter.click(page.getByRole('checkbox', { name: 'Select all' }).first());
    await counter.click(page.locator('.interlinker-review-bar').getByRole('button', { name: /^Insert selected links/ }));

    const report = page.getByRole('dialog', { name: 'Implementing links' });
    await expect.poll(() => report.getByText(/links inserted/).count(), { timeout: 30_000 }).toBe(1);
    expect(counter.count()).toBeLessThanOrEqual(3);
    expect(await report.locator('.interlinker-result--ok').count()).toBeGreaterThanOrEqual(3);
    expect(await report.locator('.interlinker-result').count()).toBe(pending.length);
    await screenshot(page, 'review-02-inserted-1366');
    const content = await site.content(loafId);
    expect(content.match(/data-interlinker="sug_/g)?.length).toBeGreaterThanOrEqual(3);
    await report.getByRole('button', { name: 'Done' }).click();
  });

  it('at 1366 px, when the implementation is opened, then the list names its post and the details undo one link alone', async () => {
    await page.goto(screenUrl(site, 'interlinker-implementations'));
    const row = page.locator('.dataviews-view-table tbody tr').first();
    await expect.poll(() => row.getByText(LOAF_TITLE).count(), { timeout: 15_000 }).toBe(1);
    expect(await row.textContent()).toMatch(/\d+ inserted, \d+ failed/);
    await screenshot(page, 'review-03-implementations-1366');
    await row.locator('a').first().click();
    await page.waitForURL(/implementation=/);
    const undo = page.getByRole('button', { name: /^Undo the link/ });
    await expect.poll(() => undo.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    const before = await site.content(loafId);
    const links = before.match(/data-interlinker="sug_/g)?.length ?? 0;

    await undo.first().click();

    await expect.poll(() => page.getByText('Inserted, then undone').count(), { timeout: 30_000 }).toBe(1);
    const after = await site.content(loafId);
    expect(after.match(/data-interlinker="sug_/g)?.length).toBe(links - 1);
    expect(await page.locator('.interlinker-badge--completed').count()).toBeGreaterThan(0);
    await screenshot(page, 'review-04-one-link-undone-1366');
  });

  it('at 1366 px, when a post’s links are undone, then the post is exactly as before', async () => {
    await page.getByRole('button', { name: /^Undo this post’s link/ }).click();
    await expect.poll(() => site.content(loafId), { timeout: 30_000 }).toBe(loafBefore);
    await expect.poll(() => page.locator('.interlinker-badge--rolled_back').count(), { timeout: 15_000 }).toBeGreaterThan(0);
  });

  it('at 390 px, when a post is chosen, then the sentence, score, status and buttons are on screen, the margins even, and one click inserts a link', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(screenUrl(site, 'interlinker'));
    await filterByPost(page, 'Rye', RYE_TITLE);
    const firstRow = page.locator('.dataviews-view-table tbody tr').first();
    await expect.poll(() => firstRow.locator('.interlinker-context__anchor').count(), { timeout: 15_000 }).toBe(1);
    for (const part of ['.interlinker-context', '.interlinker-score', '.interlinker-badge', '.interlinker-review-buttons']) {
      expect(await withinWidth(firstRow.locator(part).first(), 390), part).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const margins = await sideMargins(page);
    expect(Math.abs(margins.left - margins.right), JSON.stringify(margins)).toBeLessThanOrEqual(1);
    await screenshot(page, 'review-05-pending-390');
    const counter = clickCounter();

    await counter.click(firstRow.getByRole('button', { name: /^Insert link/ }));

    const report = page.getByRole('dialog', { name: 'Implementing links' });
    await expect.poll(() => report.getByText(/1 of 1 links inserted/).count(), { timeout: 30_000 }).toBe(1);
    expect(counter.count()).toBe(1);
    expect(await site.content(ryeId)).toMatch(/data-interlinker="sug_/);
    await screenshot(page, 'review-06-inserted-390');
    await report.getByRole('button', { name: 'Done' }).click();
  });

  it('at 390 px, when a row is ticked and Reject selected is chosen, then that suggestion is rejected and leaves the pending list', async () => {
    const count = async (status: string) => (await site.admin.json<ListedSuggestion[]>(`/interlinker/v1/suggestions?post_id=${ryeId}&status=${status}&per_page=100`)).body.length;
    const pendingBefore = await count('pending');
    const rejectedBefore = await count('rejected');
    const rows = page.locator('.dataviews-view-table tbody tr');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(pendingBefore);

    await rows.first().locator('.dataviews-view-table__checkbox-column input').check();
    await page.locator('.interlinker-review-bar').getByRole('button', { name: 'Reject selected' }).click();

    await expect.poll(() => count('rejected'), { timeout: 15_000 }).toBe(rejectedBefore + 1);
    expect(await count('pending')).toBe(pendingBefore - 1);
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(pendingBefore - 1);
  });

  it('at 390 px, the implementations list and details keep every column on screen', async () => {
    await page.goto(screenUrl(site, 'interlinker-implementations'));
    const row = page.locator('.dataviews-view-table tbody tr').first();
    await expect.poll(() => row.getByText(RYE_TITLE).count(), { timeout: 15_000 }).toBe(1);
    expect(await withinWidth(row.locator('.interlinker-touched-posts'), 390)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'review-07-implementations-390');
    await row.locator('a').first().click();
    await page.waitForURL(/implementation=/);
    const undo = page.getByRole('button', { name: /^Undo the link/ });
    await expect.poll(() => undo.count(), { timeout: 15_000 }).toBe(1);
    expect(await withinWidth(undo, 390)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'review-08-details-390');
  });

  it('when the screens were used, then our code logged no console errors', () => {
    expect(session.errors).toEqual([]);
  });
});
