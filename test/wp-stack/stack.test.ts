import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Role, startWordPress, type WordPressStack } from '../support/wordpress.js';
import { freePort, isPortFree } from '../support/wp-network.js';
import { processGroupMembers } from '../support/wp-processes.js';
import { readStackRecord } from '../support/wp-stack-record.js';

const roles: readonly Role[] = ['subscriber', 'author', 'editor', 'administrator'];

// A stand-in for the real plugin, so this test checks the stack and not the plugin's state of the day.
const fixturePlugin = `<?php
/**
 * Plugin Name: Stack test fixture
 */
register_activation_hook(__FILE__, static function (): void {
	update_option('stack_fixture_activated', 'yes');
});
`;

describe('a real WordPress + MariaDB stack', () => {
  let wp: WordPressStack;
  let pluginDir: string;
  let processGroups: number[];

  beforeAll(async () => {
    pluginDir = mkdtempSync(path.join(os.tmpdir(), 'stack-fixture-plugin-'));
    writeFileSync(path.join(pluginDir, 'stack-fixture.php'), fixturePlugin);
    wp = await startWordPress({
      name: 'wp-stack-test',
      port: await freePort(),
      dbPort: await freePort(),
      pluginDir,
      constants: { INTERLINKER_BRIDGE_URL: "http://127.0.0.1:1/it's-quoted" },
    });
    processGroups = readStackRecord(wp.dataDir)?.processGroups ?? [];
  }, 120_000);

  afterAll(async () => {
    await wp?.stop();
    rmSync(pluginDir, { recursive: true, force: true });
  });

  it('when the front page is requested, then it answers 200 with the site title', async () => {
    const response = await fetch(`${wp.url}/`);

    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Interlinker wp-stack-test');
  });

  it('when /wp-json/ is requested, then it describes this site', async () => {
    const index = await (await wp.rest('anonymous')).json<{ name: string; home: string }>('/');

    expect(index.status).toBe(200);
    expect(index.body).toMatchObject({ name: 'Interlinker wp-stack-test', home: wp.url });
  });

  it.each(roles)('when the %s calls /users/me with its Application Password, then it is that user', async (role) => {
    const me = await (await wp.rest(role)).json<{ id: number; roles: string[] }>('/wp/v2/users/me?context=edit');

    expect(me.status).toBe(200);
    expect(me.body.id).toBe(wp.users[role].id);
    expect(me.body.roles).toEqual([role]);
  });

  it('when an Application Password is wrong, then /users/me answers 401', async () => {
    const credentials = Buffer.from(`${wp.users.editor.login}:wrong wrong wrong wrong`).toString('base64');
    const response = await fetch(`${wp.url}/wp-json/wp/v2/users/me`, { headers: { Authorization: `Basic ${credentials}` } });

    expect(response.status).toBe(401);
  });

  it.each(roles)('when the %s logs in and sends the REST nonce, then /users/me is that user', async (role) => {
    const me = await (await wp.rest(role, 'cookie')).json<{ id: number }>('/wp/v2/users/me');

    expect(me.status).toBe(200);
    expect(me.body.id).toBe(wp.users[role].id);
  });

  it('when a visitor calls /users/me, then it answers 401', async () => {
    const me = await (await wp.rest('anonymous')).json<{ code: string }>('/wp/v2/users/me');

    expect(me.status).toBe(401);
    expect(me.body.code).toBe('rest_not_logged_in');
  });

  it('when the plugin folder holds a plugin, then it is linked in and was activated with its hook', async () => {
    expect(wp.pluginFile).toBe('interlinker/stack-fixture.php');
    expect(await wp.wpPhp("echo get_option('stack_fixture_activated');")).toBe('yes');
  });

  it('when extra constants are passed, then wp-config.php defines them verbatim', async () => {
    expect(await wp.wpPhp('echo INTERLINKER_BRIDGE_URL;')).toBe("http://127.0.0.1:1/it's-quoted");
  });

  it('when wpPhp publishes a post, then its pretty permalink serves it', async () => {
    const id = await wp.wpPhp(
      "echo wp_insert_post(['post_title' => 'Stack check', 'post_status' => 'publish', 'post_content' => 'Hello.']);",
    );
    const response = await fetch(`${wp.url}/stack-check/`);

    expect(Number(id)).toBeGreaterThan(0);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Hello.');
  });

  it('when all of the above has run, then WordPress logged no PHP notice, warning or error', () => {
    expect(existsSync(wp.debugLog) ? readFileSync(wp.debugLog, 'utf8') : '').toBe('');
  });

  it('when stopped, then its processes are gone and both ports are free', async () => {
    await wp.stop();

    expect(processGroups).toHaveLength(2);
    expect(processGroups.flatMap((group) => processGroupMembers(group))).toEqual([]);
    expect(await isPortFree(wp.port)).toBe(true);
    expect(await isPortFree(wp.dbPort)).toBe(true);
  });
});
