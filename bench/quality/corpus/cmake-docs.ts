/** CMake's documentation as Debian ships it in `cmake-doc`: Sphinx pages of commands, variables, properties and modules. */
import { sphinxFormat } from './sphinx-site.js';
import type { CorpusSource } from './types.js';

export function isCmakeDocsNavigationPage(relPath: string): boolean {
  return relPath === 'index.html' || relPath === 'search.html' || relPath.startsWith('genindex');
}

export const CMAKE_DOCS: CorpusSource = {
  id: 'cmake',
  packageName: 'cmake-doc',
  htmlDir: 'usr/share/doc/cmake-data/html',
  domain: 'https://cmake-docs.example.test/',
  format: sphinxFormat(isCmakeDocsNavigationPage),
};
