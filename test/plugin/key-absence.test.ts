import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn } from '../support/wp-rest.js';
import { type PluginSite, startPluginSite } from './support/plugin-site.js';

/** Every wp-admin screen an administrator is likely to open, the plugin's own first. */
const ADMIN_PAGES = [
  'admin.php?page=interlinker',
  'admin.php?page=interlinker-implementations',
  'admin.php?page=interlinker-health',
  'admin.php?page=interlinker-settings',
  'index.php',
  'edit.php',
  'post-new.php',
  'plugins.php',
  'options-general.php',
  'profile.php',
];

describe('the API key never reaches the browser', () => {
  let site: PluginSite;
  let cookie: string;
  let postId: number;

  beforeAll(async () => {
    // Configured through the settings route (stored in the database), the way a site owner does it.
    site = await startPluginSite({ name: 'plugin-key-absence', configure: 'none' });
    const saved = await site.admin.json('/interlinker/v1/settings', {
      method: 'POST',
      body: { bridgeUrl: site.bridge.url, apiKey: site.bridge.apiKey },
    });
    expect(saved.status).toBe(200);
    postId = await site.createPost({ title: 'A post', content: '<p>Some text.</p>' });
    cookie = await logIn(site.wp.url, site.wp.users.administrator);
  });

  afterAll(async () => {
    await site?.stop();
  });

  /** The key, and a long piece of its secret part, so that a masked or cut copy is caught too. */
  const secrets = () => [site.bridge.apiKey, site.bridge.apiKey.slice(4, 20)];

  const scriptsOf = (html: string): string[] =>
    [...html.matchAll(/<script[^>]+src=["']([^"']+)["']/g)]
      .map((match) => new URL(match[1]!.replaceAll('&#038;', '&').replaceAll('&amp;', '&'), site.wp.url))
      .filter((url) => url.origin === site.wp.url)
      .map((url) => url.href);

  it('when the connection is tested, then the stored key works (so the checks below look for a live secret)', async () => {
    const answer = await site.admin.json<{ ok: boolean }>('/interlinker/v1/settings/test-connection', { method: 'POST' });

    expect(answer.status).toBe(200);
    expect(answer.body.ok).toBe(true);
  });

  it.each([...ADMIN_PAGES, 'post.php?action=edit&post=POST_ID'])('when wp-admin sends %s, then neither the page nor its scripts hold the key', async (page) => {
    const response = await fetch(`${site.wp.url}/wp-admin/${page.replace('POST_ID', String(postId))}`, { headers: { Cookie: cookie }, redirect: 'manual' });
    const html = await response.text();

    expect(response.status).toBe(200);
    for (const secret of secrets()) expect(html).not.toContain(secret);
    expect(scriptsOf(html).length).toBeGreaterThan(0);
    for (const script of scriptsOf(html)) {
      const body = await (await fetch(script, { headers: { Cookie: cookie } })).text();
      for (const secret of secrets()) expect(body, script).not.toContain(secret);
    }
  });

  it('when the plugin screen is sent, then it holds the admin UI root for that screen', async () => {
    const html = await (await fetch(`${site.wp.url}/wp-admin/admin.php?page=interlinker-settings`, { headers: { Cookie: cookie } })).text();

    expect(html).toContain('<div id="interlinker-admin-root" data-screen="settings">');
  });

  it('when the REST index and the settings route are read, then they do not hold the key', async () => {
    for (const route of ['/', '/interlinker/v1', '/interlinker/v1/settings']) {
      const body = await (await site.admin.fetch(route)).text();
      for (const secret of secrets()) expect(body, route).not.toContain(secret);
    }
  });

  it('when options.php is sent, then it shows the stored key only as ciphertext', async () => {
    const html = await (await fetch(`${site.wp.url}/wp-admin/options.php`, { headers: { Cookie: cookie } })).text();

    expect(html).toContain('name="interlinker_api_key"');
    expect(html).toMatch(/value="ilk-enc:v1:[A-Za-z0-9+/=]+"/);
    for (const secret of secrets()) expect(html).not.toContain(secret);
  });
});
