/**
 * The site the browser tests work on: a few posts about baking bread, so that the bridge finds links between them,
 * and one post ("My Weekend Loaf") that mentions the others.
 */
import { fullSync, type PluginSite, startPluginSite } from '../../plugin/support/plugin-site.js';

const TOPICS: Record<string, string> = {
  'Sourdough Starter': 'Feed the sourdough starter with flour and water every day; a lively sourdough starter doubles in a few hours. Starter hydration and temperature decide how sour the bread will be.',
  'Bread Flour': 'Bread flour has more protein than cake flour, so bread flour builds stronger gluten for chewy loaves. Protein content and flour absorption change the dough.',
  'Dough Hydration': 'Dough hydration is the weight of water over the weight of flour; high dough hydration gives an open crumb. Flour absorption and protein decide the right hydration.',
  'Baking Stone': 'A baking stone stores heat and gives loaves a crisp base; preheat the baking stone for an hour before the bread goes in.',
};

export const LOAF_TITLE = 'My Weekend Loaf';
const LOAF = [
  '<!-- wp:paragraph -->\n<p>Every Saturday I wake my sourdough starter and weigh out strong bread flour for the weekend loaf.</p>\n<!-- /wp:paragraph -->',
  '<!-- wp:paragraph -->\n<p>Getting the dough hydration right took months; now the loaf bakes on a baking stone until it sings.</p>\n<!-- /wp:paragraph -->',
].join('\n\n');

export interface BakingSite {
  site: PluginSite;
  loafId: number;
  /** The loaf's content as written, before any link went in. */
  loafBefore: string;
}

/** The fields of the plugin's suggestions the tests read. */
export interface ListedSuggestion {
  id: string;
  status: string;
  relevanceScore: number;
  sourcePostId: number;
  anchorText: string;
}

/** Starts the bridge and a WordPress with the plugin, not connected yet, holding the baking posts. */
export async function startBakingSite(name: string, options: { muPlugin?: string } = {}): Promise<BakingSite> {
  const site = await startPluginSite({ name, configure: 'none', muPlugin: options.muPlugin });
  try {
    for (const [title, body] of Object.entries(TOPICS)) {
      await site.createPost({ title, content: `<!-- wp:paragraph -->\n<p>${body}</p>\n<!-- /wp:paragraph -->` });
    }
    const loafId = await site.createPost({ title: LOAF_TITLE, content: LOAF });
    return { site, loafId, loafBefore: await site.content(loafId) };
  } catch (error) {
    await site.stop();
    throw error;
  }
}

/** Stores the bridge address and a key through the plugin's settings route, as the Settings screen does. */
export async function useApiKey(site: PluginSite, apiKey: string): Promise<void> {
  const saved = await site.admin.json('/interlinker/v1/settings', { method: 'POST', body: { bridgeUrl: site.bridge.url, apiKey } });
  if (saved.status !== 200) throw new Error(`saving the settings answered ${saved.status}: ${JSON.stringify(saved.body)}`);
}

/** Connects the plugin to the bridge, syncs every post and generates the loaf's suggestions (there must be some). */
export async function connectAndSuggest({ site, loafId }: BakingSite): Promise<ListedSuggestion[]> {
  await useApiKey(site, site.bridge.apiKey);
  await fullSync(site.admin);
  const listed = await site.admin.json<ListedSuggestion[]>(`/interlinker/v1/suggestions?post_id=${loafId}&generate=1&per_page=100`);
  if (listed.status !== 200 || listed.body.length === 0) {
    throw new Error(`generating answered ${listed.status} with ${JSON.stringify(listed.body)}: the tests need at least one suggestion`);
  }
  return listed.body;
}

/** The address of one of the plugin's wp-admin screens. */
export function screenUrl(site: PluginSite, slug: string, args: Record<string, string | number> = {}): string {
  const url = new URL(`${site.wp.url}/wp-admin/admin.php`);
  url.searchParams.set('page', slug);
  for (const [name, value] of Object.entries(args)) url.searchParams.set(name, String(value));
  return url.toString();
}
