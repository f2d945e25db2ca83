/** The Rust Reference as Debian ships it in `rust-doc` (mdBook; about 110 pages on the language's syntax and semantics). */
import { mdbookFormat } from './mdbook-site.js';
import type { CorpusSource } from './types.js';

/**
 * Pages that are not articles: `print.html` (every page again), `index.html` (a copy of the introduction), and the
 * redirect stubs left behind by renamed pages (`attributes-redirect.html`, `types-redirect.html`,
 * `expressions/enum-variant-expr.html`).
 */
export function isRustrefNavigationPage(relPath: string): boolean {
  return (
    relPath === 'print.html' ||
    relPath === 'index.html' ||
    relPath.endsWith('-redirect.html') ||
    relPath === 'expressions/enum-variant-expr.html'
  );
}

export const RUSTREF_DOCS: CorpusSource = {
  id: 'rustref',
  packageName: 'rust-doc',
  htmlDir: 'usr/share/doc/rust-doc/html/reference',
  domain: 'https://rustref-docs.example.test/',
  format: mdbookFormat(isRustrefNavigationPage),
};
