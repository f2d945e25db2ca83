import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PluginSite } from '../plugin/support/plugin-site.js';
import { type FaultProxy, startFaultProxy } from '../plugin/support/fault-proxy.js';
import { type BrowserSession, logInAs, openBrowser, screenshot } from './support/browser.js';
import { screenUrl, startBakingSite } from './support/baking-site.js';

const WIDE = { width: 1366, height: 900 };
const NARROW = { width: 390, height: 844 };
const COUNT_BATCH = 4;

/** Whether the page is wider than the window (something sticks out sideways). */
const overflowsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);

/** The setup checklist's "n of 4 done". */
const stepsDone = async (page: Page) => Number((await page.locator('.interlinker-setup__count').textContent())?.match(/(\d) of 4/)?.[1]);

describe('a new administrator, from activation to the first suggestions, in Chromium', () => {
  let site: PluginSite;
  let session: BrowserSession;
  let page: Page;
  /** Between WordPress and the bridge: the address the administrator types, and how the tests slow the bridge. */
  let proxy: FaultProxy;

  beforeAll(async () => {
    // Small link-count batches, so that the sync goes on counting for a few calls after the content is sent.
    ({ site } = await startBakingSite('ui-first-run', { muPlugin: `add_filter( 'interlinker_link_count_batch', static fn() => ${COUNT_BATCH} );` }));
    proxy = await startFaultProxy(() => site.bridge.url);
    session = await openBrowser();
    page = session.page;
    await page.setViewportSize(WIDE);
    await logInAs(page, site.wp.url, site.wp.adminUser, site.wp.adminPassword);
  });

  afterAll(async () => {
    await session?.close();
    await proxy?.close();
    await site?.stop();
  });

  it.each([
    ['1366', WIDE],
    ['390', NARROW],
  ] as const)('when nothing is connected yet, then every screen opens with the setup steps, not a red error (%s px)', async (width, viewport) => {
    await page.setViewportSize(viewport);
    // Nothing is connected: the lists' requests fail on purpose (503 interlinker_not_configured).
    for (const slug of ['interlinker', 'interlinker-implementations', 'interlinker-health', 'interlinker-settings']) {
      await session.expectingFailedRequests(async () => {
        await page.goto(screenUrl(site, slug));
        await expect.poll(() => page.getByRole('heading', { name: 'Set up Interlinker' }).count(), { timeout: 15_000 }).toBe(1);
        expect(await stepsDone(page)).toBe(0);
        expect(await page.getByText('Interlinker is not connected yet').count()).toBe(0);
        expect(await page.locator('.components-notice.is-error').count()).toBe(0);
        // Where the bridge and its key come from, in words and in the guide.
        expect(await page.locator('.interlinker-setup').textContent()).toMatch(/npm start.*prints its address and the first API key/);
        expect(await page.getByRole('link', { name: /How to get a bridge and its key/ }).getAttribute('href')).toMatch(/readme\.txt$/);
        expect(await overflowsSideways(page)).toBe(false);
        await screenshot(page, `first-run-${slug}-not-connected-${width}`);
      });
    }
    await page.setViewportSize(WIDE);
  });

  it('when nothing is connected yet, then the actions that need the bridge are disabled and say why', async () => {
    await session.expectingFailedRequests(async () => {
      await page.goto(screenUrl(site, 'interlinker'));
      await expect.poll(() => page.getByRole('button', { name: 'Generate for a post' }).count(), { timeout: 15_000 }).toBe(1);
      // The list's own request fails (nothing connected): it points to the steps rather than repeating them.
      await expect.poll(() => page.getByText('Shown here once Interlinker is set up').count(), { timeout: 15_000 }).toBe(1);
    });
    for (const name of ['Generate for a post', 'Download CSV']) {
      const button = page.getByRole('button', { name });
      expect(await button.getAttribute('aria-disabled'), name).toBe('true');
      const describedBy = await button.getAttribute('aria-describedby');
      expect(await page.locator(`#${describedBy}`).textContent()).toMatch(/once Interlinker is connected/);
    }
    await page.goto(screenUrl(site, 'interlinker-settings'));
    expect(await page.getByRole('button', { name: 'Sync all content' }).getAttribute('aria-disabled')).toBe('true');
    // The checklist leads to the form by the names the menus and buttons have.
    await page.getByRole('link', { name: 'Open Interlinker → Settings' }).click();
    expect(page.url()).toMatch(/#interlinker-connection$/);
  });

  it('when a key the bridge refuses is saved, then nothing is saved and the form says the key was refused', async () => {
    await page.getByLabel('Bridge address').fill(proxy.url);
    await page.getByLabel('API key').fill('ilk_typed_from_memory_and_wrong');
    const refusal = page.locator('#interlinker-connection .components-notice.is-error');
    // The refusal is a 422 answer, on purpose.
    await session.expectingFailedRequests(async () => {
      await page.getByRole('button', { name: 'Save connection' }).click();
      await expect.poll(() => refusal.count(), { timeout: 15_000 }).toBe(1);
    });
    expect(await refusal.textContent()).toMatch(/Not saved: the bridge at this address refused the API key/);
    expect((await site.admin.json<{ apiKeySet: boolean }>('/interlinker/v1/settings')).body.apiKeySet).toBe(false);
    expect(await stepsDone(page)).toBe(0);
    await screenshot(page, 'first-run-settings-key-refused-1366');
  });

  it('when the right key is saved, then steps 1 and 2 are done and the sync is offered', async () => {
    await page.getByLabel('API key').fill(site.bridge.apiKey);
    await page.getByRole('button', { name: 'Save connection' }).click();

    await expect.poll(() => stepsDone(page), { timeout: 15_000 }).toBe(2);
    expect(await page.locator('#interlinker-connection .components-notice.is-error').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Sync all content' }).getAttribute('aria-disabled')).not.toBe('true');
    await page.getByRole('button', { name: 'Test connection' }).click();
    const result = page.locator('#interlinker-connection .components-notice.is-success');
    await expect.poll(() => result.count(), { timeout: 15_000 }).toBe(1);
    expect(await result.textContent()).toMatch(/This account has no project for this site yet: "Sync all content" creates it/);
  });

  it('when Sync all content runs, then it counts every post’s links too, and the bar reaches 100 % at "n of n" with the count done and step 3 done', async () => {
    // Every text the count's line shows while the sync runs.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { countTexts: string[] }).countTexts = seen;
      new MutationObserver(() => {
        const text = document.querySelector('.interlinker-sync__link-counts')?.textContent;
        if (text && seen.at(-1) !== text) seen.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    const uncounted = () =>
      site.php<number>(
        `return count( get_posts( array( 'post_type' => array( 'post', 'page' ), 'post_status' => 'publish', 'posts_per_page' => -1, 'fields' => 'ids', 'meta_key' => '_interlinker_link_counts', 'meta_compare' => 'NOT EXISTS' ) ) );`,
      );
    // A site where the plugin was just installed: no post counted yet.
    await site.php(`delete_option( 'interlinker_link_count_run' ); delete_post_meta_by_key( '_interlinker_link_counts' ); return true;`);
    expect(await uncounted()).toBeGreaterThan(COUNT_BATCH);
    await page.getByRole('button', { name: 'Sync all content' }).click();

    const sync = page.locator('.interlinker-sync');
    await expect.poll(() => sync.textContent(), { timeout: 60_000 }).toMatch(/(\d+) of \1 posts synced, 0 failed\..*Counting links: done, \d+ posts counted\./);
    expect(await sync.textContent()).not.toContain('Starting');
    const texts = await page.evaluate(() => (window as unknown as { countTexts: string[] }).countTexts);
    const running = texts.filter((text) => /^Counting links: \d+ of \d+ posts$/.test(text));
    expect(running.length, texts.join(' | ')).toBeGreaterThan(0);
    expect(running[0]).toMatch(new RegExp(`^Counting links: ${COUNT_BATCH} of \\d+ posts$`));
    expect(texts.at(-1)).toMatch(/^Counting links: done/);
    // What All Posts will show: every published post has its counts.
    expect(await uncounted()).toBe(0);
    // The bar's value and its drawing are both full (the fill grows with a short animation: wait for its end).
    expect(await sync.locator('progress').evaluate((bar) => (bar as HTMLProgressElement).value)).toBe(100);
    await page.waitForFunction(() => {
      const track = document.querySelector('.interlinker-sync__bar');
      const fill = track?.querySelector('div');
      return !!track && !!fill && Math.abs(fill.getBoundingClientRect().right - track.getBoundingClientRect().right) <= 1;
    });
    await expect.poll(() => stepsDone(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    // The old dead end is gone.
    expect(await page.getByText('Suggestions can now be generated').count()).toBe(0);
    await screenshot(page, 'first-run-settings-synced-1366');
  });

  // Needs the bridge's background generation (GET /api/projects/{id}/generation, the bridge branch of issue 25).
  it('when the sync is done, then the bridge finds suggestions in the background, the panel follows it and leads to them', async () => {
    const panel = page.locator('#interlinker-sync .interlinker-generation');
    await expect.poll(() => panel.textContent(), { timeout: 60_000 }).toMatch(/Finding suggestions: (\d+ of \d+ posts|done)/);
    await expect.poll(() => panel.textContent(), { timeout: 120_000 }).toMatch(/Finding suggestions: done\. New suggestions: [1-9]\d* \(from \d+ posts\)/);
    await expect.poll(() => stepsDone(page), { timeout: 15_000 }).toBe(4);
    await screenshot(page, 'first-run-settings-suggestions-found-1366');
    await page.setViewportSize(NARROW);
    expect(await overflowsSideways(page)).toBe(false);
    await screenshot(page, 'first-run-settings-suggestions-found-390');
    await page.setViewportSize(WIDE);

    await panel.getByRole('link', { name: 'Review suggestions' }).click();
    await expect.poll(() => page.locator('.interlinker-context__anchor').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    // Set up now: from the next screen on, the checklist is gone and the actions are enabled.
    await page.reload();
    await expect.poll(() => page.getByRole('button', { name: 'Generate for a post' }).getAttribute('aria-disabled')).not.toBe('true');
    expect(await page.locator('.interlinker-setup').count()).toBe(0);
  });

  it('when the bridge answers slowly, then the screen says so after a few seconds, and then what happened', async () => {
    proxy.inject('GET', /\/analytics(\?|$)/, { kind: 'delay', ms: 12_000 });
    try {
      await session.expectingFailedRequests(async () => {
        await page.goto(screenUrl(site, 'interlinker-health'));
        await expect.poll(() => page.getByText('The bridge is slow to answer').count(), { timeout: 8_000 }).toBeGreaterThan(0);
        await screenshot(page, 'first-run-health-slow-bridge-1366');
        const problem = page.locator('.interlinker-bridge-problem');
        // Read in one step with the count: the notice is replaced whenever the screen asks again.
        await expect
          .poll(async () => ((await problem.count()) === 1 ? await problem.textContent({ timeout: 1_000 }).catch(() => '') : ''), { timeout: 30_000 })
          .toMatch(/The bridge is too slow to answer.*did not answer within 10 seconds/);
      });
    } finally {
      proxy.clear();
    }
  });

  it.each([
    ['1366', WIDE],
    ['390', NARROW],
  ] as const)('when the bridge is down, then each screen says once that it cannot be reached (%s px)', async (width, viewport) => {
    await page.setViewportSize(viewport);
    await site.bridge.stop();
    // Every request that reaches for the bridge fails now, on purpose.
    await session.expectingFailedRequests(async () => {
      try {
        for (const slug of ['interlinker', 'interlinker-implementations', 'interlinker-health']) {
          await page.goto(screenUrl(site, slug));
          // Requests of the screen before may still hold the site's PHP workers on a busy machine: wait for them.
          await expect
            .poll(() => page.locator('.interlinker-bridge-problem').count(), { timeout: 60_000 })
            .toBe(1)
            .catch(async (error: Error) => {
              // What the screen showed instead, and what reached the bridge's address, to tell why.
              const shown = await page.locator('#wpbody-content').innerText().catch(() => '(unreadable)');
              throw new Error(`${slug}: ${error.message}\nOn screen: ${shown.slice(0, 1500)}\nLast asked of the bridge: ${proxy.seen.slice(-10).join(', ')}`);
            });
          await screenshot(page, `first-run-${slug}-bridge-down-${width}`);
          // Once on the screen (the notice is also spoken once, through WordPress's hidden live region).
          expect(await page.locator('.interlinker-admin').getByText('The bridge cannot be reached', { exact: true }).count()).toBe(1);
          expect(await page.locator('.components-notice.is-error').count()).toBe(1);
          expect(await overflowsSideways(page)).toBe(false);
        }
        // The sync says why it stopped, and never "Starting…" beside it.
        await page.goto(screenUrl(site, 'interlinker-settings'));
        await page.getByRole('button', { name: 'Sync all content' }).click();
        const sync = page.locator('.interlinker-sync');
        await expect.poll(() => sync.textContent(), { timeout: 30_000 }).toMatch(/The sync stopped\..*cannot be reached/);
        expect(await sync.textContent()).not.toContain('Starting');
        await screenshot(page, `first-run-settings-sync-bridge-down-${width}`);
      } finally {
        await site.bridge.start();
        await page.setViewportSize(WIDE);
      }
    });
  });

  it('when the screens were used, then our code logged no console errors', () => {
    expect(session.errors).toEqual([]);
  });
});
