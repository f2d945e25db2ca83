import { readFileSync } from 'node:fs';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
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

  describe('Save connection and Test connection reach only the bridge address, in their own words', () => {
    /** A TCP server that answers every connection with bytes that are not HTTP (as a database or SSH port does). */
    let garbage: net.Server;
    const sockets = new Set<net.Socket>();
    let garbageUrl: string;
    /** A port nothing listens on. */
    let closedUrl: string;
    /** What curl and the Requests library say; none of it may reach the page. */
    const TRANSPORT_WORDS = /cURL|HTTP\/0\.9|Connection refused|Failed to connect|Recv failure|Empty reply/i;

    beforeAll(async () => {
      garbage = net.createServer((socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => {});
        socket.end('SSH-2.0-OpenSSH_9.6\r\n\u0000\u0001 not http at all\r\n');
      });
      await new Promise<void>((resolve) => garbage.listen(0, '127.0.0.1', resolve));
      garbageUrl = `http://127.0.0.1:${(garbage.address() as AddressInfo).port}`;
      const spare = net.createServer();
      await new Promise<void>((resolve) => spare.listen(0, '127.0.0.1', resolve));
      closedUrl = `http://127.0.0.1:${(spare.address() as AddressInfo).port}`;
      await new Promise<void>((resolve) => spare.close(() => resolve()));
    });

    afterAll(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => garbage?.close(() => resolve()));
    });

    it('when a new address answers with bytes that are not HTTP, then saving is refused with the plugin\'s message, not the transport\'s', async () => {
      const refused = await save({ bridgeUrl: garbageUrl, apiKey: site.bridge.apiKey });
      const settings = await site.admin.json<Settings>('/interlinker/v1/settings');

      expect(refused.status).toBe(502);
      expect(refused.body.code).toBe('interlinker_not_a_bridge');
      expect(refused.body.message).toContain(`Nothing that answers like an Interlinker bridge at this address (${garbageUrl.slice('http://'.length)})`);
      expect(refused.body.message).not.toMatch(TRANSPORT_WORDS);
      expect(settings.body.bridgeUrl).toBe(site.bridge.url);
    });

    it('when the saved address answers with bytes that are not HTTP, then test connection and every bridge call say so in the plugin\'s words', async () => {
      await site.php(`
        $settings = get_option( 'interlinker_settings' );
        $settings['bridgeUrl'] = ${phpString(garbageUrl)};
        return update_option( 'interlinker_settings', $settings );`);

      const tested = await testConnection();
      const listed = await site.admin.json<WpError>('/interlinker/v1/suggestions');

      expect(tested.status).toBe(502);
      expect(tested.body.code).toBe('interlinker_not_a_bridge');
      expect(tested.body.message).toMatch(/^Nothing that answers like an Interlinker bridge at this address/);
      expect(tested.body.message).not.toMatch(TRANSPORT_WORDS);
      expect(listed.body.code).toBe('interlinker_not_a_bridge');
      expect(listed.body.message).not.toMatch(TRANSPORT_WORDS);
    });

    it('when nothing listens at a new address, then it is saved with "Could not connect to host:port" and no transport text', async () => {
      const saved = await save({ bridgeUrl: closedUrl, apiKey: site.bridge.apiKey });
      const tested = await testConnection();

      expect(saved.status).toBe(200);
      expect(saved.body.warnings?.join(' ')).toContain(`Could not connect to ${closedUrl.slice('http://'.length)}.`);
      expect(saved.body.warnings?.join(' ')).not.toMatch(TRANSPORT_WORDS);
      expect(tested.status).toBe(503);
      expect(tested.body.message).toMatch(/^Could not connect to 127\.0\.0\.1:\d+\./);
      expect(tested.body.message).not.toMatch(TRANSPORT_WORDS);
    });

    it('when the URL names a private address other than the configured bridge, then only that exact host and port are tried, and no transport text is shown', async () => {
      // 10.255.255.1 is private. Depending on the machine's network, nothing answers there (saved with a warning) or
      // something that is no bridge does (refused): either way the plugin says it in its words, for that host:port.
      const saved = await save({ bridgeUrl: 'http://10.255.255.1:5432', apiKey: site.bridge.apiKey });
      const said = saved.status === 200 ? (saved.body.warnings ?? []).join(' ') : saved.body.message;
      const tested = await testConnection();

      expect([200, 502]).toContain(saved.status);
      expect(said).toMatch(
        /(key could not be checked: (Could not connect to 10\.255\.255\.1:5432\.|10\.255\.255\.1:5432 did not answer within 5 seconds\.))|(^Not saved: Nothing that answers like an Interlinker bridge at this address \(10\.255\.255\.1:5432\))/,
      );
      expect(said).not.toMatch(TRANSPORT_WORDS);
      if (saved.status === 200) expect(tested.body.message).toMatch(/10\.255\.255\.1:5432/);
      else expect(tested.body.ok).toBe(true);
      expect(tested.body.message).not.toMatch(TRANSPORT_WORDS);
      expect(keysSeenElsewhere()).toEqual([]);
    }, 30_000);

    /** A host name other than localhost that this machine's hosts file points at a loopback address. */
    const loopbackName = (() => {
      try {
        for (const line of readFileSync('/etc/hosts', 'utf8').split('\n')) {
          const [address, ...names] = line.replace(/#.*/, '').trim().split(/\s+/);
          if (address?.startsWith('127.')) {
            const name = names.find((candidate) => candidate !== 'localhost' && !candidate.endsWith('.localhost') && /^[a-z0-9.-]+$/i.test(candidate));
            if (name) return name;
          }
        }
      } catch {
        // No hosts file: the test below is skipped.
      }
      return undefined;
    })();

    it.skipIf(loopbackName === undefined)('when a host name resolves to a loopback or private address, then it is refused, although a bridge answers there', async () => {
      const viaName = `http://${loopbackName}:${site.bridge.port}`;
      const refused = await save({ bridgeUrl: viaName, apiKey: site.bridge.apiKey });
      const settings = await site.admin.json<Settings>('/interlinker/v1/settings');

      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('interlinker_bridge_address_refused');
      expect(refused.body.message).toContain(`${loopbackName} resolves to 127.`);
      expect(settings.body.bridgeUrl).toBe(site.bridge.url);
      // The same address by its IP is the bridge URL itself: allowed.
      expect((await save({ bridgeUrl: site.bridge.url, apiKey: site.bridge.apiKey })).status).toBe(200);
    });

    it.skipIf(loopbackName === undefined)('when the site names a private host in interlinker_allowed_bridge_hosts, then that host name is allowed', async () => {
      await site.php(`return update_option( 'interlinker_test_allowed_hosts', array( ${JSON.stringify(loopbackName)} ) );`);
      try {
        const saved = await save({ bridgeUrl: `http://${loopbackName}:${site.bridge.port}`, apiKey: site.bridge.apiKey });
        expect(saved.status, JSON.stringify(saved.body)).toBe(200);
        const tested = await site.admin.json<{ ok?: boolean }>('/interlinker/v1/settings/test-connection', { method: 'POST' });
        expect(tested.body.ok).toBe(true);
      } finally {
        await site.php(`delete_option( 'interlinker_test_allowed_hosts' ); return true;`);
        expect((await save({ bridgeUrl: site.bridge.url, apiKey: site.bridge.apiKey })).status).toBe(200);
      }
    });
  });
});
