import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockContent, DEMO_MU_PLUGIN, DEMO_POSTS, demoMeta } from '../../scripts/demo-content.js';
import { parseCsv } from '../support/csv.js';
import type { RestImplementAnswer, RestInboundSuggestions, RestOrphanPage } from '../../admin-ui/src/api/rest-types.js';
import { fullSync, type PluginSite, phpString, startPluginSite, type Suggestion } from './support/plugin-site.js';

/**
 * What a new user sees: the demo's posts (`npm run demo`) in a real WordPress, synced through the plugin, suggestions
 * asked for with the default settings — no threshold filter, so the bridge's calibrated default applies.
 */
describe('the demo content with default settings', () => {
  let site: PluginSite;
  const ids: number[] = [];
  /** Each post's suggestions, by post id, once the first test generated them. */
  const shown = new Map<number, Suggestion[]>();
  const idOf = (title: string) => ids[DEMO_POSTS.findIndex((post) => post.title === title)]!;

  beforeAll(async () => {
    site = await startPluginSite({ name: 'plugin-demo-content', minRelevanceScore: null, muPlugin: DEMO_MU_PLUGIN });
    for (const post of DEMO_POSTS) {
      const id = await site.createPost({ title: post.title, content: blockContent(post), type: post.type ?? 'post' });
      for (const [key, value] of Object.entries(demoMeta(post))) await site.php(`update_post_meta( ${id}, ${phpString(key)}, ${phpString(value)} ); return true;`);
      ids.push(id);
    }
    await fullSync(site.admin);
  });

  afterAll(async () => {
    await site?.stop();
  });

  it('when every post asks for suggestions, then most posts show at least one, each anchored in its own text', async () => {
    for (const id of ids) {
      const answer = await site.admin.json<Suggestion[]>(`/interlinker/v1/suggestions?post_id=${id}&generate=1&per_page=100`);
      expect(answer.status).toBe(200);
      shown.set(id, answer.body);
    }
    const withSuggestions = [...shown.values()].filter((suggestions) => suggestions.length > 0).length;
    expect(withSuggestions).toBeGreaterThan(ids.length / 2);
    for (const [id, suggestions] of shown) {
      const text = DEMO_POSTS[ids.indexOf(id)]!.paragraphs.join(' ');
      for (const suggestion of suggestions) expect(text).toContain(suggestion.anchorText);
    }
  });

  it('when a post has a Yoast SEO focus keyphrase, then another post mentioning it is suggested a link to it with that anchor, and both the search and the CSV export find it', async () => {
    // Scored as the anchor of one existing link to the post would be: still above the bridge's default threshold here.
    const scoring = idOf('Scoring Bread');
    const fromOvenSpring = shown.get(idOf('Oven Spring'))!.find((s) => s.targetPostId === scoring);
    expect(fromOvenSpring).toMatchObject({ anchorText: 'razor blade', status: 'pending' });

    const searched = await site.admin.json<Suggestion[]>('/interlinker/v1/suggestions?search=razor%20blade&per_page=100');
    expect(searched.status).toBe(200);
    expect(searched.body.map((s) => s.id)).toContain(fromOvenSpring!.id);
    const csv = await site.admin.fetch('/interlinker/v1/exports/suggestions?search=razor%20blade');
    expect(csv.status).toBe(200);
    const [header = [], ...rows] = parseCsv(new TextDecoder('utf-8', { ignoreBOM: false }).decode(await csv.arrayBuffer()));
    const anchorColumn = header.indexOf('Anchor text');
    expect(anchorColumn).toBeGreaterThan(-1);
    expect(rows.length).toBe(searched.body.length);
    expect(rows.map((row) => row[anchorColumn])).toContain('razor blade');
  });

  it('when the German posts are synced, then the bridge has their language, and suggestions link them only to each other, never to the English posts they share words with', async () => {
    const german = [idOf('Sauerteig'), idOf('Roggenbrot')];
    const pages = await site.bridgeApi<{ data: Array<{ url: string; language: string }> }>(`/api/projects/${await site.projectId()}/pages?limit=100`);
    const germanUrls = await Promise.all(german.map((id) => site.php<string>(`return get_permalink( ${id} );`)));
    expect(pages.body.data.filter((page) => germanUrls.includes(page.url)).map((page) => page.language)).toEqual(['de-DE', 'de-DE']);

    const fromGerman = german.flatMap((id) => shown.get(id)!);
    expect(fromGerman.length).toBeGreaterThan(0);
    expect(fromGerman.every((s) => german.includes(s.targetPostId))).toBe(true);
    // "Roggenbrot" mentions the Autolyse, the title of an English post: no link crosses the languages.
    expect(DEMO_POSTS.find((post) => post.title === 'Roggenbrot')!.paragraphs.join(' ')).toContain('Autolyse');
    const fromEnglish = ids.filter((id) => !german.includes(id)).flatMap((id) => shown.get(id)!);
    expect(fromEnglish.some((s) => german.includes(s.targetPostId))).toBe(false);
  });

  it('when "Find links to this post" is asked for the orphan pages, then some get suggestions, and implementing one puts the link into its source post', async () => {
    const orphans = await site.admin.json<RestOrphanPage[]>('/interlinker/v1/analytics/orphans?per_page=100');
    expect(orphans.status).toBe(200);
    const found: RestInboundSuggestions[] = [];
    for (const orphan of orphans.body.filter((o) => ids.includes(o.postId))) {
      const answer = await site.admin.json<RestInboundSuggestions>(`/interlinker/v1/posts/${orphan.postId}/inbound-suggestions`, { method: 'POST', body: {} });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      if (answer.body.suggestions.length > 0) found.push(answer.body);
    }
    expect(found.length, `${found.length} of ${orphans.body.length} orphan pages got inbound suggestions`).toBeGreaterThan(0);

    const first = found[0]!.suggestions[0]!;
    const before = await site.content(first.sourcePostId);
    await site.admin.json(`/interlinker/v1/suggestions/${first.id}`, { method: 'PATCH', body: { status: 'approved' } });
    const implemented = await site.admin.json<RestImplementAnswer>('/interlinker/v1/implement', { method: 'POST', body: { suggestionIds: [first.id] } });

    expect(implemented.status, JSON.stringify(implemented.body)).toBe(200);
    expect(implemented.body.results).toEqual([expect.objectContaining({ suggestionId: first.id, succeeded: true, postId: first.sourcePostId })]);
    expect(await site.content(first.sourcePostId)).toContain(`href="${first.targetPageUrl}"`);
    await site.admin.json('/interlinker/v1/rollback', { method: 'POST', body: { implementationId: implemented.body.id, reason: 'demo test' } });
    expect(await site.content(first.sourcePostId)).toBe(before);
  });
});
