import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, logInAs, openBrowser, screenshot } from './support/browser.js';
import { type BakingSite, connectAndSuggest, startBakingSite } from './support/baking-site.js';

describe("the block editor's \"Link this post for these phrases\" in Chromium", () => {
  let baking: BakingSite;
  let session: BrowserSession;

  beforeAll(async () => {
    baking = await startBakingSite('ui-keyphrases');
    await connectAndSuggest(baking);
    session = await openBrowser();
    await logInAs(session.page, baking.site.wp.url, baking.site.wp.adminUser, baking.site.wp.adminPassword);
  });

  afterAll(async () => {
    await session?.close();
    await baking?.site.stop();
  });

  it('when an editor types a phrase in the sidebar and saves the post, then the post meta holds it and the bridge gets it with the post', async () => {
    const { site, loafId } = baking;
    const { page } = session;
    await page.goto(`${site.wp.url}/wp-admin/post.php?post=${loafId}&action=edit`);
    await page.waitForFunction(() => Boolean((window as unknown as { wp?: { data?: unknown } }).wp?.data));
    await page.evaluate(() => {
      const wp = (window as unknown as { wp: { data: { dispatch: (store: string) => { set: (scope: string, name: string, value: unknown) => void } } } }).wp;
      wp.data.dispatch('core/preferences').set('core/edit-post', 'welcomeGuide', false);
    });
    await page.getByRole('button', { name: 'Interlinker link suggestions' }).first().click();
    const field = page.getByLabel('Phrases', { exact: true });
    await field.click();
    await field.fill('weekend sourdough loaf');
    await field.press('Enter');
    // Over six words: the field does not take it.
    await field.fill('a phrase of far more than six words that no editor means');
    await field.press('Enter');
    await expect.poll(() => page.locator('.components-form-token-field__token-text').allInnerTexts()).toEqual([
      expect.stringContaining('weekend sourdough loaf'),
    ]);
    // Refused in words the editor can see, not silently.
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'was not added' }).innerText()).toContain('it has 12 words, and a phrase has at most 6');
    await field.fill('x'.repeat(101));
    await field.press('Enter');
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'was not added' }).innerText()).toContain('it has 101 characters, and a phrase has at most 100');
    await screenshot(page, '22-editor-keyphrase-refused');
    await field.fill('');
    await page.locator('.interlinker-editor-keyphrases__help').scrollIntoViewIfNeeded();
    await screenshot(page, '21-editor-keyphrases');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const meta = () => site.php<unknown>(`return get_post_meta( ${loafId}, '_interlinker_keyphrases', true );`);
    await expect.poll(meta, { timeout: 30_000 }).toEqual(['weekend sourdough loaf']);
    const bridgeKeyphrases = async () => {
      const pages = await site.bridgeApi<{ data: { url: string; keyphrases: string[] }[] }>(`/api/projects/${await site.projectId()}/pages?limit=100`);
      const url = await site.php<string>(`return get_permalink( ${loafId} );`);
      return pages.body.data.find((p) => p.url === url)?.keyphrases;
    };
    await expect.poll(bridgeKeyphrases, { timeout: 30_000 }).toEqual(['weekend sourdough loaf']);
    expect(session.errors).toEqual([]);
  });
});
