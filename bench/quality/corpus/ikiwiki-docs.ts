/**
 * ikiwiki's own documentation wiki as Debian ships it in `ikiwiki` (a wiki of prose pages joined by wiki links: the
 * closest of the corpora to a blog or a wiki site).
 */
import { ikiwikiFormat } from './ikiwiki-site.js';
import type { CorpusSource } from './types.js';

/**
 * Pages that are not articles: the front page; pages made of a generated list (the site map, recent changes, the
 * plugin-type tag pages, the tips, news, quotes, patch and wishlist feeds, the example blog's index, posts, tags,
 * comments and sidebar); redirect stubs and a test page; and the template pages, which document a template's parameters, not a subject.
 */
const NAVIGATION_PAGES = new Set([
  'index.html',
  'sitemap.html',
  'recentchanges.html',
  'plugins.html',
  'plugins/contrib.html',
  'tips.html',
  'news.html',
  'quotes.html',
  'patch.html',
  'patch/core.html',
  'reviewed.html',
  'branches.html',
  'wishlist.html',
  'soc/ideas.html',
  'examples/blog/index.html',
  'examples/blog/posts.html',
  'examples/blog/tags.html',
  'examples/blog/comments.html',
  'examples/blog/archives.html',
  'examples/blog/sidebar.html',
  'examples/softwaresite/news.html',
  // Redirect stubs (an empty page with a refresh to the page that took over), and a test page reading "tada!".
  'ikiwiki/directive/copy.html',
  'ikiwiki/directive/cut.html',
  'ikiwiki/directive/paste.html',
  'ikiwiki/directive/taglink.html',
  'ikiwiki/directive/toggleable.html',
  'test_page_space_allowed.html',
]);

export function isIkiwikiDocsNavigationPage(relPath: string): boolean {
  return NAVIGATION_PAGES.has(relPath) || relPath.startsWith('plugins/type/') || relPath.startsWith('templates/') || relPath.startsWith('sandbox');
}

export const IKIWIKI_DOCS: CorpusSource = {
  id: 'ikiwiki',
  packageName: 'ikiwiki',
  htmlDir: 'usr/share/doc/ikiwiki/html',
  domain: 'https://ikiwiki-docs.example.test/',
  format: ikiwikiFormat(isIkiwikiDocsNavigationPage),
};
