/**
 * Articles as Sphinx (the generator behind Python's documentation) writes them: the `div.body[role=main]`, titled by
 * its `h1`, without permalink pilcrows and generated `toctree` lists.
 */
import { collapseWhitespace, findElement, findElements, hasClass, parseHtml, removeNode, textOf, type Element } from '../html/dom.js';
import type { ExtractedArticle, SiteFormat } from './static-site.js';

function mainBody(relPath: string, html: string): Element {
  const body = findElement(parseHtml(html), (el) => el.name === 'div' && hasClass(el, 'body') && el.attribs['role'] === 'main');
  if (!body) throw new Error(`${relPath}: no <div class="body" role="main">; is this Sphinx output?`);
  return body;
}

/** Strips what is not author prose: the title (WordPress renders it apart), permalink pilcrows, generated tables of contents. */
function stripChrome(body: Element, heading: Element): void {
  removeNode(heading);
  for (const el of findElements(body, (e) => (e.name === 'a' && hasClass(e, 'headerlink')) || hasClass(e, 'toctree-wrapper'))) {
    removeNode(el);
  }
}

export function extractSphinxArticle(relPath: string, html: string): ExtractedArticle {
  const body = mainBody(relPath, html);
  const heading = findElement(body, (el) => el.name === 'h1');
  if (!heading) throw new Error(`${relPath}: no <h1>`);
  const title = collapseWhitespace(textOf(heading).replace(/¶$/, ''));
  stripChrome(body, heading);
  return { title, body };
}

/** A Sphinx site whose generated pages are the ones `isNavigationPage` names. */
export function sphinxFormat(isNavigationPage: (relPath: string) => boolean): SiteFormat {
  return { isNavigationPage, extractArticle: extractSphinxArticle };
}
