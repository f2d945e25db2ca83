/**
 * The Apache HTTP Server 2.4 manual as Debian ships it in `apache2-doc` (about 230 pages: the module and directive
 * reference, how-tos, guides). The manual is generated from XML by the project's XSLT stylesheets; Debian keeps one
 * folder per language, and the English one (`manual/en`) holds plain `.html` files, named as the links name them.
 * A few of them are not English, though: Debian's split put the Brazilian Portuguese translation of six pages
 * (`bind.html`, `install.html`, …) in the English folder. `readEnglishFiles` leaves them out.
 *
 * Page layout: a `div#page-header` menu, a breadcrumb `div#path`, then `div#page-content` with the `div#preamble`
 * (the `h1` title, a language bar, the introduction), a `div#quickview` sidebar (the page's table of contents, the
 * list of a module's directives, "See also", bug-tracker links), the sections, each after a "back to top" arrow, a
 * second language bar and a footer. Module and directive names are links inside code
 * (`<code class="directive"><a href="mod_env.html#setenv">SetEnv</a></code>`).
 */
import { readHtmlFiles } from './html-files.js';
import { collapseWhitespace, findElement, findElements, hasClass, parseHtml, removeNode, textOf, unwrapElement, type Element } from '../html/dom.js';
import { markLinksInCode } from './code-links.js';
import type { ExtractedArticle, SiteFormat, SourceFile } from './static-site.js';
import type { CorpusSource } from './types.js';

/** Generated or list pages: the manual's front page and every section's index, the sitemap, the module index
 * (`mod/index.html`), the directive index, the quick reference and the list of directives by override class. */
export function isApacheDocsNavigationPage(relPath: string): boolean {
  return (
    relPath === 'index.html' ||
    relPath.endsWith('/index.html') ||
    relPath === 'sitemap.html' ||
    relPath === 'mod/directives.html' ||
    relPath === 'mod/quickreference.html' ||
    relPath === 'mod/overrides.html'
  );
}

const GENERATED_MARK = 'This file is generated from xml source: DO NOT EDIT';

/** Chrome inside the page content: language bars, the sidebar, "back to top" arrows, heading permalinks, scripts. */
function isChrome(el: Element): boolean {
  return (
    hasClass(el, 'toplang') ||
    hasClass(el, 'bottomlang') ||
    hasClass(el, 'lang-toggle') ||
    el.attribs['id'] === 'quickview' ||
    (el.name === 'div' && hasClass(el, 'top')) ||
    (el.name === 'a' && hasClass(el, 'permalink')) ||
    el.name === 'script'
  );
}

export function extractApacheArticle(relPath: string, html: string): ExtractedArticle {
  const document = parseHtml(html);
  const content = html.includes(GENERATED_MARK) ? findElement(document, (el) => el.attribs['id'] === 'page-content') : null;
  const preamble = content && findElement(content, (el) => el.attribs['id'] === 'preamble');
  const heading = preamble && findElement(preamble, (el) => el.name === 'h1');
  if (!content || !heading) {
    throw new Error(`${relPath}: no <div id="page-content"> with a preamble and an <h1>; is this the Apache httpd manual?`);
  }
  const title = collapseWhitespace(textOf(heading));
  removeNode(heading);
  for (const el of findElements(content, isChrome)) removeNode(el);
  // The labels of a module's and a directive's summary table ("Context:", "Status:") link to the pages that explain
  // the labels: generated on every module page, not chosen by an author.
  for (const table of findElements(content, (el) => el.name === 'table' && (hasClass(el, 'directive') || hasClass(el, 'module')))) {
    for (const label of findElements(table, (el) => el.name === 'th')) {
      for (const link of findElements(label, (el) => el.name === 'a')) unwrapElement(link);
    }
  }
  markLinksInCode(content);
  return { title, body: content };
}

/** The site's files that are in English (`<html lang="en">`); the others are translations misfiled by the package. */
export function readEnglishFiles(root: string): SourceFile[] {
  return readHtmlFiles(root).filter((file) => /<html[^>]*\slang="en"/i.test(file.html.slice(0, 1000)));
}

export const apacheFormat: SiteFormat = { isNavigationPage: isApacheDocsNavigationPage, extractArticle: extractApacheArticle };

export const APACHE_DOCS: CorpusSource = {
  id: 'apache',
  packageName: 'apache2-doc',
  htmlDir: 'usr/share/doc/apache2-doc/manual/en',
  domain: 'https://apache-docs.example.test/',
  format: apacheFormat,
  readFiles: readEnglishFiles,
};
