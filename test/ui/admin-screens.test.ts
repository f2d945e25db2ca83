import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PluginSite, startPluginSite } from '../plugin/support/plugin-site.js';
import { type BrowserSession, logInAs, openBrowser, screenshot } from './support/browser.js';

/** Posts about one topic, so the bridge finds links between them. */
const TOPICS: Record<string, string> = {
  'Sourdough Starter': 'Feed the sourdough starter with flour and water every day; a lively sourdough starter doubles in a few hours. Starter hydration and temperature decide how sour the bread will be.',
  'Bread Flour': 'Bread flour has more protein than cake flour, so bread flour builds stronger gluten for chewy loaves. Protein content and flour absorption change the dough.',
  'Dough Hydration': 'Dough hydration is the weight of water over the weight of flour; high dough hydration gives an open crumb. Flour absorption and protein decide the right hydration.',
  'Baking Stone': 'A baking stone stores heat and gives loaves a crisp base; preheat the baking stone for an hour before the bread goes in.',
};
const LOAF_TITLE = 'My Weekend Loaf';
const LOAF = [
  '<!-- wp:paragraph -->\n<p>Every Saturday I wake my sourdough starter and weigh out strong bread flour for the weekend loaf.</p>\n<!-- /wp:paragraph -->',
  '<!-- wp:paragraph -->\n<p>Getting the dough hydration right took months; now the loaf bakes on a baking stone until it sings.</p>\n<!-- /wp:paragraph -->',
].join('\n\n');

const screen = (site: PluginSite, slug: string) => `${site.wp.url}/wp-admin/admin.php?page=${slug}`;

describe('the Interlinker wp-admin screens in Chromium', () => {
  let site: PluginSite;
  let session: BrowserSession;
  let page: Page;
  let loafId: number;
  let loafBefore: string;

  beforeAll(async () => {
    site = await startPluginSite({ name: 'ui-admin', configure: 'none' });
    for (const [title, body] of Object.entries(TOPICS)) {
      await site.createPost({ title, content: `<!-- wp:paragraph -->\n<p>${body}</p>\n<!-- /wp:paragraph -->` });
    }
    loafId = await site.createPost({ title: LOAF_TITLE, content: LOAF });
    loafBefore = await site.content(loafId);
    session = await openBrowser();
    page = session.page;
    await logInAs(page, site.wp.url, site.wp.adminUser, site.wp.adminPassword);
  });

  afterAll(async () => {
    await session?.close();
    await site?.stop();
  });

  it('when the plugin is not connected yet, then the suggestions screen says so and leads to Settings', async () => {
    await session.expectingFailedRequests(async () => {
      await page.goto(screen(site, 'interlinker'));
      await expect.poll(() => page.getByText('Interlinker is not connected yet').count()).toBeGreaterThan(0);
    });
    expect(await page.getByRole('link', { name: 'Open Interlinker settings' }).getAttribute('href')).toContain('page=interlinker-settings');
    await screenshot(page, '01-suggestions-not-connected');
  });

  it('when the bridge address and key are saved, then the connection test passes and a full sync runs to the end', async () => {
    await page.goto(screen(site, 'interlinker-settings'));
    await page.getByLabel('Bridge address').fill(site.bridge.url);
    await page.getByLabel('API key').fill(site.bridge.apiKey);
    await page.getByRole('button', { name: 'Save connection' }).click();
    await expect.poll(() => page.getByText('Settings saved.').count()).toBeGreaterThan(0);
    // The key is write-only: after saving, the field is empty again and the page never shows it.
    expect(await page.getByLabel('API key').inputValue()).toBe('');
    expect(await page.content()).not.toContain(site.bridge.apiKey);

    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => page.locator('.components-notice.is-success').count(), { timeout: 15_000 }).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Sync all content' }).click();
    await expect.poll(() => page.getByText('The sync finished').count(), { timeout: 60_000 }).toBeGreaterThan(0);
    expect(await page.locator('.interlinker-sync progress, .interlinker-sync [role="progressbar"]').count()).toBeGreaterThan(0);
    await screenshot(page, '02-settings');
  });

  it('when suggestions are generated for a post, then they are listed with the anchor highlighted in its context', async () => {
    await page.goto(screen(site, 'interlinker'));
    // By keyboard only: open the dialog, find the post, pick it, generate.
    await page.getByRole('button', { name: 'Generate for a post' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Post' }).pressSequentially('Weekend');
    await expect.poll(() => dialog.getByRole('option', { name: /My Weekend Loaf/ }).count(), { timeout: 15_000 }).toBe(1);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Generate' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.interlinker-context__anchor').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await screenshot(page, '03-suggestions');
  });

  it('when every suggestion is approved in bulk, then they leave the pending list and show as approved', async () => {
    await page.getByRole('checkbox', { name: 'Select all' }).first().check();
    await bulkActions(page).getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => page.getByText(/suggestions? approved/).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await showStatus(page, 'Approved');
    await expect.poll(() => page.locator('.interlinker-badge--approved').count(), { timeout: 15_000 }).toBeGreaterThan(0);
  });

  it('when the approved suggestions are implemented, then each link’s result is shown and the post holds the links', async () => {
    await page.getByRole('checkbox', { name: 'Select all' }).first().check();
    await bulkActions(page).getByRole('button', { name: 'Implement selected' }).click();
    const results = page.getByRole('dialog', { name: 'Implementing links' });
    await expect.poll(() => results.getByText(/links inserted/).count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await screenshot(page, '04-implement-results');
    expect(await results.locator('.interlinker-result--ok').count()).toBeGreaterThan(0);
    const after = await site.content(loafId);
    expect(after).not.toBe(loafBefore);
    expect(after).toMatch(/<a [^>]*href="[^"]+"[^>]*>sourdough starter<\/a>/);
    await results.getByRole('button', { name: 'Done' }).click();
  });

  it('when an implementation is rolled back with a reason, then the post is exactly as it was before', async () => {
    await page.goto(screen(site, 'interlinker-implementations'));
    await expect.poll(() => page.locator('.interlinker-badge--completed').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await screenshot(page, '05-implementations');

    await page.locator('.dataviews-view-table tbody a').first().click();
    await expect.poll(() => page.getByRole('heading', { name: /Implementation/ }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => page.locator('.interlinker-details tbody tr').count()).toBeGreaterThan(0);
    await screenshot(page, '06-implementation-details');

    await page.getByRole('button', { name: 'Roll back' }).click();
    const dialog = page.getByRole('dialog', { name: 'Roll back this implementation' });
    await dialog.getByLabel('Why are you rolling back?').fill('The anchors read badly in this post.');
    await screenshot(page, '07-rollback');
    await dialog.getByRole('button', { name: 'Roll back' }).click();
    await expect.poll(() => page.locator('.interlinker-badge--rolled_back').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('The anchors read badly in this post.').count()).toBeGreaterThan(0);
    expect(await site.content(loafId)).toBe(loafBefore);
    await screenshot(page, '08-rolled-back');
  });

  it('when link health is opened, then the groups, the activity chart and the lists are there, and the chart’s numbers can be read as a table', async () => {
    await page.goto(screen(site, 'interlinker-health'));
    await expect.poll(() => page.locator('.interlinker-stat').count(), { timeout: 15_000 }).toBe(4);
    await expect.poll(() => page.locator('.interlinker-chart__column--0').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => page.locator('.interlinker-distribution__row').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => page.getByRole('heading', { name: 'Orphan pages' }).count()).toBe(1);
    await screenshot(page, '09-health');

    // By keyboard: the toggle is reachable and opens the table of the chart's numbers.
    const toggle = page.getByRole('button', { name: 'Show the numbers as a table' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await page.getByRole('button', { name: 'Hide the numbers' }).getAttribute('aria-expanded')).toBe('true');

    await page.getByLabel('Period').selectOption('7d');
    await expect.poll(() => page.locator('.interlinker-chart__table tbody tr').count(), { timeout: 15_000 }).toBe(7);
  });

  it('when the bridge is down, then the screens say it cannot be reached and offer to try again', async () => {
    await site.bridge.stop();
    try {
      await session.expectingFailedRequests(async () => {
        await page.goto(screen(site, 'interlinker-health'));
        await expect.poll(() => page.getByText('The bridge cannot be reached').count(), { timeout: 30_000 }).toBeGreaterThan(0);
        await screenshot(page, '10-health-bridge-unreachable');
      });
    } finally {
      await site.bridge.start();
    }
    await page.getByRole('button', { name: 'Try again' }).first().click();
    await expect.poll(() => page.locator('.interlinker-stat').count(), { timeout: 30_000 }).toBe(4);
  });

  it('when the post is opened in the block editor, then its sidebar lists the suggestions and inserts one as a link that is kept on save', async () => {
    await page.goto(`${site.wp.url}/wp-admin/post.php?post=${loafId}&action=edit`);
    await page.waitForFunction(() => Boolean((window as unknown as { wp?: { data?: unknown } }).wp?.data));
    // The first visit shows the editor's welcome guide; an editor would close it.
    await page.evaluate(() => {
      const wp = (window as unknown as { wp: { data: { dispatch: (store: string) => { set: (scope: string, name: string, value: unknown) => void } } } }).wp;
      wp.data.dispatch('core/preferences').set('core/edit-post', 'welcomeGuide', false);
    });
    await page.getByRole('button', { name: 'Interlinker link suggestions' }).first().click();
    const sidebar = page.getByRole('region', { name: /Editor settings|Interlinker/ }).or(page.locator('.interface-complementary-area')).first();
    await expect.poll(() => sidebar.getByRole('button', { name: 'Insert link' }).count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await screenshot(page, '11-editor-sidebar');

    await sidebar.getByRole('button', { name: 'Insert link' }).first().click();
    const edited = () =>
      page.evaluate(() => (window as unknown as { wp: { data: { select: (store: string) => { getEditedPostContent: () => string } } } }).wp.data.select('core/editor').getEditedPostContent());
    await expect.poll(edited).toMatch(/<a href="[^"]+">[^<]+<\/a>/);
    await screenshot(page, '12-editor-link-inserted');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => site.content(loafId), { timeout: 30_000 }).toMatch(/<a href="[^"]+">[^<]+<\/a>/);
    const implemented = async () => {
      const answer = await site.admin.json<Array<{ status: string }>>(`/interlinker/v1/suggestions?post_id=${loafId}&status=implemented`);
      return answer.body.length;
    };
    await expect.poll(implemented, { timeout: 30_000 }).toBeGreaterThan(0);
  });

  it('when a new key is generated from Settings, then the site uses it and the connection still works', async () => {
    await page.goto(screen(site, 'interlinker-settings'));
    await page.getByRole('button', { name: 'Generate new key' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Generate new key' }).click();
    await expect.poll(() => page.getByText('A new API key is in use').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    // The old key no longer opens the bridge.
    const oldKey = await fetch(`${site.bridge.url}/api/projects`, { headers: { Authorization: `Bearer ${site.bridge.apiKey}` } });
    expect(oldKey.status).toBe(401);
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => page.locator('.components-notice.is-success').count(), { timeout: 15_000 }).toBeGreaterThan(0);
  });

  it('when the screens were used, then our code logged no console errors', () => {
    expect(session.errors).toEqual([]);
  });
});

/** The buttons DataViews shows under the table once rows are selected. */
function bulkActions(page: Page) {
  return page.locator('.dataviews-bulk-actions-footer__action-buttons');
}

/** Sets the table's status filter through its chip, the way an editor does. */
async function showStatus(page: Page, label: string): Promise<void> {
  await page.locator('.dataviews-filters__summary-chip').first().click();
  await page.getByRole('option', { name: label }).or(page.getByRole('menuitemradio', { name: label })).first().click();
  await page.keyboard.press('Escape');
}
