/**
 * The second corpus: Git's documentation as Debian ships it in `git-doc` (about 240 pages: the manual pages of every
 * command, guides, how-tos and technical notes). Its authors link in running text ("see git-commit(1) for …"), the
 * way WordPress authors do, where Python's documentation mostly links inline code.
 */
import { findElement, findElements, hasClass, removeNode, textOf } from '../html/dom.js';
import { extractAsciidocArticle, isAsciidocPage } from './asciidoc-page.js';
import { extractDocbookBook, isDocbookBook } from './docbook-book.js';
import type { ExtractedArticle } from './static-site.js';
import type { CorpusSource } from './types.js';

/**
 * Pages that are not articles: `index.html` is a symbolic link to `git.html` (a duplicate), and the how-to and API
 * indexes are lists generated from the other pages.
 */
export function isGitDocsNavigationPage(relPath: string): boolean {
  return relPath === 'index.html' || relPath === 'howto-index.html' || relPath === 'technical/api-index.html';
}

/**
 * Removes the trailer every manual page ends with, a "GIT" section reading "Part of the git(1) suite": it is a
 * site-wide footer, not a link an author chose for this page (left in, it would be a sixth of all linked pairs).
 */
function removeSuiteTrailer(body: ExtractedArticle['body']): void {
  for (const section of findElements(body, (el) => el.name === 'div' && hasClass(el, 'sect1'))) {
    const heading = findElement(section, (el) => el.name === 'h2');
    if (heading && textOf(heading) === 'GIT' && /^Part of the git\(1\) suite$/.test(textOf(section).replace(/^GIT /, ''))) {
      removeNode(section);
    }
  }
}

/** Every page is AsciiDoc output except the user manual, which goes through DocBook. */
export function extractGitDocsArticle(relPath: string, html: string): ExtractedArticle {
  if (isDocbookBook(html)) return extractDocbookBook(relPath, html);
  if (!isAsciidocPage(html)) throw new Error(`${relPath}: neither AsciiDoc nor DocBook output`);
  const article = extractAsciidocArticle(relPath, html);
  removeSuiteTrailer(article.body);
  return article;
}

export const GIT_DOCS: CorpusSource = {
  id: 'git',
  packageName: 'git-doc',
  htmlDir: 'usr/share/doc/git-doc',
  domain: 'https://git-docs.example.test/',
  format: { isNavigationPage: isGitDocsNavigationPage, extractArticle: extractGitDocsArticle },
};
