/**
 * Link health in Chromium at 1366 and 390 px: the activity chart binned by the window's length with round axis ticks
 * and dates in the site's format, the figures of one period kept (dimmed) while the next loads, the links-per-post
 * table (search, sort, filter, the All Posts numbers leading to it), and orphans found in bulk.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullSync, type PluginSite, startPluginSite } from '../plugin/support/plugin-site.js';
import { type BrowserSession, logInAs, openBrowser, screenshot } from './support/browser.js';
import { screenUrl } from './support/baking-site.js';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A UTC day as the site's date format below ("j. F Y") writes it. */
function siteDay(date: Date): string {
  return `${date.getUTCDate()}. ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** Months a window of the last 365 days touches, today included. */
function monthsOfLastYear(today: Date): number {
  const start = new Date(today.getTime() - 364 * 86_400_000);
  return (today.getUTCFullYear() - start.getUTCFullYear()) * 12 + today.getUTCMonth() - start.getUTCMonth() + 1;
}

describe('Link health in Chromium', () => {
  let site: PluginSite;
  let session: BrowserSession;
  let page: Page;
  const ids = {} as Record<'stone' | 'flour' | 'mitts' | 'lame' | 'loaf', number>;

  beforeAll(async () => {
    site = await startPluginSite({ name: 'ui-link-health' });
    await site.php(`update_option( 'date_format', 'j. F Y' ); return true;`);
    // WordPress's sample post and pages would be listed too: the site holds the test's posts only.
    await site.php(`foreach ( get_posts( array( 'post_type' => 'any', 'post_status' => 'any', 'numberposts' => -1, 'fields' => 'ids' ) ) as $id ) { wp_delete_post( $id, true ); } return true;`);
    const url = (id: number) => site.php<string>(`return get_permalink( ${id} );`);
    ids.stone = await site.createPost({ title: 'Baking Stone', content: '<p>A baking stone stores heat and gives loaves a crisp base.</p>' });
    ids.flour = await site.createPost({ title: 'Bread Flour', content: '<p>Bread flour has more protein than cake flour, so it builds gluten.</p>' });
    ids.mitts = await site.createPost({ title: 'Oven Mitts', content: '<p>Thick oven mitts keep the hands safe near a hot baking stone.</p>' });
    ids.lame = await site.createPost({ title: 'Scoring Lame', content: '<p>A lame scores the dough before it goes onto the baking stone.</p>' });
    ids.loaf = await site.createPost({
      title: 'My Weekend Loaf',
      content: `<p>The loaf bakes on a <a href="${await url(ids.stone)}">baking stone</a> with <a href="${await url(ids.flour)}">bread flour</a>; the <a href="${await url(ids.stone)}#heat">stone</a> again, and <a href="https://example.org/mill">a mill</a>.</p>`,
    });
    await site.php(`return wp_update_post( array( 'ID' => ${ids.flour}, 'post_content' => '<p>Bread flour for the <a href="https://example.org/a">mill</a> and <a href="https://example.org/b">shop</a>.</p>' ) );`);
    await fullSync(site.admin);
    session = await openBrowser();
    page = session.page;
    await page.setViewportSize({ width: 1366, height: 900 });
    await logInAs(page, site.wp.url, site.wp.adminUser, site.wp.adminPassword);
  });

  afterAll(async () => {
    await session?.close();
    await site?.stop();
  });

  it('when the period is the last 12 months, then activity is charted per month with round ticks and the site’s dates', async () => {
    await page.goto(screenUrl(site, 'interlinker-health'));
    const chart = page.locator('.interlinker-chart');
    await expect.poll(() => chart.locator('rect.interlinker-chart__column--0').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    // 30 days: one column a day, dates in the site's format, never ISO.
    expect(await chart.locator('rect.interlinker-chart__column--0').count()).toBe(30);
    const today = new Date();
    const summary = await chart.locator('.interlinker-chart__summary').innerText();
    expect(summary).toContain(`from ${siteDay(new Date(today.getTime() - 29 * 86_400_000))} to ${siteDay(today)}`);
    expect(summary).not.toMatch(/\d{4}-\d{2}-\d{2}/);

    await page.getByLabel('Period').selectOption('365d');
    await expect.poll(() => chart.locator('.interlinker-chart__title').innerText(), { timeout: 30_000 }).toBe('Suggestions and implementations per month');
    expect(await chart.locator('rect.interlinker-chart__column--0').count()).toBe(monthsOfLastYear(today));
    const labels = await chart.locator('.interlinker-chart__label').allTextContents();
    expect(labels.length).toBeGreaterThan(0);
    for (const label of labels) expect(label).toMatch(/^[A-Z][a-z]{2}$/);
    // Ticks at a round step from 0: 1, 2 or 5 times a power of ten, evenly spaced.
    const ticks = (await chart.locator('.interlinker-chart__grid text').allTextContents()).map((text) => Number(text.replace(/,/g, '')));
    expect(ticks[0]).toBe(0);
    const step = ticks[1]! - ticks[0]!;
    expect(String(step)).toMatch(/^[125]0*$/);
    ticks.forEach((tick, index) => expect(tick).toBe(index * step));
    // The table behind the chart names months, as the site writes them.
    await page.getByRole('button', { name: 'Show the numbers as a table' }).click();
    const firstRow = await chart.locator('.interlinker-chart__table tbody th').first().innerText();
    expect(firstRow).toMatch(new RegExp(`^(${MONTHS.join('|')}) \\d{4}$`));
    expect(await chart.locator('.interlinker-chart__table thead th').first().innerText()).toBe('Month');

    await page.getByLabel('Period').selectOption('90d');
    await expect.poll(() => chart.locator('.interlinker-chart__title').innerText(), { timeout: 30_000 }).toBe('Suggestions and implementations per week');
    expect(await chart.locator('rect.interlinker-chart__column--0').count()).toBeGreaterThanOrEqual(13);
    expect(await chart.locator('rect.interlinker-chart__column--0').count()).toBeLessThanOrEqual(14);
    await screenshot(page, 'health-1366-weeks');
    expect(session.errors).toEqual([]);
  });

  it('when the period changes, then the last figures stay on screen, dimmed, until the new ones arrive', async () => {
    await page.goto(screenUrl(site, 'interlinker-health'));
    await expect.poll(() => page.locator('.interlinker-stat').count(), { timeout: 30_000 }).toBe(4);
    await expect.poll(() => page.locator('rect.interlinker-chart__column--0').count(), { timeout: 30_000 }).toBe(30);
    // The next period's answers are held back, as a slow bridge would.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The REST path may be in ?rest_route=, encoded.
    const isPeriodReport = (url: URL) => decodeURIComponent(url.href).includes('interlinker/v1/analytics') && url.href.includes('startDate');
    await page.route(isPeriodReport, async (route) => {
      await held;
      await route.continue();
    });
    try {
      await page.getByLabel('Period').selectOption('7d');
      await expect.poll(() => page.locator('.interlinker-health-period.is-stale').count(), { timeout: 10_000 }).toBe(1);
      expect(await page.locator('.interlinker-stat').count()).toBe(4);
      expect(await page.getByText('Loading link health…').count()).toBe(0);
      expect(await page.locator('rect.interlinker-chart__column--0').count()).toBe(30);
      expect(await page.locator('.interlinker-panel.is-stale').count()).toBeGreaterThan(0);
      await screenshot(page, 'health-1366-period-changing');
    } finally {
      release();
    }
    await expect.poll(() => page.locator('.interlinker-health-period.is-stale').count(), { timeout: 30_000 }).toBe(0);
    await expect.poll(() => page.locator('rect.interlinker-chart__column--0').count(), { timeout: 30_000 }).toBe(7);
    await page.unroute(isPeriodReport);
  });

  it('when links per post are read, then every post shows its counts, sortable, searchable and filtered to orphans', async () => {
    await page.goto(screenUrl(site, 'interlinker-health'));
    const table = page.locator('.interlinker-link-counts__table');
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: 30_000 }).toBe(5);
    const row = (title: string) => table.locator('tbody tr', { hasText: title });
    const cells = async (title: string) => (await row(title).locator('td').allInnerTexts()).map((text) => text.trim());
    await expect.poll(() => cells('Baking Stone'), { timeout: 30_000 }).toEqual(['2', '0', '0']);
    expect(await cells('My Weekend Loaf')).toEqual(['0', '3', '1']);
    expect(await cells('Bread Flour')).toEqual(['1', '0', '2']);

    await table.getByRole('button', { name: 'Inbound' }).click();
    await expect.poll(() => table.locator('tbody tr th').first().innerText(), { timeout: 15_000 }).toContain('Baking Stone');
    expect(await table.locator('th[aria-sort="descending"]').count()).toBe(1);
    await table.getByRole('button', { name: 'External' }).click();
    await expect.poll(() => table.locator('tbody tr th').first().innerText(), { timeout: 15_000 }).toContain('Bread Flour');

    const card = page.locator('.interlinker-link-counts');
    await card.getByLabel('Search by title').fill('mitts');
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: 15_000 }).toBe(1);
    await card.getByLabel('Search by title').fill('');
    await card.getByLabel('Show').selectOption('orphans');
    await expect.poll(async () => (await table.locator('tbody .interlinker-post__title').allInnerTexts()).sort(), { timeout: 15_000 }).toEqual(['My Weekend Loaf', 'Oven Mitts', 'Scoring Lame']);
    await screenshot(page, 'health-1366-links-per-post');
    expect(session.errors).toEqual([]);
  });

  it('when All Posts shows the counts, then they sort and the inbound number opens the posts that link there', async () => {
    await page.goto(`${site.wp.url}/wp-admin/edit.php?orderby=interlinker_inbound&order=desc`);
    const first = page.locator('#the-list tr').first();
    expect(await first.locator('.column-title').innerText()).toContain('Baking Stone');
    expect((await first.locator('.column-interlinker_inbound').innerText()).trim()).toBe('2');
    await screenshot(page, 'all-posts-link-counts-1366');

    await first.locator('.column-interlinker_inbound a').click();
    await expect.poll(() => page.getByText('Posts that link to “Baking Stone”').count(), { timeout: 30_000 }).toBe(1);
    const table = page.locator('.interlinker-link-counts__table');
    await expect.poll(() => table.locator('tbody .interlinker-post__title').allInnerTexts(), { timeout: 15_000 }).toEqual(['My Weekend Loaf']);
    await page.getByRole('button', { name: 'Show every post' }).click();
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: 15_000 }).toBe(5);
  });

  it('when several orphans are ticked, then "Find links" steps through them one after the other', async () => {
    await page.goto(screenUrl(site, 'interlinker-health'));
    const orphans = page.locator('.interlinker-orphans');
    await expect.poll(() => orphans.locator('.interlinker-orphan').count(), { timeout: 30_000 }).toBe(3);
    await orphans.getByLabel('Search orphan pages').fill('en');
    await expect.poll(() => orphans.locator('.interlinker-orphan').count(), { timeout: 15_000 }).toBe(2);
    await orphans.getByLabel('Search orphan pages').fill('');
    await expect.poll(() => orphans.locator('.interlinker-orphan').count(), { timeout: 15_000 }).toBe(3);
    await orphans.getByRole('checkbox', { name: 'Select “Oven Mitts”' }).check();
    await orphans.getByRole('checkbox', { name: 'Select “Scoring Lame”' }).check();
    await orphans.getByRole('button', { name: 'Find links for 2 selected posts' }).click();

    const first = page.getByRole('dialog', { name: 'Links to “Oven Mitts” (1 of 2)' });
    await expect.poll(() => first.count(), { timeout: 15_000 }).toBe(1);
    await first.getByRole('button', { name: 'Next post: “Scoring Lame”' }).click();
    const second = page.getByRole('dialog', { name: 'Links to “Scoring Lame” (2 of 2)' });
    await expect.poll(() => second.count(), { timeout: 15_000 }).toBe(1);
    await second.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 15_000 }).toBe(0);
    expect(session.errors).toEqual([]);
  });

  it('when the screen is 390 px wide, then nothing runs off the side and every part can be used', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto(screenUrl(site, 'interlinker-health'));
      const table = page.locator('.interlinker-link-counts__table');
      await expect.poll(() => table.locator('tbody tr').count(), { timeout: 30_000 }).toBe(5);
      await expect.poll(() => page.locator('rect.interlinker-chart__column--0').count(), { timeout: 30_000 }).toBe(30);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      for (const selector of ['.interlinker-link-counts__table', '.interlinker-chart__svg', '.interlinker-range', '.interlinker-orphans', '.interlinker-stats']) {
        const box = await page.locator(selector).first().boundingBox();
        expect(box, selector).not.toBeNull();
        expect(box!.x, selector).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width, selector).toBeLessThanOrEqual(390);
      }
      // Every table stays inside its card.
      for (const card of ['.interlinker-link-counts', '.interlinker-orphans']) {
        const outer = (await page.locator(card).boundingBox())!;
        for (const inner of await page.locator(`${card} table, ${card} .interlinker-list`).all()) {
          const box = (await inner.boundingBox())!;
          expect(box.x + box.width, card).toBeLessThanOrEqual(outer.x + outer.width - 8);
        }
      }
      await page.locator('.interlinker-link-counts').screenshot({ path: 'test-results/screenshots/health-390-links-per-post.png' });
      // Each count column keeps its number readable beside the title.
      const countCell = await table.locator('tbody tr td').first().boundingBox();
      expect(countCell!.width).toBeGreaterThan(24);
      await table.getByRole('button', { name: 'Inbound' }).click();
      await expect.poll(() => table.locator('tbody tr th').first().innerText(), { timeout: 15_000 }).toContain('Baking Stone');
      await screenshot(page, 'health-390');
    } finally {
      await page.setViewportSize({ width: 1366, height: 900 });
    }
    expect(session.errors).toEqual([]);
  });
});
