/**
 * The fish shell's documentation as Debian ships it in `fish-common` (Sphinx; about 130 pages: the manual of every
 * command and the guides: tutorial, language, interactive use, FAQ, release notes).
 */
import { sphinxFormat } from './sphinx-site.js';
import type { CorpusSource } from './types.js';

/** Generated pages that are not articles: the general index and the search page. */
export function isFishDocsNavigationPage(relPath: string): boolean {
  return relPath === 'genindex.html' || relPath === 'search.html';
}

export const FISH_DOCS: CorpusSource = {
  id: 'fish',
  packageName: 'fish-common',
  htmlDir: 'usr/share/doc/fish',
  domain: 'https://fish-docs.example.test/',
  format: sphinxFormat(isFishDocsNavigationPage),
};
