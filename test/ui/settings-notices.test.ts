import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PluginSite, startPluginSite } from '../plugin/support/plugin-site.js';
import { type BrowserSession, logInAs, openBrowser, screenshot } from './support/browser.js';
import { screenUrl } from './support/baking-site.js';

/** A plain-http bridge address on "another machine": the site reaches the real bridge behind it. */
const REMOTE_BRIDGE = 'http://bridge.example.test';

/**
 * Test switches: requests to REMOTE_BRIDGE go to the real bridge (so the connection test passes while the address
 * is not a loopback one), and the allowed bridge hosts come from an option.
 */
const SWITCHES = `
add_filter( 'pre_http_request', static function ( $pre, $args, $url ) {
	if ( ! str_starts_with( (string) $url, '${REMOTE_BRIDGE}/' ) ) {
		return $pre;
	}
	return wp_remote_request( get_option( 'interlinker_test_real_bridge' ) . substr( (string) $url, strlen( '${REMOTE_BRIDGE}' ) ), $args );
}, 10, 3 );
add_filter( 'interlinker_allowed_bridge_hosts', static fn( $hosts ) => get_option( 'interlinker_test_allowed_hosts', $hosts ) );
`;

describe('the Settings screen shows what is wrong with the configuration', () => {
  let site: PluginSite;
  let session: BrowserSession;

  beforeAll(async () => {
    site = await startPluginSite({ name: 'ui-settings-notices', configure: 'none', muPlugin: SWITCHES });
    await site.php(`return update_option( 'interlinker_test_real_bridge', ${JSON.stringify(site.bridge.url)} );`);
    const saved = await site.admin.json('/interlinker/v1/settings', { method: 'POST', body: { bridgeUrl: REMOTE_BRIDGE, apiKey: site.bridge.apiKey } });
    expect(saved.status).toBe(200);
    session = await openBrowser();
    await logInAs(session.page, site.wp.url, site.wp.adminUser, site.wp.adminPassword);
  });

  afterAll(async () => {
    await session?.close();
    await site?.stop();
  });

  it('when the bridge is plain http:// on another machine, then Test connection passes and shows the warning', async () => {
    const { page } = session;
    await page.goto(screenUrl(site, 'interlinker-settings'));

    await page.getByRole('button', { name: 'Test connection' }).click();

    const success = page.locator('.components-notice.is-success');
    await expect.poll(() => success.count(), { timeout: 15_000 }).toBe(1);
    expect(await success.textContent()).toMatch(/plain http:\/\/.*unencrypted/);
    await screenshot(page, '16-settings-test-connection-warning');
  });

  it('when the stored bridge host is not one the site allows, then the screen shows the configuration error', async () => {
    const { page } = session;
    await site.php(`return update_option( 'interlinker_test_allowed_hosts', array( 'bridge.elsewhere.test' ) );`);

    await session.expectingFailedRequests(async () => {
      await page.goto(screenUrl(site, 'interlinker-settings'));
      const error = page.locator('.interlinker-panel .components-notice.is-error').filter({ hasText: 'interlinker_allowed_bridge_hosts' });
      await expect.poll(() => error.count(), { timeout: 15_000 }).toBe(1);
      expect(await error.textContent()).toContain('bridge.example.test');
    });
    await screenshot(page, '17-settings-configuration-error');
  });

  it('when the screen was used, then our code logged no console errors', () => {
    expect(session.errors).toEqual([]);
  });
});
