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
    await page.goto(screen(site, 'interlinker'));
    await expect.poll(() => page.getByText('Interlinker is not connected yet').count()).toBeGreaterThan(0);
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
    await page.getByRole('button', { name: 'Generate for a post' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Post' }).fill('Weekend');
    await dialog.getByRole('option', { name: /My Weekend Loaf/ }).click();
    await dialog.getByRole('button', { name: 'Generate' }).click();
    await expect.poll(() => page.locator('.interlinker-context__anchor').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await screenshot(page, '03-suggestions');
  });

  it('when every suggestion is approved in bulk, then they leave the pending list and show as approved', async () => {
    await page.getByRole('checkbox', { name: 'Select all' }).first().check();
    await page.locator('.dataviews-bulk-actions-footer').getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => page.getByText(/suggestions? approved/).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await showStatus(page, 'Approved');
    await expect.poll(() => page.locator('.interlinker-badge--approved').count(), { timeout: 15_000 }).toBeGreaterThan(0);
  });

  it('when the approved suggestions are implemented, then each link’s result is shown and the post holds the links', async () => {
    await page.getByRole('checkbox', { name: 'Select all' }).first().check();
    const footer = page.locator('.dataviews-bulk-actions-footer');
    await footer.getByRole('button', { name: 'Implement selected' }).or(footer.getByRole('button', { name: 'Actions' })).first().click();
    const implement = page.getByRole('menuitem', { name: 'Implement selected' });
    if (await implement.count()) await implement.click();
    const results = page.getByRole('dialog', { name: 'Implementing links' });
    await expect.poll(() => results.getByText(/links inserted/).count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await screenshot(page, '04-implement-results');
    expect(await results.locator('.interlinker-result--ok').count()).toBeGreaterThan(0);
    const after = await site.content(loafId);
    expect(after).not.toBe(loafBefore);
    expect(after).toMatch(/<a [^>]*href="[^"]+"[^>]*>sourdough starter<\/a>/);
    await results.getByRole('button', { name: 'Close' }).click();
  });
});

/** Sets the table's status filter through its chip, the way an editor does. */
async function showStatus(page: Page, label: string): Promise<void> {
  await page.locator('.dataviews-filters__summary-chip').first().click();
  await page.getByRole('option', { name: label }).or(page.getByRole('menuitemradio', { name: label })).first().click();
  await page.keyboard.press('Escape');
}
