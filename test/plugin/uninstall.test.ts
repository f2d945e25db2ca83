import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvedSuggestionsFor, fullSync, type PluginSite, startPluginSite } from './support/plugin-site.js';

describe('uninstalling the plugin', () => {
  let site: PluginSite;

  beforeAll(async () => {
    site = await startPluginSite({ name: 'plugin-uninstall', configure: 'none' });
    await site.admin.json('/interlinker/v1/settings', { method: 'POST', body: { bridgeUrl: site.bridge.url, apiKey: site.bridge.apiKey, excludedPaths: ['/shop/'] } });
    await site.createPost({ title: 'Bread Flour', content: '<p>Bread flour has more protein than cake flour, so bread flour builds gluten.</p>' });
    const source = await site.createPost({ title: 'Weekend Loaf', content: '<p>Every Saturday I weigh out strong bread flour for the weekend loaf.</p>' });
    await fullSync(site.admin);
    const suggestions = await approvedSuggestionsFor(site.admin, source);
    await site.admin.json('/interlinker/v1/implement', { method: 'POST', body: { suggestionIds: suggestions.map((s) => s.id) } });
  });

  afterAll(async () => {
    await site?.stop();
  });

  const stored = () =>
    site.php<{ options: number; meta: number }>(`
      global $wpdb;
      return array(
        'options' => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->options} WHERE option_name LIKE 'interlinker\\\\_%'" ),
        'meta'    => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->postmeta} WHERE meta_key LIKE '\\\\_interlinker\\\\_%'" ),
      );`);

  it('when the plugin is deleted, then its options and post meta are gone', async () => {
    // A post switched to "no suggestions" (its own call: the sync that change queues runs when the call ends).
    await site.php(`return update_post_meta( (int) get_posts( array( 'numberposts' => 1, 'fields' => 'ids' ) )[0], '_interlinker_no_suggestions', true );`);
    // What a failed report and a failed settings push leave behind, so that uninstall must remove it too.
    await site.php(`(new Interlinker\\Implement\\Unreported_Implementations())->open( 'imp_left_over', array( 'sug_left_over' ) ); return update_option( 'interlinker_exclusions_outdated', 1, false );`);
    // The link counts: a batch of the full count leaves its state, and every counted post its counts.
    await site.php(`return Interlinker\\Plugin::instance()->link_count_run->run_batch();`);
    expect(await site.php<number>(`global $wpdb; return (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->postmeta} WHERE meta_key = '_interlinker_link_counts'" );`)).toBeGreaterThan(0);
    const before = await stored();
    expect(before.options).toBeGreaterThanOrEqual(5);
    expect(before.meta).toBeGreaterThanOrEqual(5);

    await site.php(`
      require_once ABSPATH . 'wp-admin/includes/plugin.php';
      deactivate_plugins( 'interlinker/interlinker.php' );
      uninstall_plugin( 'interlinker/interlinker.php' );
      return true;`);

    expect(await stored()).toEqual({ options: 0, meta: 0 });
  });
});
