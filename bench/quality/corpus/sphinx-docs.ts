/** Sphinx's own documentation as Debian ships it in `sphinx-doc` (about 90 pages of guides and reference). */
import { sphinxFormatWithoutLocalContents } from './sphinx-local-contents.js';
import type { CorpusSource } from './types.js';

/** Generated pages that are not articles: the landing page, the table of contents, the indexes and search. */
export function isSphinxDocsNavigationPage(relPath: string): boolean {
  return (
    relPath === 'index.html' ||
    relPath === 'contents.html' ||
    relPath === 'search.html' ||
    relPath === 'py-modindex.html' ||
    relPath.startsWith('genindex')
  );
}

export const SPHINX_DOCS: CorpusSource = {
  id: 'sphinx',
  packageName: 'sphinx-doc',
  htmlDir: 'usr/share/doc/sphinx-doc/html',
  domain: 'https://sphinx-docs.example.test/',
  format: sphinxFormatWithoutLocalContents(isSphinxDocsNavigationPage),
};
