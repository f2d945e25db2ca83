/**
 * Exim's specification as Debian ships it in `exim4-doc-html` (62 chapters of the MTA's reference manual plus the 3
 * chapters of its filtering guide, one page each). Authors link chapters and sections from running text ("This is
 * discussed in chapter 7"); the link text is the number DocBook's cross-reference generates.
 */
import { eximSpecFormat } from './exim-spec-site.js';
import type { CorpusSource } from './types.js';

/**
 * The two tables of contents (`index.html`, `filter.html`), the generated index chapters, and the copies of every
 * chapter under its number (`ch01.html` = `ch-introduction.html`; links use the named files).
 */
export function isEximDocsNavigationPage(relPath: string): boolean {
  return (
    relPath === 'index.html' ||
    relPath === 'filter.html' ||
    /^ch-(?:concept|option|variable)_index\.html$/.test(relPath) ||
    /^(?:filter_)?ch\d+\.html$/.test(relPath)
  );
}

export const EXIM_DOCS: CorpusSource = {
  id: 'exim',
  packageName: 'exim4-doc-html',
  htmlDir: 'usr/share/doc/exim4-doc-html/spec_html',
  domain: 'https://exim-docs.example.test/',
  format: eximSpecFormat(isEximDocsNavigationPage),
};
