import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RestImplementAnswer } from '../../admin-ui/src/api/rest-types.js';
import { fullSync, type PluginSite, phpString, startPluginSite, type Suggestion } from './support/plugin-site.js';

/**
 * "Link keyword X to URL Y, with limits per post": editors' keyphrases (Interlinker's own, Yoast SEO's, Rank Math's,
 * set directly as post meta) become suggestions, and implementing them keeps to the per-post cap and links the same
 * words once per post.
 */
const TARGETS = [
  { title: 'Steeping experiments', meta: '_interlinker_keyphrases', value: "array( 'cold brew ratio' )", phrase: 'cold brew ratio' },
  { title: 'Summer drinks diary', meta: '_interlinker_keyphrases', value: "array( 'cold brew ratio' )", phrase: 'cold brew ratio' },
  { title: 'What to buy first', meta: '_yoast_wpseo_focuskw', value: phpString('burr grinder'), phrase: 'burr grinder' },
  { title: 'A kettle review', meta: 'rank_math_focus_keyword', value: phpString('gooseneck kettle, pour rate'), phrase: 'gooseneck kettle' },
  { title: 'Notes on minerals', meta: '_yoast_wpseo_focuskw', value: phpString('water hardness'), phrase: 'water hardness' },
  { title: 'Behind the counter', meta: 'rank_math_focus_keyword', value: phpString('milk frothing'), phrase: 'milk frothing' },
] as const;

/** Every keyphrase in plain text, "cold brew ratio" twice (once for each post that claims it). */
const SOURCE = [
  '<!-- wp:paragraph --><p>Our first week at the café taught us that the cold brew ratio decides everything.</p><!-- /wp:paragraph -->',
  '<!-- wp:paragraph --><p>A burr grinder gives even grounds for every method we tried.</p><!-- /wp:paragraph -->',
  '<!-- wp:paragraph --><p>Pouring slowly from a gooseneck kettle keeps the bed level.</p><!-- /wp:paragraph -->',
  '<!-- wp:paragraph --><p>Our water hardness changed the taste more than any bean did.</p><!-- /wp:paragraph -->',
  '<!-- wp:paragraph --><p>The new staff took a month to learn milk frothing.</p><!-- /wp:paragraph -->',
  '<!-- wp:paragraph --><p>In summer we wrote the cold brew ratio on the fridge door.</p><!-- /wp:paragraph -->',
].join('\n\n');

describe("editors' keyphrases implemented within the per-post limits", () => {
  let site: PluginSite;
  let sourceId: number;
  const targetIds: number[] = [];
  /** The suggestion to each target (by index of TARGETS), approved. */
  const toTarget: Suggestion[] = [];

  beforeAll(async () => {
    site = await startPluginSite({ name: 'plugin-keyphrase-limits' });
    for (const target of TARGETS) {
      const id = await site.createPost({ title: target.title, content: '<!-- wp:paragraph --><p>Short notes from the café, kept for the team.</p><!-- /wp:paragraph -->' });
      await site.php(`update_post_meta( ${id}, ${phpString(target.meta)}, ${target.value} ); return true;`);
      targetIds.push(id);
    }
    sourceId = await site.createPost({ title: 'A year of running a café', content: SOURCE });
    await fullSync(site.admin);
  });

  afterAll(async () => {
    await site?.stop();
  });

  const implement = (ids: string[]) =>
    site.admin.json<RestImplementAnswer & { code?: string }>('/interlinker/v1/implement', { method: 'POST', body: { suggestionIds: ids } });
  /** Our links in the source: [anchor text, data-id], by target. */
  const ourLinks = async (): Promise<Array<[string, number]>> =>
    [...(await site.content(sourceId)).matchAll(/<a [^>]*data-id="(\d+)"[^>]*data-interlinker="sug_[^"]+"[^>]*>([^<]*)<\/a>/g)].map((m) => [m[2]!, Number(m[1])] as [string, number])
      .sort((a, b) => a[1] - b[1]);

  it('when the posts carry keyphrases in their own, Yoast SEO and Rank Math meta, then a post mentioning them is suggested each, with the keyphrase as anchor, pending until approved', async () => {
    const listed = await site.admin.json<Suggestion[]>(`/interlinker/v1/suggestions?post_id=${sourceId}&generate=1&per_page=100`);
    expect(listed.status).toBe(200);

    TARGETS.forEach((target, index) => {
      const suggestion = listed.body.find((s) => s.targetPostId === targetIds[index]);
      expect(suggestion, target.title).toMatchObject({ anchorText: target.phrase, status: 'pending' });
      toTarget.push(suggestion!);
    });
    // The two posts claiming "cold brew ratio" each got one of its two mentions.
    expect(toTarget[0]!.context).not.toBe(toTarget[1]!.context);
    expect(await site.content(sourceId)).toBe(SOURCE);

    for (const suggestion of toTarget) {
      const approved = await site.admin.json(`/interlinker/v1/suggestions/${suggestion.id}`, { method: 'PATCH', body: { status: 'approved' } });
      expect(approved.status).toBe(200);
    }
  });

  it('when more approved keyphrase links than the cap (3) are implemented into the post, then the cap holds, the extra ones fail with link_limit_reached and a keyphrase two posts claim is linked once', async () => {
    const [brewA, brewB, grinder, kettle, water, milk] = toTarget as [Suggestion, Suggestion, Suggestion, Suggestion, Suggestion, Suggestion];

    const answer = await implement([brewA, brewB, grinder, kettle, water, milk].map((s) => s.id));

    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const outcome = Object.fromEntries(answer.body.results.map((r) => [r.suggestionId, r.succeeded ? 'inserted' : r.code]));
    expect(outcome).toEqual({
      [brewA.id]: 'inserted',
      [brewB.id]: 'anchor_already_linked',
      [grinder.id]: 'inserted',
      [kettle.id]: 'inserted',
      [water.id]: 'link_limit_reached',
      [milk.id]: 'link_limit_reached',
    });
    const failures = answer.body.results.filter((r) => !r.succeeded);
    expect(failures.every((r) => (r.reason ?? '').length > 0)).toBe(true);
    expect(failures.find((r) => r.code === 'link_limit_reached')?.reason).toContain('(3)');
    expect(await ourLinks()).toEqual([
      ['cold brew ratio', targetIds[0]],
      ['burr grinder', targetIds[2]],
      ['gooseneck kettle', targetIds[3]],
    ]);
  });

  it('when the rest are implemented later, then the links already in the post count: nothing goes in beyond the cap, and the words already linked stay linked once', async () => {
    const [, brewB, , , water, milk] = toTarget as Suggestion[];

    const answer = await implement([water!.id, brewB!.id, milk!.id]);

    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.results.map((r) => [r.suggestionId, r.succeeded, r.code])).toEqual([
      [water!.id, false, 'link_limit_reached'],
      [brewB!.id, false, 'anchor_already_linked'],
      [milk!.id, false, 'link_limit_reached'],
    ]);
    expect((await ourLinks()).length).toBe(3);
  });

  it('when the cap is raised to 4, then one more keyphrase link goes in and no more; the claimed keyphrase still links its first post only', async () => {
    const saved = await site.admin.json<{ maxLinksPerPost: number }>('/interlinker/v1/settings', { method: 'POST', body: { maxLinksPerPost: 4 } });
    expect(saved.body.maxLinksPerPost).toBe(4);
    const [, brewB, , , water, milk] = toTarget as Suggestion[];

    const answer = await implement([brewB!.id, water!.id, milk!.id]);

    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.results.map((r) => [r.suggestionId, r.succeeded ? 'inserted' : r.code])).toEqual([
      [brewB!.id, 'anchor_already_linked'],
      [water!.id, 'inserted'],
      [milk!.id, 'link_limit_reached'],
    ]);
    const links = await ourLinks();
    expect(links.map(([, id]) => id)).toEqual([targetIds[0], targetIds[2], targetIds[3], targetIds[4]]);
    expect(links.filter(([words]) => words === 'cold brew ratio')).toHaveLength(1);
  });
});
