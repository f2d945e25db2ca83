import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compilePo, parsePo } from '../../scripts/compile-translations.js';
import { POT_FILE } from '../../scripts/make-pot.js';
import { startWordPress, type WordPressStack } from '../support/wordpress.js';
import { freePort } from '../support/wp-network.js';
import { type BrowserSession, logInAs, openBrowser, screenshot } from './support/browser.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
// A copy of the plugin, so that the sample translation never lands in the working tree's plugin/languages.
const pluginCopy = path.join(root, '.tmp/ui-translations-plugin/interlinker');

/** A translator's sample: strings of the PHP menu and of the React screens, from the committed .pot. */
const GERMAN: Record<string, string> = {
  Suggestions: 'Vorschläge',
  'Link health': 'Linkgesundheit',
  'Set up Interlinker': 'Interlinker einrichten',
  'Open Interlinker → Settings': 'Interlinker → Einstellungen öffnen',
};

/** The .pot with the sample translations filled in, as a translator's tool would save it. */
function germanPo(): string {
  const pot = readFileSync(POT_FILE, 'utf8');
  let po = pot.replace('"X-Domain: interlinker\\n"', '"X-Domain: interlinker\\n"\n"Language: de_DE\\n"\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"');
  for (const [english, german] of Object.entries(GERMAN)) {
    const empty = `msgid "${english}"\nmsgstr ""`;
    if (!po.includes(empty)) throw new Error(`"${english}" is not in the .pot`);
    po = po.replace(empty, `msgid "${english}"\nmsgstr "${german}"`);
  }
  return po;
}

describe('the plugin in German (de_DE), from a .po compiled by npm run i18n:compile', () => {
  let wp: WordPressStack;
  let session: BrowserSession;
  let page: Page;

  beforeAll(async () => {
    rmSync(path.dirname(pluginCopy), { recursive: true, force: true });
    mkdirSync(path.dirname(pluginCopy), { recursive: true });
    cpSync(path.join(root, 'plugin'), pluginCopy, { recursive: true });
    const po = path.join(pluginCopy, 'languages/interlinker-de_DE.po');
    writeFileSync(po, germanPo());
    compilePo(po);

    wp = await startWordPress({ name: 'ui-translations', port: await freePort(), dbPort: await freePort(), pluginDir: pluginCopy });
    await wp.wpPhp(`update_user_meta( get_user_by( 'login', '${wp.adminUser}' )->ID, 'locale', 'de_DE' );`);
    session = await openBrowser();
    page = session.page;
    await logInAs(page, wp.url, wp.adminUser, wp.adminPassword);
  });

  afterAll(async () => {
    await session?.close();
    await wp?.stop();
    rmSync(path.dirname(pluginCopy), { recursive: true, force: true });
  });

  it('when the sample is compiled, then the .mo holds the PHP strings and each script handle’s JSON only the admin UI’s', () => {
    const languages = path.join(pluginCopy, 'languages');
    expect(existsSync(path.join(languages, 'interlinker-de_DE.mo'))).toBe(true);
    const json = JSON.parse(readFileSync(path.join(languages, 'interlinker-de_DE-interlinker-admin.json'), 'utf8')) as {
      locale_data: { messages: Record<string, unknown> };
    };
    const messages = json.locale_data.messages;

    expect(messages['Set up Interlinker']).toEqual(['Interlinker einrichten']);
    // "Link health" is a PHP menu title and a React heading; "Suggestions" likewise. Nothing PHP-only goes in.
    expect(Object.keys(messages).sort()).toEqual(['', 'Link health', 'Open Interlinker → Settings', 'Set up Interlinker', 'Suggestions']);
    expect(readFileSync(path.join(languages, 'interlinker-de_DE-interlinker-editor.json'), 'utf8')).toBe(readFileSync(path.join(languages, 'interlinker-de_DE-interlinker-admin.json'), 'utf8'));
    expect(parsePo(germanPo()).filter((entry) => entry.translations.some((t) => t !== '')).length).toBe(Object.keys(GERMAN).length + 1);
  });

  it('when an administrator whose language is German opens the suggestions screen, then the PHP menu and the React screen speak German', async () => {
    await session.expectingFailedRequests(async () => {
      await page.goto(`${wp.url}/wp-admin/admin.php?page=interlinker`);
      await expect.poll(() => page.getByRole('heading', { name: 'Interlinker einrichten' }).count(), { timeout: 15_000 }).toBe(1);
      // The list's own request fails (nothing connected, on purpose): wait for its answer inside this step.
      await expect.poll(() => page.locator('.interlinker-state--blocked, .interlinker-state--empty, .interlinker-error').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    });

    // PHP: the submenu titles and the page's <title>, through load_plugin_textdomain and the .mo.
    const menu = page.locator('#toplevel_page_interlinker .wp-submenu');
    await expect.poll(() => menu.getByRole('link', { name: 'Vorschläge', exact: true }).count()).toBe(1);
    expect(await menu.getByRole('link', { name: 'Linkgesundheit', exact: true }).count()).toBe(1);
    expect(await page.title()).toContain('Vorschläge');
    // React: strings through wp_set_script_translations and interlinker-de_DE-interlinker-admin.json.
    expect(await page.getByRole('link', { name: 'Interlinker → Einstellungen öffnen' }).count()).toBe(1);
    expect(await page.getByText('Set up Interlinker').count()).toBe(0);
    // A string the sample leaves untranslated stays English.
    expect(await menu.getByRole('link', { name: 'Implementations', exact: true }).count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de-DE');
    await screenshot(page, '18-suggestions-in-german');

    expect(session.errors).toEqual([]);
  });
});
