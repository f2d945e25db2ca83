/**
 * Articles as ikiwiki (a wiki compiler: Markdown pages with wiki links, rendered to a static site) writes them with its
 * default `page.tmpl`: a `div.pageheader` holding the parent-page trail and the page's `span.title`, the page body in
 * `div#content[role=main]`, then a footer with the "Links:" backlinks, tags and the last-edited date. Only the content
 * is kept, and from it what directives and templates generated rather than the author wrote: tables of contents,
 * maps, inlined or archived page lists, feed links, tag clouds, lists of broken links, directive errors, and the info boxes of templates (a plugin's "Plugin: …,
 * Included in goodstuff: …" box, a branch's "Available in a git repository branch" box).
 */
import { isTag } from 'domhandler';
import { collapseWhitespace, findElement, findElements, hasClass, parseHtml, removeNode, textOf, type Element } from '../html/dom.js';
import type { ExtractedArticle, SiteFormat } from './static-site.js';

/** Classes of what directives and templates generate inside the content (and of a directive's error message). */
const GENERATED_CLASSES = ['toc', 'map', 'inlinepage', 'archivepage', 'feedlink', 'pagecloud', 'infobox', 'blogform', 'trails', 'error'];

/**
 * The list the `brokenlinks` directive generates, one item per missing page: "<missing page> from <page>, <page>".
 * Its links are every page that has a broken link, not pages the author chose.
 */
function isBrokenLinksList(el: Element): boolean {
  if (el.name !== 'ul') return false;
  const items = el.children.filter(isTag);
  return (
    items.length > 0 &&
    items.every((item) => {
      const first = item.children.find((child) => isTag(child) || textOf(child) !== '');
      return first !== undefined && isTag(first) && hasClass(first, 'createlink') && /^\S.* from \S/.test(textOf(item));
    })
  );
}

const isGenerated = (el: Element): boolean => GENERATED_CLASSES.some((className) => hasClass(el, className)) || isBrokenLinksList(el);

/** Removes an element, and the paragraph around it when nothing else is left in it (`<p><span class="infobox">`). */
function removeWithEmptyParagraph(el: Element): void {
  const parent = el.parent;
  removeNode(el);
  if (parent && parent.type === 'tag' && (parent as Element).name === 'p' && textOf(parent) === '') removeNode(parent as Element);
}

export function extractIkiwikiArticle(relPath: string, html: string): ExtractedArticle {
  const doc = parseHtml(html);
  const header = findElement(doc, (el) => el.name === 'div' && hasClass(el, 'pageheader'));
  const titleSpan = header && findElement(header, (el) => el.name === 'span' && hasClass(el, 'title'));
  const content = findElement(doc, (el) => el.name === 'div' && el.attribs['id'] === 'content' && el.attribs['role'] === 'main');
  if (!header || !titleSpan || !content) {
    throw new Error(`${relPath}: no <div class="pageheader"> with a <span class="title"> and no <div id="content" role="main">; is this ikiwiki output?`);
  }
  const title = collapseWhitespace(textOf(titleSpan));
  if (title === '') throw new Error(`${relPath}: empty page title`);
  for (const el of findElements(content, isGenerated)) removeWithEmptyParagraph(el);
  return { title, body: content };
}

/** An ikiwiki site whose generated pages (lists, tag pages, the front page) are the ones `isNavigationPage` names. */
export function ikiwikiFormat(isNavigationPage: (relPath: string) => boolean): SiteFormat {
  return { isNavigationPage, extractArticle: extractIkiwikiArticle };
}
