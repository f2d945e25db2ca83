/**
 * Sphinx sites whose pages carry a local table of contents: the `.. contents::` directive writes the page's section
 * list as `div.contents.topic` (docutils < 0.18) or `nav.contents` (later), and, with back-links on, wraps every section
 * heading in a link back to its entry (`a.toc-backref`). Both are generated chrome: the list goes, the headings keep
 * their text. `sphinxFormat` does the rest.
 */
import { findElements, hasClass, removeNode, unwrapElement, type Element } from '../html/dom.js';
import { extractSphinxArticle } from './sphinx-site.js';
import type { ExtractedArticle, SiteFormat } from './static-site.js';

export function removeLocalContents(body: Element): void {
  for (const el of findElements(body, (e) => (e.name === 'div' || e.name === 'nav') && hasClass(e, 'contents'))) removeNode(el);
  for (const el of findElements(body, (e) => e.name === 'a' && hasClass(e, 'toc-backref'))) unwrapElement(el);
}

/** `sphinxFormat` without local tables of contents; `stripMore` removes a site's own boilerplate from the body. */
export function sphinxFormatWithoutLocalContents(
  isNavigationPage: (relPath: string) => boolean,
  stripMore: (body: Element, relPath: string) => void = () => {},
): SiteFormat {
  return {
    isNavigationPage,
    extractArticle: (relPath: string, html: string): ExtractedArticle => {
      const article = extractSphinxArticle(relPath, html);
      removeLocalContents(article.body);
      stripMore(article.body, relPath);
      return article;
    },
  };
}
