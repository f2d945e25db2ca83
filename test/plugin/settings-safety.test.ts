import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RestConnectionCheck } from '../../admin-ui/src/api/rest-types.js';
import { type RecordingServer, startRecordingServer } from './support/recording-server.js';
import { type PluginSite, phpString, schemaMisfits, startPluginSite } from './support/plugin-site.js';

interface Settings {
  bridgeUrl: string;
  apiKeySet: boolean;
  apiKeyFromConstant: boolean;
  configurationError: string | null;
  warnings?: string[];
}
interface WpError {
  code: string;
  message: string;
  data: { status: number };
}

/** Test switches: the allowed bridge hosts, and a wp-config-style INTERLINKER_API_KEY without the URL constant. */
const SWITCHES = `
add_filter( 'interlinker_allowed_bridge_hosts', static fn( $hosts ) => get_option( 'interlinker_test_allowed_hosts', $hosts ) );
if ( get_option( 'interlinker_test_constant_key' ) ) {
	define( 'INTERLINKER_API_KEY', (string) get_option( 'interlinker_test_constant_key' ) );
}
`;

describe('the API key follows the bridge URL', () => {
  let site: PluginSite;
  /** Someone else's server: it must never see the key. */
  let elsewhere: RecordingServer;
  /** Answers every request with a redirect to `elsewhere`. */
  let redirector: RecordingServer;

  beforeAll(async () => {
    site = await startPluginSite({ name: 'plugin-settings-safety', configure: 'none', muPlugin: SWITCHES });
    elsewhere = await startRecordingServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ data: { status: 'ok', version: '9.9.9' } }));
    });
    redirector = await startRecordingServer((request, response) => {
      response.writeHead(301, { Location: `${elsewhere.url}${request.url ?? '/'}` });
      response.end();
    });
  });

  beforeEach(async () => {
    await site.php(`delete_option( 'interlinker_test_allowed_hosts' ); delete_option( 'interlinker_test_constant_key' ); return true;`);
    await save({ bridgeUrl: site.bridge.url, apiKey: site.bridge.apiKey });
    elsewhere.seen.length = 0;
    redirector.seen.length = 0;
  });

  afterAll(async () => {
    await site?.stop();
    await elsewhere?.close();
    await redirector?.close();
  });

  const save = (body: Record<string, unknown>) => site.admin.json<Settings & WpError>('/interlinker/v1/settings', { method: 'POST', body });
  const testConnection = async () => {
    const answer = await site.admin.json<WpError & Partial<RestConnectionCheck>>('/interlinker/v1/settings/test-connection', { method: 'POST' });
    expect(await schemaMisfits(site.admin, '/interlinker/v1/settings/test-connection', answer)).toEqual([]);
    return answer;
  };
  const keysSeenElsewhere = () => [...elsewhere.seen, ...redirector.seen].filter((r) => r.authorization?.includes(site.bridge.apiKey));

  it('when only the bridge URL is changed, then the stored key is cleared and never sent to the new address', async () => {
    const saved = await save({ bridgeUrl: elsewhere.url });
    const tested = await testConnection();
    const listed = await site.admin.json<WpError>('/interlinker/v1/suggestions');

    expect(saved.status).toBe(200);
    expect(saved.body.apiKeySet).toBe(false);
    expect(tested.status).toBe(400);
    expect(tested.body.code).toBe('interlinker_not_configured');
    expect(listed.body.code).toBe('interlinker_not_configured');
    expect(keysSeenElsewhere()).toEqual([]);
  });

  it('when the URL and a key are saved together, or the URL is saved unchanged, then the key is kept', async () => {
    const unchanged = await save({ bridgeUrl: site.bridge.url });
    const together = await save({ bridgeUrl: `${site.bridge.url}/`, apiKey: site.bridge.apiKey });

    expect(unchanged.body.apiKeySet).toBe(true);
    expect(together.body.apiKeySet).toBe(true);
    expect((await testConnection()).body.ok).toBe(true);
  });

  it('when the key comes from INTERLINKER_API_KEY but the URL from the settings, then the key is sent nowhere and the settings say why', async () => {
    await save({ bridgeUrl: elsewhere.url, apiKey: 'ilk_stored_key_that_is_not_the_constant' });
    // Saving tried the stored key on that address (as Save connection does); from here on nothing may go there.
    elsewhere.seen.length = 0;
    await site.php(`return update_option( 'interlinker_test_constant_key', ${phpString(site.bridge.apiKey)} );`);

    const settings = await site.admin.json<Settings>('/interlinker/v1/settings');
    const tested = await testConnection();
    const listed = await site.admin.json<WpError>('/interlinker/v1/suggestions');

    expect(settings.body.apiKeyFromConstant).toBe(true);
    expect(settings.body.configurationError).toMatch(/INTERLINKER_BRIDGE_URL/);
    expect(tested.status).toBe(400);
    expect(tested.body.message).toMatch(/INTERLINKER_BRIDGE_URL/);
    expect(listed.status).toBe(503);
    expect(listed.body.code).toBe('interlinker_not_configured');
    expect(elsewhere.seen).toEqual([]);
  });

  it('when the bridge URL answers with a redirect, then saving it is refused and follows nothing', async () => {
    const refused = await save({ bridgeUrl: redirector.url, apiKey: site.bridge.apiKey });
    const settings = await site.admin.json<Settings>('/interlinker/v1/settings');

    expect(refused.status).toBe(502);
    expect(refused.body.code).toBe('interlinker_bridge_redirected');
    expect(refused.body.message).toContain(elsewhere.url);
    expect(settings.body.bridgeUrl).toBe(site.bridge.url);
    expect(elsewhere.seen).toEqual([]);
  });

  it('when a saved bridge URL starts answering with a redirect, then test connection reports it and follows nothing', async () => {
    // Saved while it was a bridge; now it redirects (set directly: saving it now would be refused).
    await site.php(`
      $settings = get_option( 'interlinker_settings' );
      $settings['bridgeUrl'] = ${phpString(redirector.url)};
      update_option( 'interlinker_settings', $settings );
      return update_option( 'interlinker_api_key', ${phpString(site.bridge.apiKey)} );`);

    const tested = await testConnection();
    const listed = await site.admin.json<WpError>('/interlinker/v1/suggestions');

    expect(tested.status).toBe(502);
    expect(tested.body.code).toBe('interlinker_bridge_redirected');
    expect(tested.body.message).toContain(elsewhere.url);
    expect(listed.body.code).toBe('interlinker_bridge_redirected');
    expect(elsewhere.seen).toEqual([]);
  });

  it('when the site allows only some bridge hosts, then another host is refused on save and the stored settings stay', async () => {
    await site.php(`return update_option( 'interlinker_test_allowed_hosts', array( 'bridge.example.test' ) );`);

    const refused = await save({ bridgeUrl: elsewhere.url, apiKey: site.bridge.apiKey });
    const settings = await site.admin.json<Settings>('/interlinker/v1/settings');

    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('interlinker_bridge_host_not_allowed');
    expect(settings.body.bridgeUrl).toBe(site.bridge.url);
    // The bridge already stored is on 127.0.0.1, not allowed either: nothing is sent to it.
    expect(settings.body.configurationError).toMatch(/interlinker_allowed_bridge_hosts/);
    expect((await site.admin.json<WpError>('/interlinker/v1/suggestions')).body.code).toBe('interlinker_not_configured');
  });

  it('when the bridge URL is plain http:// to another machine, then saving warns; a loopback address does not', async () => {
    const remote = await save({ bridgeUrl: 'http://bridge.example.test:7700', apiKey: 'ilk_any' });
    const loopback = await save({ bridgeUrl: site.bridge.url, apiKey: site.bridge.apiKey });

    expect(remote.status).toBe(200);
    expect(remote.body.warnings?.join(' ')).toMatch(/plain http:\/\/.*unencrypted/);
    expect(loopback.body.warnings ?? []).toEqual([]);
  });
});
