/**
 * Articles as mdBook (the generator behind the Rust books) writes them: one page per chapter, the chapter in a
 * `<main>` inside `div#content`, titled by its first heading (an `h1`, or an `h2` in a section of a chapter: the Rust
 * book's sections start at `##`), surrounded by chrome that sits outside `<main>` (the
 * sidebar with the book's table of contents, the menu bar, the search bar, the prev/next chapter arrows). Inside
 * `<main>`, mdBook wraps every heading's text in a link to itself (`a.header`), a permalink marker: it is unwrapped.
 * `print.html` (every chapter again on one page) and `index.html` (a copy of the first chapter) are duplicates, not
 * articles: each book's navigation test leaves them out.
 */
import { collapseWhitespace, findElement, findElements, hasClass, parseHtml, removeNode, textOf, unwrapElement, type Element } from '../html/dom.js';
import type { ExtractedArticle, SiteFormat } from './static-site.js';

/** mdBook marks its pages with this comment (it writes no generator meta tag). */
export function isMdbookPage(html: string): boolean {
  return html.includes('<!-- Book generated using mdBook -->');
}

function mainContent(relPath: string, html: string): Element {
  const content = isMdbookPage(html) ? findElement(parseHtml(html), (el) => el.name === 'div' && el.attribs['id'] === 'content') : null;
  const main = content && findElement(content, (el) => el.name === 'main');
  if (!main) throw new Error(`${relPath}: no <main> in <div id="content">; is this mdBook output?`);
  return main;
}

export function extractMdbookArticle(relPath: string, html: string): ExtractedArticle {
  const main = mainContent(relPath, html);
  const heading = findElement(main, (el) => /^h[1-6]$/.test(el.name));
  if (!heading) throw new Error(`${relPath}: no heading in <main>`);
  const title = collapseWhitespace(textOf(heading));
  removeNode(heading);
  // Heading permalinks (`<h2 id="x"><a class="header" href="#x">Text</a></h2>`) keep their text, lose the link.
  for (const anchor of findElements(main, (el) => el.name === 'a' && hasClass(el, 'header'))) unwrapElement(anchor);
  // Scripts in a chapter only redirect old fragment links; they are not text.
  for (const script of findElements(main, (el) => el.name === 'script')) removeNode(script);
  return { title, body: main };
}

/** An mdBook site whose non-article pages are the ones `isNavigationPage` names. */
export function mdbookFormat(isNavigationPage: (relPath: string) => boolean): SiteFormat {
  return { isNavigationPage, extractArticle: extractMdbookArticle };
}
