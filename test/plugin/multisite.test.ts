import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationPasswordRestClient } from '../support/wp-rest.js';
import { type PluginSite, startPluginSite } from './support/plugin-site.js';
import { runWpCli, wpCliOutput } from './support/wp-cli.js';

interface StatusJson {
  project: string;
  posts_synced: string;
}

interface BridgeProject {
  id: string;
  domain: string;
}

interface Stored {
  options: number;
  meta: number;
}

/** What the plugin stores on one site: settings, a queue entry, a lock, an unreported implementation, post meta. */
const STORE_ON_CURRENT_SITE = `
  update_option( 'interlinker_settings', array( 'maxLinksPerPost' => 2 ), false );
  update_option( 'interlinker_project', array( 'id' => 'prj_x' ), false );
  ( new Interlinker\\Implement\\Unreported_Implementations() )->open( 'imp_left_over_' . get_current_blog_id(), array( 'sug_left_over' ) );
  ( new Interlinker\\Implement\\Post_Lock() )->acquire( 1 );
  $post = wp_insert_post( array( 'post_title' => 'On site ' . get_current_blog_id(), 'post_status' => 'publish', 'post_content' => '<p>x</p>' ) );
  add_post_meta( $post, '_interlinker_synced_url', 'http://example.test/' . $post . '/' );
  add_post_meta( $post, '_interlinker_implementation_id', 'imp_left_over' );
`;

const COUNT_ON_CURRENT_SITE = `
  global $wpdb;
  return array(
    'options' => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->options} WHERE option_name LIKE 'interlinker\\\\_%'" ),
    'meta'    => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->postmeta} WHERE meta_key LIKE '\\\\_interlinker\\\\_%'" ),
  );`;

describe('on a multisite network', () => {
  let site: PluginSite;
  let secondSite: number;
  let secondUrl: string;

  const wpOk = (...args: string[]): Promise<string> => wpCliOutput(site.wp, args);
  const status = async (...args: string[]): Promise<StatusJson> => JSON.parse(await wpOk(...args, 'interlinker', 'status', '--format=json')) as StatusJson;
  /** The bridge's pages in a project, by URL. */
  const bridgePages = async (projectId: string): Promise<{ url: string; title: string }[]> =>
    (await site.bridgeApi<{ data: { url: string; title: string }[] }>(`/api/projects/${projectId}/pages?limit=100`)).body.data
      .map(({ url, title }) => ({ url, title }))
      .sort((a, b) => a.url.localeCompare(b.url));

  beforeAll(async () => {
    site = await startPluginSite({ name: 'plugin-multisite' });
    const host = new URL(site.wp.url).host;
    // Turn the single site into a network with subdirectory sites, as Tools → Network Setup does.
    await site.php(`
      global $wpdb;
      require_once ABSPATH . 'wp-admin/includes/upgrade.php';
      require_once ABSPATH . 'wp-admin/includes/network.php';
      foreach ( $wpdb->tables( 'ms_global' ) as $table => $prefixed ) { $wpdb->$table = $prefixed; }
      install_network();
      $result = populate_network( 1, '${host}', 'admin@example.test', 'Network', '/', false );
      return is_wp_error( $result ) ? $result->get_error_message() : true;`);
    const configFile = path.join(site.wp.siteDir, 'wp-config.php');
    const network = [
      `define('MULTISITE', true);`,
      `define('SUBDOMAIN_INSTALL', false);`,
      `define('DOMAIN_CURRENT_SITE', '${host}');`,
      `define('PATH_CURRENT_SITE', '/');`,
      `define('SITE_ID_CURRENT_SITE', 1);`,
      `define('BLOG_ID_CURRENT_SITE', 1);`,
      // The command line has no Host header: it runs as the main site.
      `if (PHP_SAPI === 'cli' && empty($_SERVER['HTTP_HOST'])) { $_SERVER['HTTP_HOST'] = '${host}'; $_SERVER['REQUEST_URI'] = '/'; }`,
    ].join('\n');
    writeFileSync(configFile, readFileSync(configFile, 'utf8').replace('<?php\n', `<?php\n${network}\n`));
    secondSite = await site.php<number>(`
      grant_super_admin( get_user_by( 'login', 'admin' )->ID );
      $id = wp_insert_site( array( 'domain' => '${host}', 'path' => '/second/', 'title' => 'Second', 'user_id' => get_user_by( 'login', 'admin' )->ID ) );
      return is_wp_error( $id ) ? 0 : $id;`);
    expect(secondSite).toBeGreaterThan(1);
    // Network-activated, as a network's administrator installs it for every site.
    await site.php(`require_once ABSPATH . 'wp-admin/includes/plugin.php'; return activate_plugin( 'interlinker/interlinker.php', '', true );`);
    secondUrl = `${site.wp.url}/second/`;
  });

  afterAll(async () => {
    await site?.stop();
  });

  it("when a site's administrator who is no network administrator opens the settings or asks wp interlinker status, then they are refused", async () => {
    const user = await site.php<{ id: number; password: string }>(`
      $id = wp_insert_user( array( 'user_login' => 'siteadmin', 'user_pass' => 'siteadmin-password', 'user_email' => 'siteadmin@example.test', 'role' => 'administrator' ) );
      [ $password ] = WP_Application_Passwords::create_new_application_password( $id, array( 'name' => 'test' ) );
      return array( 'id' => $id, 'password' => $password );`);
    const siteAdmin = applicationPasswordRestClient(site.wp.url, { role: 'administrator', id: user.id, login: 'siteadmin', password: 'siteadmin-password', appPassword: user.password });

    const read = await siteAdmin.json<{ code: string }>('/interlinker/v1/settings');
    const changed = await siteAdmin.json<{ code: string }>('/interlinker/v1/settings', { method: 'POST', body: { bridgeUrl: 'http://127.0.0.1:1', apiKey: 'ilk_mine' } });
    const networkAdmin = await site.admin.json('/interlinker/v1/settings');

    const cliStatus = await runWpCli(site.wp, ['--user=siteadmin', 'interlinker', 'status']);

    expect(read.status).toBe(403);
    expect(read.body.code).toBe('interlinker_forbidden');
    expect(changed.status).toBe(403);
    expect(networkAdmin.status).toBe(200);
    // wp interlinker status shows what the settings do (the bridge's address): refused to them as well.
    expect(cliStatus.exitCode).toBe(1);
    // (WordPress 6.8's own ms-functions.php prints deprecation notices on this PHP before it.)
    expect(cliStatus.stderr).toMatch(/^Error: Sorry, you are not allowed/m);
    expect(cliStatus.stdout).not.toContain(site.bridge.url);
  });

  it("when wp interlinker runs with --url= of a sub-site, then it syncs that site's posts under that site's own settings into its own project", async () => {
    await site.php(`
      remove_action( 'shutdown', array( \\Interlinker\\Plugin::instance()->queue, 'run_at_shutdown' ) );
      wp_insert_post( array( 'post_title' => 'Main Site Post', 'post_status' => 'publish', 'post_content' => '<p>On the main site.</p>' ) );
      switch_to_blog( ${secondSite} );
      wp_insert_post( array( 'post_title' => 'Second Site Page', 'post_type' => 'page', 'post_status' => 'publish', 'post_content' => '<p>On the second site.</p>' ) );
      wp_insert_post( array( 'post_title' => 'Second Site Post', 'post_status' => 'publish', 'post_content' => '<p>A post the second site leaves out.</p>' ) );
      // The second site's own settings: pages only.
      update_option( 'interlinker_settings', array( 'postTypes' => array( 'page' ) ), false );
      restore_current_blog();
      return true;`);

    expect(await wpOk(`--url=${secondUrl}`, 'interlinker', 'sync', '--all')).toMatch(/Success: Synced: \d+ sent, 0 failed/);

    const afterSecond = (await site.bridgeApi<{ data: BridgeProject[] }>('/api/projects')).body.data;
    expect(afterSecond.map((project) => project.domain)).toEqual([secondUrl]);
    const secondProject = afterSecond[0]!.id;
    const secondPages = await bridgePages(secondProject);
    expect(secondPages.map((page) => page.title)).toContain('Second Site Page');
    expect(secondPages.map((page) => page.title)).not.toContain('Second Site Post');
    expect(secondPages.every((page) => page.url.startsWith(secondUrl))).toBe(true);
    expect(await status(`--url=${secondUrl}`)).toMatchObject({ project: secondProject, posts_synced: `${secondPages.length} of ${secondPages.length}` });
    expect((await status()).project).toMatch(/^none yet/);

    await wpOk('interlinker', 'sync', '--all');
    const mainProject = (await site.bridgeApi<{ data: BridgeProject[] }>('/api/projects')).body.data.find((project) => project.id !== secondProject)!;
    expect(mainProject.domain).toBe(`${site.wp.url}/`);
    const mainPages = await bridgePages(mainProject.id);
    expect(mainPages.map((page) => page.title)).toContain('Main Site Post');
    expect(mainPages.some((page) => page.url.startsWith(secondUrl) || page.title.startsWith('Second Site'))).toBe(false);
    expect((await status()).project).toBe(mainProject.id);
    expect((await status(`--url=${secondUrl}`)).project).toBe(secondProject);
    expect(await bridgePages(secondProject)).toEqual(secondPages);
  });

  it('when the plugin is network-deactivated, then the sync events it scheduled are cleared on every site', async () => {
    const scheduled = () =>
      site.php<boolean[]>(`
        $on_site = static fn(): bool => false !== wp_next_scheduled( \\Interlinker\\Sync\\Sync_Queue::CRON_HOOK );
        $main = $on_site();
        switch_to_blog( ${secondSite} );
        $second = $on_site();
        restore_current_blog();
        return array( $main, $second );`);
    await site.php(`
      wp_schedule_single_event( time() + 300, \\Interlinker\\Sync\\Sync_Queue::CRON_HOOK );
      switch_to_blog( ${secondSite} );
      wp_schedule_single_event( time() + 300, \\Interlinker\\Sync\\Sync_Queue::CRON_HOOK );
      restore_current_blog();
      return true;`);
    expect(await scheduled()).toEqual([true, true]);

    expect((await runWpCli(site.wp, ['plugin', 'deactivate', 'interlinker', '--network'])).exitCode).toBe(0);

    expect(await scheduled()).toEqual([false, false]);
  });

  it('when the plugin is deleted, then its options and post meta are gone from every site', async () => {
    await site.php(`${STORE_ON_CURRENT_SITE} switch_to_blog( ${secondSite} ); ${STORE_ON_CURRENT_SITE} restore_current_blog(); return true;`);
    const countBoth = () =>
      site.php<Stored[]>(`
        $count = static function () { ${COUNT_ON_CURRENT_SITE} };
        $main = $count();
        switch_to_blog( ${secondSite} );
        $second = $count();
        restore_current_blog();
        return array( $main, $second );`);
    const before = await countBoth();
    expect(before[1]!.options).toBeGreaterThanOrEqual(4);
    expect(before[1]!.meta).toBeGreaterThanOrEqual(2);

    await site.php(`
      require_once ABSPATH . 'wp-admin/includes/plugin.php';
      deactivate_plugins( 'interlinker/interlinker.php' );
      uninstall_plugin( 'interlinker/interlinker.php' );
      return true;`);

    expect(await countBoth()).toEqual([
      { options: 0, meta: 0 },
      { options: 0, meta: 0 },
    ]);
  });
});
