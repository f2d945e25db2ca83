/**
 * Articles as AsciiDoc's xhtml11 backend writes them (Git's manual pages and guides): a `div#header` with the `h1`
 * title (plus, for manual pages, the NAME section), a `div#content`, and a footer. Manual-page titles read
 * `git-add(1) Manual Page`; the generator's suffix is dropped so the title is what the page is about. A document
 * without a title line is titled by its first section heading.
 */
import { isTag } from 'domhandler';
import { findElement, findElements, parseHtml, removeNode, textOf, type Element } from '../html/dom.js';
import type { ExtractedArticle } from './static-site.js';

const MANUAL_PAGE_SUFFIX = /\s*Manual Page$/;

/** Lines AsciiDoc prints under an article's title from document attributes, not from the author's text. */
const HEADER_ATTRIBUTE_IDS = new Set(['author', 'email', 'revnumber', 'revdate', 'revremark']);

/** Generated parts of the page: the script-filled table of contents and footnote list, and the "last updated" footer. */
const GENERATED_IDS = new Set(['toc', 'footnotes', 'footer']);

const withId = (id: string) => (element: Element): boolean => element.attribs['id'] === id;

export function isAsciidocPage(html: string): boolean {
  return /<meta name="generator" content="AsciiDoc /.test(html);
}

export function extractAsciidocArticle(relPath: string, html: string): ExtractedArticle {
  const body = findElement(parseHtml(html), (el) => el.name === 'body');
  const header = body && findElement(body, withId('header'));
  const content = body && findElement(body, withId('content'));
  if (!body || !header || !content) {
    throw new Error(`${relPath}: no <div id="header"> and <div id="content">; is this AsciiDoc output?`);
  }
  // A document without a title line is titled by its first section, as its readers see it.
  const heading = findElement(header, (el) => el.name === 'h1') ?? findElement(content, (el) => el.name === 'h2');
  if (!heading) throw new Error(`${relPath}: no <h1> in the header and no <h2> in the content`);
  const title = textOf(heading).replace(MANUAL_PAGE_SUFFIX, '');

  removeNode(heading);
  for (const child of header.children.filter(isTag)) {
    if (HEADER_ATTRIBUTE_IDS.has(child.attribs['id'] ?? '') || child.name === 'br') removeNode(child);
  }
  for (const el of findElements(body, (e) => GENERATED_IDS.has(e.attribs['id'] ?? ''))) removeNode(el);
  return { title, body };
}
