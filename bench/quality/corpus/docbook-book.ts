/**
 * A book that DocBook's XSL stylesheets wrote as one HTML page (Git's user manual): a `div.book` whose first
 * `div.titlepage` holds the title, with a generated table of contents for the book and for every chapter.
 */
import { isTag } from 'domhandler';
import { findElement, findElements, hasClass, parseHtml, removeNode, textOf } from '../html/dom.js';
import type { ExtractedArticle } from './static-site.js';

export function isDocbookBook(html: string): boolean {
  return /<meta name="generator" content="DocBook XSL /.test(html) && /<div[^>]*class="book"/.test(html);
}

export function extractDocbookBook(relPath: string, html: string): ExtractedArticle {
  const book = findElement(parseHtml(html), (el) => el.name === 'div' && hasClass(el, 'book'));
  if (!book) throw new Error(`${relPath}: no <div class="book">; is this DocBook output?`);
  const titlePage = book.children.filter(isTag).find((child) => hasClass(child, 'titlepage'));
  const heading = titlePage && findElement(titlePage, (el) => /^h[1-6]$/.test(el.name));
  if (!titlePage || !heading) throw new Error(`${relPath}: the book has no title page with a heading`);
  const title = textOf(heading);

  removeNode(titlePage);
  for (const toc of findElements(book, (el) => el.name === 'div' && hasClass(el, 'toc'))) removeNode(toc);
  return { title, body: book };
}
