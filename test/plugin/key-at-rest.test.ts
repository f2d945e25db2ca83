import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PluginSite, phpString, startPluginSite } from './support/plugin-site.js';

interface Settings {
  apiKeySet: boolean;
  configurationError: string | null;
}
interface WpError {
  code: string;
  message: string;
}

describe('the stored API key is encrypted at rest with a key derived from the site\'s salts', () => {
  let site: PluginSite;

  beforeAll(async () => {
    site = await startPluginSite({ name: 'plugin-key-at-rest', configure: 'none' });
  });

  afterAll(async () => {
    await site?.stop();
  });

  const save = (body: Record<string, unknown>) => site.admin.json<Settings & WpError>('/interlinker/v1/settings', { method: 'POST', body });
  const settings = async () => (await site.admin.json<Settings>('/interlinker/v1/settings')).body;
  const testConnection = () => site.admin.json<WpError & { ok?: boolean }>('/interlinker/v1/settings/test-connection', { method: 'POST' });
  /** The option as a database dump holds it. */
  const storedValue = () =>
    site.php<string | null>(`global $wpdb; return $wpdb->get_var( "SELECT option_value FROM {$wpdb->options} WHERE option_name = 'interlinker_api_key'" );`);
  const secretPart = () => site.bridge.apiKey.slice(4, 20);

  it('when a key is saved, then the database holds only a versioned ciphertext, and the site still uses the key', async () => {
    const saved = await save({ bridgeUrl: site.bridge.url, apiKey: site.bridge.apiKey });
    const stored = await storedValue();

    expect(saved.status).toBe(200);
    expect(saved.body.apiKeySet).toBe(true);
    expect(stored).toMatch(/^ilk-enc:v1:[A-Za-z0-9+/]+=*$/);
    expect(stored).not.toContain(secretPart());
    expect((await testConnection()).body.ok).toBe(true);
  });

  it('when the same key is saved twice, then the ciphertexts differ (a fresh nonce each time)', async () => {
    const first = await storedValue();
    await save({ apiKey: site.bridge.apiKey });

    expect(await storedValue()).not.toBe(first);
    expect((await testConnection()).body.ok).toBe(true);
  });

  it('when an older version stored the key in clear text, then the first read uses it and encrypts it', async () => {
    await site.php(`global $wpdb; return $wpdb->update( $wpdb->options, array( 'option_value' => ${phpString(site.bridge.apiKey)} ), array( 'option_name' => 'interlinker_api_key' ) );`);
    expect(await storedValue()).toBe(site.bridge.apiKey);

    const read = await settings();
    const stored = await storedValue();

    expect(read.apiKeySet).toBe(true);
    expect(read.configurationError).toBeNull();
    expect(stored).toMatch(/^ilk-enc:v1:/);
    expect(stored).not.toContain(secretPart());
    expect((await testConnection()).body.ok).toBe(true);
  });

  it('when the ciphertext is altered, then the key counts as not set and nothing is sent', async () => {
    const stored = (await storedValue()) ?? '';
    const body = Buffer.from(stored.slice('ilk-enc:v1:'.length), 'base64');
    body[body.length - 1]! ^= 1;
    await site.php(`return update_option( 'interlinker_api_key', ${phpString(`ilk-enc:v1:${body.toString('base64')}`)} );`);

    expect((await settings()).apiKeySet).toBe(false);
    expect((await site.admin.json<WpError>('/interlinker/v1/suggestions')).body.code).toBe('interlinker_not_configured');
    await save({ apiKey: site.bridge.apiKey });
    expect((await settings()).apiKeySet).toBe(true);
  });

  it('when the site\'s security keys change, then the stored key cannot be read: no key is set, the settings say to enter it again, and entering it works', async () => {
    expect((await testConnection()).body.ok).toBe(true);
    const configFile = path.join(site.wp.siteDir, 'wp-config.php');
    const config = readFileSync(configFile, 'utf8');
    const changed = config.replace(/define\((['"])AUTH_KEY\1, (['"])[^'"]*\2\);/, "define('AUTH_KEY', 'a new key after a suspected break-in');");
    expect(changed).not.toBe(config);
    writeFileSync(configFile, changed);

    const read = await settings();
    const tested = await testConnection();
    const listed = await site.admin.json<WpError>('/interlinker/v1/suggestions');

    expect(read.apiKeySet).toBe(false);
    expect(read.configurationError).toBe("The stored API key cannot be read: the site's security keys changed. Enter the key again.");
    expect(tested.status).toBe(400);
    expect(tested.body.message).toBe("The stored API key cannot be read: the site's security keys changed. Enter the key again.");
    expect(listed.status).toBe(503);
    expect(listed.body.code).toBe('interlinker_not_configured');

    const entered = await save({ apiKey: site.bridge.apiKey });
    expect(entered.status).toBe(200);
    expect(entered.body).toMatchObject({ apiKeySet: true, configurationError: null });
    expect((await testConnection()).body.ok).toBe(true);
  });
});
