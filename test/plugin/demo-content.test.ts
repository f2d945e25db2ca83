import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockContent, DEMO_POSTS } from '../../scripts/demo-content.js';
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
});
