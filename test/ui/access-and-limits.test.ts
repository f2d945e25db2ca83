import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, logInAs, openBrowser, screenshot } from './support/browser.js';
import { type BakingSite, connectAndSuggest, screenUrl, startBakingSite, useApiKey } from './support/baking-site.js';

describe('the Interlinker screens for an editor and under the bridge’s rate limit', () => {
  let baking: BakingSite;
  const sessions: BrowserSession[] = [];

  beforeAll(async () => {
    baking = await startBakingSite('ui-access');
    await connectAndSuggest(baking);
  });

  afterAll(async () => {
    for (const session of sessions) await session.close();
    await baking?.site.stop();
  });

  async function browserAs(login: string, password: string): Promise<BrowserSession> {
    const session = await openBrowser();
    sessions.push(session);
    await logInAs(session.page, baking.site.wp.url, login, password);
    return session;
  }

  it('when an editor opens Suggestions, then the suggestions are listed and can be reviewed', async () => {
    const { site } = baking;
    const editor = site.wp.users.editor;
    const { page } = await browserAs(editor.login, editor.password);

    await page.goto(screenUrl(site, 'interlinker'));
    await expect.poll(() => page.locator('.dataviews-view-table tbody tr').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const first = page.locator('.dataviews-view-table tbody tr').first();
    // The row's own labelled buttons, visible without hovering.
    await first.getByRole('button', { name: /^Reject “/ }).click();
    await expect.poll(() => page.getByText('1 suggestion rejected.').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await screenshot(page, '13-editor-suggestions');
  });

  it('when an editor meets a problem only Settings can fix, then the screen says to ask an administrator and offers no Settings', async () => {
    const { site } = baking;
    const session = sessions[0]!;
    const { page } = session;
    // Settings is for administrators: not in the editor's menu, and WordPress refuses its address.
    await page.goto(screenUrl(site, 'interlinker'));
    expect(await page.locator('#adminmenu a[href*="page=interlinker-settings"]').count()).toBe(0);
    expect(await page.locator('#adminmenu a[href*="page=interlinker-implementations"]').count()).toBe(1);
    await session.expectingFailedRequests(async () => {
      await page.goto(screenUrl(site, 'interlinker-settings'));
      expect(await page.locator('#interlinker-admin-root').count()).toBe(0);
    });

    await site.bridge.stop();
    try {
      await session.expectingFailedRequests(async () => {
        await page.goto(screenUrl(site, 'interlinker'));
        await expect.poll(() => page.getByText('The bridge cannot be reached').count(), { timeout: 30_000 }).toBeGreaterThan(0);
        expect(await page.locator('.interlinker-error').getByText('Ask a site administrator to check the Interlinker settings.').count()).toBe(1);
        expect(await page.getByRole('link', { name: 'Open Interlinker settings' }).count()).toBe(0);
        await screenshot(page, '14-editor-ask-an-administrator');
      });
    } finally {
      await site.bridge.start();
    }
  });

  it('when the account’s hourly limit is used up, then Suggestions says so with the time it resets, and works again on a key with room', async () => {
    const { site } = baking;
    // Limits are per account: a second account with room for three requests an hour, and the site on its key.
    const tinyKey = await site.bridge.createKey('tiny', 'free', 3);
    await useApiKey(site, tinyKey);
    const session = await browserAs(site.wp.adminUser, site.wp.adminPassword);
    const { page } = session;
    try {
      let resetAt = 0;
      for (let calls = 0; calls < 10 && resetAt === 0; calls++) {
        const answer = await fetch(`${site.bridge.url}/api/projects`, { headers: { Authorization: `Bearer ${tinyKey}` } });
        if (answer.status === 429) resetAt = Number(answer.headers.get('X-RateLimit-Reset'));
      }
      expect(resetAt).toBeGreaterThan(Date.now() / 1000);
      // The reset as WordPress writes a time of day (the site's time format and time zone).
      const resetTime = await site.php<string>(`return wp_date( get_option( 'time_format' ), ${resetAt} );`);

      await session.expectingFailedRequests(async () => {
        // Every bridge read of the screen fails now (429), its generation progress too: wait for that one as well.
        // (The browser reports a failed load on its console after the answer: wait for that report itself.)
        const generationRead = page.waitForEvent('console', (message) => message.location().url.includes('/interlinker/v1/generation'));
        await page.goto(screenUrl(site, 'interlinker'));
        await expect.poll(() => page.locator('.interlinker-error').getByText('The hourly request limit is used up').count(), { timeout: 15_000 }).toBe(1);
        expect((await generationRead).text()).toContain('429');
      });
      expect(await page.locator('.interlinker-error').textContent()).toContain(`Try again after ${resetTime}`);
      await screenshot(page, '15-suggestions-rate-limited');
    } finally {
      await useApiKey(site, site.bridge.apiKey);
    }
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => page.locator('.dataviews-view-table tbody tr').count(), { timeout: 15_000 }).toBeGreaterThan(0);
  });

  it('when the screens were used, then our code logged no console errors', () => {
    expect(sessions.flatMap((session) => session.errors)).toEqual([]);
  });
});
