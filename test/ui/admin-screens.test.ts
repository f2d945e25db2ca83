import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PluginSite } from '../plugin/support/plugin-site.js';
import { type BrowserSession, logInAs, openBrowser, screenshot } from './support/browser.js';
import { type ListedSuggestion, LOAF_TITLE, screenUrl, startBakingSite } from './support/baking-site.js';
import { hasFocus, pressUntilFocused } from './support/keyboard.js';
import { holdSuggestionReviews } from './support/held-reviews.js';

const screen = (site: PluginSite, slug: string) => screenUrl(site, slug);

describe('the Interlinker wp-admin screens in Chromium', () => {
  let site: PluginSite;
  let session: BrowserSession;
  let page: Page;
  let loafId: number;
  let loafBefore: string;

  beforeAll(async () => {
    ({ site, loafId, loafBefore } = await startBakingSite('ui-admin'));
    session = await openBrowser();
    page = session.page;
    await logInAs(page, site.wp.url, site.wp.adminUser, site.wp.adminPassword);
  });

  afterAll(async () => {
    await session?.close();
    await site?.stop();
  });

  it('when the plugin is not connected yet, then the suggestions screen shows the setup steps and leads to Settings', async () => {
    await session.expectingFailedRequests(async () => {
      await page.goto(screen(site, 'interlinker'));
      await expect.poll(() => page.getByRole('heading', { name: 'Set up Interlinker' }).count()).toBe(1);
      // The list's own request failed (nothing connected): it points to the steps rather than repeating them.
      await expect.poll(() => page.getByText('Shown here once Interlinker is set up').count(), { timeout: 15_000 }).toBe(1);
    });
    expect(await page.getByText('Interlinker is not connected yet').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Open Interlinker → Settings' }).first().getAttribute('href')).toContain('page=interlinker-settings');
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
    await expect.poll(() => page.locator('.interlinker-sync').textContent(), { timeout: 60_000 }).toMatch(/(\d+) of \1 posts synced, 0 failed/);
    expect(await page.locator('.interlinker-sync progress, .interlinker-sync [role="progressbar"]').count()).toBeGreaterThan(0);
    // The bar grows with a short animation: the picture waits until it is full.
    await page.waitForFunction(() => {
      const track = document.querySelector('.interlinker-sync__bar');
      const indicator = track?.querySelector('div');
      return !!track && !!indicator && indicator.getBoundingClientRect().width >= track.getBoundingClientRect().width - 1;
    });
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

  it('when the table is sorted by score, then the plugin sorts across all pages and a reload keeps the whole view', async () => {
    await page.getByRole('button', { name: 'Score', exact: true }).click();
    const askedAscending = page.waitForRequest((request) => {
      const url = new URL(request.url());
      return url.pathname.endsWith('/interlinker/v1/suggestions') && url.searchParams.get('orderby') === 'relevanceScore' && url.searchParams.get('order') === 'asc';
    });
    await page.getByRole('menuitemradio', { name: 'Sort ascending' }).click();
    await askedAscending;
    await expect.poll(() => page.locator('th[aria-sort="ascending"]').count()).toBe(1);

    await expect.poll(async () => (await shownScores(page)).length, { timeout: 15_000 }).toBeGreaterThan(0);
    const shown = await shownScores(page);
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
    // The first row is the lowest of all the post's pending suggestions, not only of the page that was loaded.
    const all = await site.admin.json<ListedSuggestion[]>(`/interlinker/v1/suggestions?post_id=${loafId}&status=pending&per_page=100`);
    expect(shown[0]).toBe(Math.round(Math.min(...all.body.map((s) => s.relevanceScore)) * 100));

    // The view is in the address: a reload (or the same link elsewhere) shows the same post, status and order.
    const address = new URL(page.url());
    expect(address.searchParams.get('orderby')).toBe('relevanceScore');
    expect(address.searchParams.get('order')).toBe('asc');
    expect(address.searchParams.get('source_post')).toBe(String(loafId));
    await page.reload();
    await expect.poll(() => page.locator('th[aria-sort="ascending"]').count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => page.getByRole('combobox', { name: 'Only suggestions in this post' }).inputValue(), { timeout: 15_000 }).toContain(LOAF_TITLE);
    await expect.poll(() => shownScores(page), { timeout: 15_000 }).toEqual(shown);
    expect(await page.locator('.dataviews-filters__summary-chip').first().textContent()).toContain('Pending');
    await screenshot(page, '03b-suggestions-sorted');
  });

  it('when the table is searched, then the plugin is asked with the text and the matching suggestion is shown; clearing it shows all again', async () => {
    const all = await site.admin.json<ListedSuggestion[]>(`/interlinker/v1/suggestions?post_id=${loafId}&status=pending&per_page=100`);
    const wanted = all.body[0]!.anchorText;
    const search = page.getByRole('searchbox', { name: 'Search anchors and titles' });
    const asked = page.waitForRequest((request) => {
      const url = new URL(request.url());
      return url.pathname.endsWith('/interlinker/v1/suggestions') && url.searchParams.get('search') === wanted;
    });
    await search.fill(wanted);
    await asked;
    await expect.poll(() => page.locator('.interlinker-context__anchor', { hasText: wanted }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const matching = await page.locator('.interlinker-context__anchor').count();
    // Cleared, the view is the one before the search again (answered from the store: no new request needed).
    await search.fill('');
    await expect.poll(() => page.locator('.interlinker-context__anchor').count(), { timeout: 15_000 }).toBe(Math.min(20, all.body.length));
    expect(matching).toBeLessThanOrEqual(Math.min(20, all.body.length));
  });

  it('when every suggestion is approved in bulk, then Insert selected links waits until WordPress has the approvals, and they leave the pending list and show as approved', async () => {
    await page.getByRole('checkbox', { name: 'Select all' }).first().check();
    const selected = await page.locator('.interlinker-context__anchor').count();
    // The approvals are held back on their way to WordPress, so that they are still unsaved when they show as approved.
    const reviews = await holdSuggestionReviews(page);
    await bulkActions(page).getByRole('button', { name: 'Approve' }).click();
    // Every selected row, not only the first: on a loaded machine the badges can appear one after another.
    await expect.poll(() => page.locator('.interlinker-badge--approved').count(), { timeout: 15_000 }).toBe(selected);
    // Shown approved at once, but Insert selected links is not offered until the plugin has the approvals (an insert
    // must not race them), nor Reject or Delete for a suggestion whose change is under way.
    const implement = bulkActions(page).getByRole('button', { name: 'Insert selected links' });
    expect(await page.getByText(/suggestions? approved/).count()).toBe(0);
    expect(await offered(implement)).toBe(false);
    expect(await offered(bulkActions(page).getByRole('button', { name: 'Reject' }))).toBe(false);
    await screenshot(page, '03c-suggestions-approval-under-way');
    reviews.release();
    await expect.poll(() => page.getByText(/suggestions? approved/).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await reviews.stop();
    await showStatus(page, 'Approved');
    await expect.poll(() => page.locator('.interlinker-badge--approved').count(), { timeout: 15_000 }).toBeGreaterThan(0);
  });

  it('when the approved suggestions are implemented, then each link’s result is shown and the post holds the links', async () => {
    await page.getByRole('checkbox', { name: 'Select all' }).first().check();
    await bulkActions(page).getByRole('button', { name: 'Insert selected links' }).click();
    const results = page.getByRole('dialog', { name: 'Implementing links' });
    await expect.poll(() => results.getByText(/links inserted/).count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await screenshot(page, '04-implement-results');
    expect(await results.locator('.interlinker-result--ok').count()).toBeGreaterThan(0);
    const after = await site.content(loafId);
    expect(after).not.toBe(loafBefore);
    expect(after).toMatch(/<a [^>]*data-interlinker="sug_[^"]+"[^>]*>[^<]+<\/a>/);
    await results.getByRole('button', { name: 'Done' }).click();
  });

  it('when an implementation is opened and rolled back with a reason, then every link is listed, the post is exactly as before and each post’s outcome is shown', async () => {
    await page.goto(screen(site, 'interlinker-implementations'));
    await expect.poll(() => page.locator('.interlinker-badge--completed').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await screenshot(page, '05-implementations');

    // A fresh load of the details lists every link of the implementation, each with its words, not a bare id.
    await page.locator('.dataviews-view-table tbody a').first().click();
    await expect.poll(() => page.getByRole('heading', { name: /Implementation/ }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const details = await implementationShown(page, site);
    await expect.poll(() => page.locator('.interlinker-link-row').count(), { timeout: 15_000 }).toBe(details.suggestionIds.length);
    expect(await page.locator('.interlinker-link-row__anchor code').count()).toBe(0);
    await screenshot(page, '06-implementation-details');

    await page.getByRole('button', { name: 'Roll back all links' }).click();
    const dialog = page.getByRole('dialog', { name: 'Roll back this implementation' });
    await dialog.getByLabel('Why? (optional)').fill('The anchors read badly in this post.');
    await screenshot(page, '07-rollback');
    await dialog.getByRole('button', { name: 'Roll back all links' }).click();
    await expect.poll(() => page.locator('.interlinker-badge--rolled_back').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('The anchors read badly in this post.').count()).toBeGreaterThan(0);
    expect(await site.content(loafId)).toBe(loafBefore);

    // Nobody edited the loaf in between: the rollback restored it byte for byte, and says so for that post.
    const outcomes = page.getByRole('region', { name: 'What the rollback did' });
    await expect.poll(() => outcomes.locator('tbody tr').count(), { timeout: 15_000 }).toBe(1);
    expect(await outcomes.locator('tbody tr').first().textContent()).toContain(LOAF_TITLE);
    expect(await outcomes.getByText('Restored exactly').count()).toBe(1);
    await screenshot(page, '08-rolled-back');
  });

  it('when the post changed after its suggestions were approved, then the implementation’s failed links are listed with their reasons on a fresh load', async () => {
    await site.php(`return wp_update_post( array( 'ID' => ${loafId}, 'post_content' => '<!-- wp:paragraph --><p>Rewritten: nothing here is as it was.</p><!-- /wp:paragraph -->' ), true );`);
    try {
      // Rolled back, the loaf's suggestions were rejected; an editor approves them again deliberately.
      const rejected = await site.admin.json<ListedSuggestion[]>(`/interlinker/v1/suggestions?post_id=${loafId}&status=rejected&per_page=100`);
      for (const suggestion of rejected.body) {
        await site.admin.json(`/interlinker/v1/suggestions/${suggestion.id}`, { method: 'PATCH', body: { status: 'approved' } });
      }
      // The approved suggestions of the loaf, straight from an address (the view is in the URL).
      await page.goto(screenUrl(site, 'interlinker', { status: 'approved', source_post: loafId }));
      await expect.poll(() => page.locator('.interlinker-badge--approved').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      await page.getByRole('checkbox', { name: 'Select all' }).first().check();
      await bulkActions(page).getByRole('button', { name: 'Insert selected links' }).click();
      const results = page.getByRole('dialog', { name: 'Implementing links' });
      await expect.poll(() => results.getByText(/links inserted/).count(), { timeout: 30_000 }).toBeGreaterThan(0);
      expect(await results.locator('.interlinker-result--ok').count()).toBe(0);
      expect(await results.locator('.interlinker-result__reason').count()).toBe(await results.locator('.interlinker-result').count());

      await results.getByRole('link', { name: 'See this implementation' }).click();
      await page.waitForURL(/implementation=/);
      const details = await implementationShown(page, site);
      await expect.poll(() => page.locator('.interlinker-link-row').count(), { timeout: 15_000 }).toBe(details.suggestionIds.length);
      expect(await page.locator('.interlinker-link-row .interlinker-badge--failed').count()).toBe(details.suggestionIds.length);
      expect(await page.locator('.interlinker-link-row .interlinker-result__reason').count()).toBe(details.suggestionIds.length);
      expect(await page.locator('.interlinker-link-row__anchor code').count()).toBe(0);
      await screenshot(page, '08b-implementation-failed-links');
    } finally {
      await site.php(`return wp_update_post( wp_slash( array( 'ID' => ${loafId}, 'post_content' => ${JSON.stringify(loafBefore)} ) ), true );`);
    }
    expect(await site.content(loafId)).toBe(loafBefore);
  });

  it('when an implementation is rolled back by keyboard alone, then the row’s actions, the dialog and its button can all be reached and used', async () => {
    const approved = await site.admin.json<ListedSuggestion[]>(`/interlinker/v1/suggestions?post_id=${loafId}&status=approved&per_page=100`);
    const implemented = await site.admin.json<{ id: string; status: string }>('/interlinker/v1/implement', {
      method: 'POST',
      body: { suggestionIds: approved.body.map((s) => s.id) },
    });
    expect(implemented.body.status).toBe('completed');
    expect(await site.content(loafId)).not.toBe(loafBefore);

    await page.goto(screen(site, 'interlinker-implementations'));
    await expect.poll(() => page.locator('.interlinker-badge--completed').count(), { timeout: 15_000 }).toBe(1);
    const row = page.locator('.dataviews-view-table tbody tr', { has: page.locator('.interlinker-badge--completed') });
    const actions = row.getByRole('button', { name: 'Actions' });
    // wp-admin's first stop is "Skip to main content"; from there, Tab until the completed row's actions have the focus.
    await pressUntilFocused(page, page.getByRole('link', { name: 'Skip to main content' }), 'Tab', 3);
    await page.keyboard.press('Enter');
    await pressUntilFocused(page, actions, 'Tab', 30);
    await page.keyboard.press('Enter');
    const rollBack = page.getByRole('menuitem', { name: 'Roll back all links' });
    await expect.poll(() => rollBack.count()).toBe(1);
    await pressUntilFocused(page, rollBack, 'ArrowDown', 10);
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: 'Roll back this implementation' });
    const reason = dialog.getByLabel('Why? (optional)');
    await expect.poll(() => hasFocus(reason), { timeout: 10_000 }).toBe(true);
    await page.keyboard.type('Tried by keyboard.');
    await pressUntilFocused(page, dialog.getByRole('button', { name: 'Roll back all links' }), 'Tab', 10);
    await screenshot(page, '08c-rollback-by-keyboard');
    await page.keyboard.press('Enter');

    await expect.poll(() => site.content(loafId), { timeout: 30_000 }).toBe(loafBefore);
    await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => page.locator('.interlinker-badge--completed').count(), { timeout: 15_000 }).toBe(0);
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

  it('when the post is opened in the block editor, then its sidebar lists the suggestions and inserts a ticked one as a link the editor then shows', async () => {
    await page.goto(`${site.wp.url}/wp-admin/post.php?post=${loafId}&action=edit`);
    await page.waitForFunction(() => Boolean((window as unknown as { wp?: { data?: unknown } }).wp?.data));
    // The first visit shows the editor's welcome guide; an editor would close it.
    await page.evaluate(() => {
      const wp = (window as unknown as { wp: { data: { dispatch: (store: string) => { set: (scope: string, name: string, value: unknown) => void } } } }).wp;
      wp.data.dispatch('core/preferences').set('core/edit-post', 'welcomeGuide', false);
    });
    await page.getByRole('button', { name: 'Interlinker link suggestions' }).first().click();
    const sidebar = page.getByRole('region', { name: /Editor settings|Interlinker/ }).or(page.locator('.interface-complementary-area')).first();
    await expect.poll(() => sidebar.getByRole('checkbox', { name: /^Link to / }).count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await screenshot(page, '11-editor-sidebar');

    await sidebar.getByRole('checkbox', { name: /^Link to / }).first().check();
    await sidebar.getByRole('button', { name: 'Insert ticked links' }).click();
    const edited = () =>
      page.evaluate(() => (window as unknown as { wp: { data: { select: (store: string) => { getEditedPostContent: () => string } } } }).wp.data.select('core/editor').getEditedPostContent());
    await expect.poll(edited, { timeout: 30_000 }).toMatch(/<a [^>]*data-interlinker="[^"]+"[^>]*>[^<]+<\/a>/);
    await screenshot(page, '12-editor-link-inserted');

    await expect.poll(() => site.content(loafId), { timeout: 30_000 }).toMatch(/<a [^>]*data-interlinker="[^"]+"[^>]*>[^<]+<\/a>/);
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

/** Whether a button is there to be pressed: shown and enabled. */
async function offered(button: Locator): Promise<boolean> {
  return (await button.count()) > 0 && (await button.first().isEnabled());
}

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

/** The table's scores as shown, in percent, top to bottom. */
async function shownScores(page: Page): Promise<number[]> {
  const texts = await page.locator('.interlinker-score__value').allTextContents();
  return texts.map((text) => Number.parseInt(text, 10));
}

/** The implementation whose details are open, as the plugin answers it. */
async function implementationShown(page: Page, site: PluginSite): Promise<{ id: string; suggestionIds: string[] }> {
  const id = new URL(page.url()).searchParams.get('implementation');
  if (!id) throw new Error(`no implementation in ${page.url()}`);
  const answer = await site.admin.json<{ id: string; suggestionIds: string[] }>(`/interlinker/v1/implementations/${id}`);
  expect(answer.status).toBe(200);
  return answer.body;
}
