import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockContent, DEMO_POSTS } from '../../scripts/demo-content.js';
import type { RestImplementAnswer, RestInboundSuggestions, RestOrphanPage } from '../../admin-ui/src/api/rest-types.js';
import { fullSync, type PluginSite, startPluginSite, type Suggestion } from './support/plugin-site.js';

/**
 * What a new user sees: the demo's posts (`npm run demo`) in a real WordPress, synced through the plugin, suggestions
 * asked for with the default settings — no threshold filter, so the bridge's calibrated default applies.
 */
describe('the demo content with default settings', () => {
  let site: PluginSite;
  const ids: number[] = [];

  beforeAll(async () => {
    site = await startPluginSite({ name: 'plugin-demo-content', minRelevanceScore: null });
    for (const post of DEMO_POSTS) ids.push(await site.createPost({ title: post.title, content: blockContent(post), type: post.type ?? 'post' }));
    await fullSync(site.admin);
  });

  afterAll(async () => {
    await site?.stop();
  });

  it('when every post asks for suggestions, then most posts show at least one, each anchored in its own text', async () => {
    const shown = new Map<number, Suggestion[]>();
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
