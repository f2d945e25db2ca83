/**
 * "The Rust Programming Language", the Rust book, as Debian ships it in `rust-doc` (mdBook; about 100 chapters of
 * tutorial prose). Only the current book: the package also keeps the first edition's old pages as redirect stubs.
 */
import { mdbookFormat } from './mdbook-site.js';
import type { CorpusSource } from './types.js';

/** The book's chapters: `chNN-NN-….html`, the appendices, the foreword and the title page. */
const CHAPTER = /^(ch\d\d-\d\d-[a-z0-9-]+|appendix-\d\d(-[a-z0-9-]+)?|foreword|title-page)\.html$/;

/**
 * Everything else is not an article: `print.html` (every chapter again), `index.html` (a copy of the title page),
 * `README.html` and `SUMMARY.html`, the first edition's old chapter names at the top level (rustdoc pages that say
 * "there is a new edition of the book and this is an old link") and the `first-edition/`, `second-edition/` and
 * `2018-edition/` books, whose every page only points at the current book.
 */
export function isRustbookNavigationPage(relPath: string): boolean {
  return !CHAPTER.test(relPath);
}

export const RUSTBOOK_DOCS: CorpusSource = {
  id: 'rustbook',
  packageName: 'rust-doc',
  htmlDir: 'usr/share/doc/rust-doc/html/book',
  domain: 'https://rustbook-docs.example.test/',
  format: mdbookFormat(isRustbookNavigationPage),
};
