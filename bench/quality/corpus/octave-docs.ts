/**
 * GNU Octave's manual as Debian ships it in `octave-doc` (about 500 Texinfo nodes, one file each: the language, its
 * functions with their docstrings, graphics, packages). Authors cross-reference other nodes in running text ("see
 * Basic Vectorization") and name related functions in each docstring's "See also" line.
 */
import { readTexinfoFiles, texinfoFormat } from './texinfo-site.js';
import type { CorpusSource } from './types.js';

/** The Top node (the manual's table of contents) and the generated index nodes. */
const NAVIGATION_PAGES = new Set(['index.html', 'Concept-Index.html', 'Function-Index.html', 'Graphics-Properties-Index.html', 'Operator-Index.html']);

export function isOctaveDocsNavigationPage(relPath: string): boolean {
  return NAVIGATION_PAGES.has(relPath);
}

export const OCTAVE_DOCS: CorpusSource = {
  id: 'octave',
  packageName: 'octave-doc',
  htmlDir: 'usr/share/doc/octave/octave.html',
  domain: 'https://octave-docs.example.test/',
  format: texinfoFormat(isOctaveDocsNavigationPage),
  readFiles: readTexinfoFiles,
};
