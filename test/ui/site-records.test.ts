import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RestImplementAnswer } from '../../admin-ui/src/api/rest-types.js';
import { type BrowserSession, logInAs, openBrowser, screenshot } from './support/browser.js';
import { type BakingSite, connectAndSuggest, screenUrl, startBakingSite } from './support/baking-site.js';

const WIDE = { width: 1366, height: 900 };
const NOTICE = 'The bridge cannot be reached: this is the site’s own record of the links Interlinker inserted; undo needs the bridge.';

interface EditorWindow {
  wp: { data: { dispatch(store: string): { set?(scope: string, name: string, value: unknown): void } } };
}

describe('the implementation history and the editor sidebar without a bridge, in Chromium', () => {
  let baking: BakingSite;
  let session: BrowserSession;
  let page: Page;

  beforeAll(async () => {
    baking = await startBakingSite('ui-site-records');
    session = await openBrowser();
    page = session.page;
    await page.setViewportSize(WIDE);
    await logInAs(page, baking.site.wp.url, baking.site.wp.adminUser, baking.site.wp.adminPassword);
  });

  afterAll(async () => {
    await session?.close();
    await baking?.site.stop();
  });

  const sidebar = () => page.locator('.interface-complementary-area').first();

  it('when nothing is connected, then the editor sidebar gives the next step calmly, not a red error (1366 px)', async () => {
    await session.expectingFailedRequests(async () => {
      await page.goto(`${baking.site.wp.url}/wp-admin/post.php?post=${baking.loafId}&action=edit`);
      await page.waitForFunction(() => Boolean((window as unknown as { wp?: { data?: unknown } }).wp?.data));
      await page.evaluate(() => {
        (window as unknown as EditorWindow).wp.data.dispatch('core/preferences').set!('core/edit-post', 'welcomeGuide', false);
      });
      const toggle = page.getByRole('button', { name: 'Interlinker link suggestions' }).first();
      await toggle.waitFor();
      if ((await toggle.getAttribute('aria-expanded')) !== 'true' && (await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
      await expect.poll(() => sidebar().locator('.interlinker-not-set-up').count(), { timeout: 30_000 }).toBe(1);
      expect(await sidebar().getByText('Interlinker is not connected yet').count()).toBe(0);
      expect(await sidebar().locator('.components-notice.is-error').count()).toBe(0);
      const settings = sidebar().getByRole('link', { name: 'Set it up in Interlinker → Settings' });
      expect(await settings.getAttribute('href')).toMatch(/admin\.php\?page=interlinker-settings$/);
      await screenshot(page, 'site-records-editor-not-set-up-1366');
    });
  });

  it('when the bridge is down, then Implementations shows the site\'s own record with the notice and no undo (1366 px)', async () => {
    const suggestions = await connectAndSuggest(baking);
    const implemented = await baking.site.admin.json<RestImplementAnswer>('/interlinker/v1/implement', {
      method: 'POST',
      body: { suggestionIds: suggestions.filter((s) => s.status === 'pending' || s.status === 'approved').map((s) => s.id) },
    });
    expect(implemented.status, JSON.stringify(implemented.body)).toBe(200);
    const inserted = implemented.body.results.filter((r) => r.succeeded).length;
    expect(inserted).toBeGreaterThan(0);

    await baking.site.bridge.stop();
    await session.expectingFailedRequests(async () => {
      try {
        await page.goto(screenUrl(baking.site, 'interlinker-implementations'));
        const notice = page.locator('.interlinker-site-records-notice');
        await expect.poll(() => notice.count(), { timeout: 30_000 }).toBe(1);
        expect(await notice.textContent()).toContain(NOTICE);
        await expect.poll(() => page.locator('.interlinker-implementations-list tbody tr').count(), { timeout: 30_000 }).toBe(1);
        expect(await page.getByRole('button', { name: /Roll back/ }).count()).toBe(0);
        await screenshot(page, 'site-records-implementations-1366');

        await page.goto(screenUrl(baking.site, 'interlinker-implementations', { implementation: implemented.body.id }));
        await expect.poll(() => page.locator('.interlinker-link-row').count(), { timeout: 30_000 }).toBe(inserted);
        expect(await page.locator('.interlinker-site-records-notice').count()).toBe(1);
        expect(await page.getByRole('button', { name: /Undo|Roll back/ }).count()).toBe(0);
        expect(await page.locator('.interlinker-details').textContent()).toContain('My Weekend Loaf');
        await screenshot(page, 'site-records-details-1366');
      } finally {
        await baking.site.bridge.start();
      }
    });
  });

  it('when the screens were used, then our code logged no console errors', () => {
    expect(session.errors).toEqual([]);
  });
});
