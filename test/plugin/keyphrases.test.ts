import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullSync, type PluginSite, phpString, type Suggestion, startPluginSite } from './support/plugin-site.js';

interface BridgePage {
  id: string;
  url: string;
  keyphrases: string[];
}

describe("editors' keyphrases from WordPress to the bridge", () => {
  let site: PluginSite;
  let brewingId: number;
  let beansId: number;
  let filteredId: number;

  beforeAll(async () => {
    site = await startPluginSite({
      name: 'plugin-keyphrases',
      muPlugin: `add_filter( 'interlinker_page_keyphrases', static fn( $phrases, $post ) => 'Filtered post' === $post->post_title ? array_merge( $phrases, array( 'from the filter' ) ) : $phrases, 10, 2 );`,
    });
    brewingId = await site.createPost({
      title: 'Brewing coffee at home',
      content: '<p>Grind size, water temperature and steeping time decide how coffee tastes. A cold brew steeps for hours.</p>',
    });
    beansId = await site.createPost({
      title: 'Choosing coffee beans',
      content: '<p>Light roasts suit filters. For iced drinks, get the cold brew ratio right before you buy a big bag.</p>',
    });
    filteredId = await site.createPost({ title: 'Filtered post', content: '<p>Nothing about coffee.</p>' });
    await fullSync(site.admin);
  });

  afterAll(async () => {
    await site?.stop();
  });

  const permalink = (id: number) => site.php<string>(`return get_permalink( ${id} );`);
  /** The keyphrases the bridge holds for a post, once the sync queue has run (after the PHP call, or now). */
  const bridgeKeyphrases = async (postId: number): Promise<string[] | undefined> => {
    const run = await site.admin.json('/interlinker/v1/sync/queue', { method: 'POST' });
    expect(run.status).toBe(200);
    const url = await permalink(postId);
    const pages = await site.bridgeApi<{ data: BridgePage[] }>(`/api/projects/${await site.projectId()}/pages?limit=100`);
    return pages.body.data.find((page) => page.url === url)?.keyphrases;
  };
  const setMeta = (postId: number, key: string, value: string) =>
    site.php(`update_post_meta( ${postId}, ${phpString(key)}, ${value} ); return true;`);
  const clearMeta = (postId: number) =>
    site.php(
      `foreach ( array( '_interlinker_keyphrases', '_yoast_wpseo_focuskw', 'rank_math_focus_keyword' ) as $key ) { delete_post_meta( ${postId}, $key ); } return true;`,
    );

  it("when Interlinker's own keyphrases are set directly, then they are stored sanitised, the post is synced again with them, and another post is suggested that anchor, pending an editor's approval", async () => {
    const long = 'x'.repeat(101);
    await setMeta(brewingId, '_interlinker_keyphrases', `array( ' cold  brew ratio ', 'Cold brew ratio', ${phpString(long)}, 'one two three four five six seven', 42 )`);

    expect(await site.php(`return get_post_meta( ${brewingId}, '_interlinker_keyphrases', true );`)).toEqual(['cold brew ratio']);
    expect(await bridgeKeyphrases(brewingId)).toEqual(['cold brew ratio']);
    const after = await site.admin.json<Suggestion[]>(`/interlinker/v1/suggestions?post_id=${beansId}&generate=1&per_page=100`);
    const suggestion = after.body.find((s) => s.targetPostId === brewingId);
    expect(suggestion).toMatchObject({ anchorText: 'cold brew ratio', status: 'pending' });
    // Nothing is linked until an editor approves and inserts it.
    expect(await site.content(beansId)).not.toMatch(/<a /);
  });

  it("when only Yoast SEO's and Rank Math's focus keyphrases are set, then the bridge gets Yoast's, then Rank Math's comma-separated ones", async () => {
    await clearMeta(brewingId);
    expect(await bridgeKeyphrases(brewingId)).toEqual([]);

    await setMeta(brewingId, '_yoast_wpseo_focuskw', phpString('iced coffee'));
    await setMeta(brewingId, 'rank_math_focus_keyword', phpString('cold brew ratio, brew guide,, Iced coffee'));

    expect(await bridgeKeyphrases(brewingId)).toEqual(['iced coffee', 'cold brew ratio', 'brew guide']);
  });

  it('when interlinker_page_keyphrases adds a phrase, then the bridge gets it too', async () => {
    await setMeta(filteredId, '_interlinker_keyphrases', "array( 'own phrase' )");

    expect(await bridgeKeyphrases(filteredId)).toEqual(['own phrase', 'from the filter']);
  });

  it('when an editor saves the keyphrases through the REST API, as the block editor does, then they are kept and sent; an author of other posts cannot', async () => {
    const editor = await site.wp.rest('editor');
    const saved = await editor.json<{ meta: Record<string, unknown> }>(`/wp/v2/posts/${brewingId}`, {
      method: 'POST',
      body: { meta: { _interlinker_keyphrases: ['house blend', ' house blend ', 'espresso grind'] } },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.meta._interlinker_keyphrases).toEqual(['house blend', 'espresso grind']);
    expect(await bridgeKeyphrases(brewingId)).toEqual(['house blend', 'espresso grind', 'iced coffee', 'cold brew ratio', 'brew guide']);

    const author = await site.wp.rest('author');
    const refused = await author.json(`/wp/v2/posts/${brewingId}`, { method: 'POST', body: { meta: { _interlinker_keyphrases: ['nope'] } } });
    expect(refused.status).toBe(403);
  });

  it('when every keyphrase is removed, then the bridge has none left for the post', async () => {
    await clearMeta(brewingId);

    expect(await bridgeKeyphrases(brewingId)).toEqual([]);
  });
});
