/** The first corpus: Python 3.11's documentation as Debian ships it (about 500 Sphinx pages of prose and reference). */
import { sphinxFormat } from './sphinx-site.js';
import type { CorpusSource } from './types.js';

/** Generated pages that are not articles: the landing page, the table of contents, indexes, search, include fragments. */
export function isPythonDocsNavigationPage(relPath: string): boolean {
  return (
    relPath === 'index.html' ||
    relPath === 'contents.html' ||
    relPath === 'search.html' ||
    relPath === 'py-modindex.html' ||
    relPath.startsWith('genindex') ||
    relPath.startsWith('includes/')
  );
}

export const PYTHON_DOCS: CorpusSource = {
  id: 'python',
  packageName: 'python3.11-doc',
  htmlDir: 'usr/share/doc/python3.11/html',
  domain: 'https://docs.example.test/',
  format: sphinxFormat(isPythonDocsNavigationPage),
};
