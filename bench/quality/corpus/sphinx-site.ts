/**
 * Turns the HTML output of Sphinx (the generator behind Python's documentation) into corpus pages: the main body
 * only (what a WordPress post body would hold), placed on a fake domain with WordPress-like permalinks, with the
 * authors' links to other pages of the corpus recorded as ground truth.
 */
import path from 'node:path';
import { resolveHref } from '../../../bridge/src/lib/url.js';
import {
  collapseWhitespace,
  containsCode,
  findElement,
  findElements,
  hasClass,
  innerHtml,
  parseHtml,
  removeNode,
  textOf,
  type Element,
} from '../html/dom.js';
import type { CorpusPage, HumanLink } from './types.js';

export interface SourceFile {
  /** Path relative to the HTML root, with forward slashes (e.g. `library/json.html`). */
  relPath: string;
  html: string;
}

/** `library/json.html` → `https://docs.example.test/library/json/`; `tutorial/index.html` → `…/tutorial/`. */
export function permalinkFor(relPath: string, domain: string): string {
  const withoutExtension = relPath.replace(/\.html$/, '');
  const slug = withoutExtension === 'index' ? '' : withoutExtension.replace(/\/index$/, '') + '/';
  return new URL(slug, domain).toString();
}

/** Resolves a relative href of a source file to the file it names (or null for same-page and absolute links). */
function linkedFile(href: string, relPath: string): { file: string; suffix: string } | null {
  if (href === '' || href.startsWith('#') || /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) return null;
  const cut = href.search(/[?#]/);
  const filePart = cut === -1 ? href : href.slice(0, cut);
  const suffix = cut === -1 ? '' : href.slice(cut);
  if (filePart === '') return null;
  let file = path.posix.normalize(path.posix.join(path.posix.dirname(relPath), filePart));
  if (filePart.endsWith('/')) file = path.posix.join(file, 'index.html');
  return { file, suffix };
}

function mainBody(relPath: string, html: string): Element {
  const body = findElement(parseHtml(html), (el) => el.name === 'div' && hasClass(el, 'body') && el.attribs['role'] === 'main');
  if (!body) throw new Error(`${relPath}: no <div class="body" role="main">; is this Sphinx output?`);
  return body;
}

function titleOf(body: Element, relPath: string): string {
  const heading = findElement(body, (el) => el.name === 'h1');
  if (!heading) throw new Error(`${relPath}: no <h1>`);
  return textOf(heading).replace(/¶$/, '').trim();
}

/** Strips what is not author prose: the title (WordPress renders it apart), permalink pilcrows, generated tables of contents. */
function stripChrome(body: Element): void {
  const heading = findElement(body, (el) => el.name === 'h1');
  if (heading) removeNode(heading);
  for (const el of findElements(body, (e) => (e.name === 'a' && hasClass(e, 'headerlink')) || hasClass(e, 'toctree-wrapper'))) {
    removeNode(el);
  }
}

/** Rewrites relative hrefs and image sources to absolute URLs on the fake domain, corpus pages to their permalinks. */
function absolutiseReferences(body: Element, relPath: string, pageFiles: ReadonlySet<string>, domain: string): void {
  for (const el of findElements(body, (e) => (e.name === 'a' && 'href' in e.attribs) || (e.name === 'img' && 'src' in e.attribs))) {
    const attribute = el.name === 'a' ? 'href' : 'src';
    const target = linkedFile(el.attribs[attribute] ?? '', relPath);
    if (!target) continue;
    const base = pageFiles.has(target.file) ? permalinkFor(target.file, domain) : new URL(target.file, domain).toString();
    el.attribs[attribute] = base + target.suffix;
  }
}

/** The links of a body that point at another page of the corpus, in document order. */
export function humanLinksOf(body: Element, pageUrl: string, pageUrls: ReadonlySet<string>): HumanLink[] {
  const links: HumanLink[] = [];
  for (const a of findElements(body, (e) => e.name === 'a' && 'href' in e.attribs)) {
    const targetUrl = resolveHref(a.attribs['href'] ?? '', pageUrl);
    if (!targetUrl || targetUrl === pageUrl || !pageUrls.has(targetUrl)) continue;
    links.push({ targetUrl, anchorText: textOf(a), inCode: containsCode(a) });
  }
  return links;
}

/**
 * Builds the corpus pages from Sphinx files. `isNavigationPage` names the generated pages (indexes, search, table of
 * contents) that are not articles: they are left out, and links to them are not ground truth.
 */
export function buildSphinxPages(files: readonly SourceFile[], domain: string, isNavigationPage: (relPath: string) => boolean): CorpusPage[] {
  const articles = files.filter((file) => !isNavigationPage(file.relPath)).sort((a, b) => a.relPath.localeCompare(b.relPath));
  const pageFiles = new Set(articles.map((file) => file.relPath));
  const pageUrls = new Set(articles.map((file) => permalinkFor(file.relPath, domain)));
  return articles.map((file) => {
    const url = permalinkFor(file.relPath, domain);
    const body = mainBody(file.relPath, file.html);
    const title = collapseWhitespace(titleOf(body, file.relPath));
    stripChrome(body);
    absolutiseReferences(body, file.relPath, pageFiles, domain);
    return { url, title, content: innerHtml(body).trim(), links: humanLinksOf(body, url, pageUrls) };
  });
}
