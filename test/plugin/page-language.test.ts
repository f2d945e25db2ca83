import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullSync, type PluginSite, startPluginSite, type Suggestion } from './support/plugin-site.js';

interface BridgePage {
  url: string;
  language: string;
}

/**
 * Polylang cannot be installed here: the must-use plugin stands in for it with its public function
 * pll_get_post_language() over a `language` taxonomy whose term names are locales, as Polylang keeps a post's
 * language as a term of its `language` taxonomy. WPML's public filter wpml_post_language_details answers for one post.
 */
const POLYLANG_STAND_IN = `
add_action( 'init', static fn() => register_taxonomy( 'language', 'post', array( 'public' => false ) ) );
function pll_get_post_language( $post_id, $field = 'slug' ) {
  $names = wp_get_object_terms( $post_id, 'language', array( 'fields' => 'names' ) );
  return ( 'locale' === $field && is_array( $names ) && $names ) ? $names[0] : false;
}
add_filter( 'interlinker_page_language', static function ( $language, $post ) {
  // As a multilingual plugin that keeps the language in a meta set after the post was first saved.
  $meta_locale = get_post_meta( $post->ID, 'test_locale', true );
  if ( $meta_locale ) {
    return $meta_locale;
  }
  if ( 'Swiss post' === $post->post_title ) {
    return 'de-CH';
  }
  return 'Garbled post' === $post->post_title ? 'not a language!' : $language;
}, 10, 2 );
add_filter( 'wpml_post_language_details', static fn( $details, $post_id ) => 'WPML post' === get_the_title( $post_id ) ? array( 'language_code' => 'es', 'locale' => 'es_ES' ) : $details, 10, 2 );
`;

describe('the language of each post, from WordPress to the bridge', () => {
  let site: PluginSite;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    site = await startPluginSite({ name: 'plugin-page-language', muPlugin: POLYLANG_STAND_IN });
    // The site's language, as Settings → General saves it once the German language pack is installed (update_option
    // refuses a locale without one, and no language pack can be downloaded here).
    await site.php(`global $wpdb;
      $wpdb->query( "INSERT INTO {$wpdb->options} (option_name, option_value, autoload) VALUES ('WPLANG', 'de_DE', 'yes') ON DUPLICATE KEY UPDATE option_value = 'de_DE'" );
      wp_cache_flush();
      return true;`);
    expect(await site.php('return get_locale();')).toBe('de_DE');
    for (const title of ['Site language post', 'Polylang post', 'WPML post', 'Swiss post', 'Garbled post']) {
      ids[title] = await site.createPost({ title, content: `<p>${title}: Häuser und Gärten.</p>` });
    }
    await site.php(`wp_set_object_terms( ${ids['Polylang post']}, 'fr_FR', 'language' ); return true;`);
    await fullSync(site.admin);
  });

  afterAll(async () => {
    await site?.stop();
  });

  /** The language the bridge holds for a post, once the sync queue has run. */
  const bridgeLanguage = async (title: string): Promise<string | undefined> => {
    const run = await site.admin.json('/interlinker/v1/sync/queue', { method: 'POST' });
    expect(run.status).toBe(200);
    const url = await site.php<string>(`return get_permalink( ${ids[title]} );`);
    const pages = await site.bridgeApi<{ data: BridgePage[] }>(`/api/projects/${await site.projectId()}/pages?limit=100`);
    return pages.body.data.find((page) => page.url === url)?.language;
  };

  it("when the site's locale is de_DE and no plugin gives the post a language, then the bridge stores de-DE", async () => {
    expect(await bridgeLanguage('Site language post')).toBe('de-DE');
  });

  it("when Polylang's pll_get_post_language() gives the post a locale, then that one is sent", async () => {
    expect(await bridgeLanguage('Polylang post')).toBe('fr-FR');
  });

  it("when Polylang gives no language and WPML's wpml_post_language_details does, then WPML's locale is sent", async () => {
    expect(await bridgeLanguage('WPML post')).toBe('es-ES');
  });

  it('when interlinker_page_language answers a tag, then it has the last word; when it answers no tag, then the language before it stays', async () => {
    expect(await bridgeLanguage('Swiss post')).toBe('de-CH');
    expect(await bridgeLanguage('Garbled post')).toBe('de-DE');
  });

  it("when a post's Polylang language is changed outside the editor, then the post is synced again in its new language", async () => {
    await site.php(`wp_set_object_terms( ${ids['Polylang post']}, 'it_IT', 'language' ); return true;`);
    expect(await bridgeLanguage('Polylang post')).toBe('it-IT');
  });

  it("when a post's language changes after its suggestions were made, then generate=1 answers none to a post of its old language", async () => {
    const house = await site.createPost({ title: 'House', content: '<p>A house has walls, a roof and windows.</p>' });
    const garden = await site.createPost({ title: 'Garden', content: '<p>Our garden is next to the house, behind a fence.</p>' });
    const syncWithLocale = async (postIds: number[], locale: string) => {
      await site.php(`foreach ( array( ${postIds.join(', ')} ) as $id ) { update_post_meta( $id, 'test_locale', '${locale}' ); } return true;`);
      expect((await site.admin.json('/interlinker/v1/sync', { method: 'POST', body: { postIds } })).status).toBe(200);
    };
    const targetsOfGarden = async () =>
      (await site.admin.json<Suggestion[]>(`/interlinker/v1/suggestions?post_id=${garden}&generate=1&per_page=100`)).body.map((s) => s.targetPostId);

    await syncWithLocale([house, garden], 'en_US');
    expect(await targetsOfGarden()).toContain(house);

    await syncWithLocale([garden], 'de_DE');
    expect(await targetsOfGarden()).not.toContain(house);
  });
});
