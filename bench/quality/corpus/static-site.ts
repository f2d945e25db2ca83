/**
 * Turns a generated documentation website (a folder of HTML files) into corpus pages: each article's main content
 * only (what a WordPress post body would hold), placed on a fake domain with WordPress-like permalinks, with the
 * authors' links to other pages of the corpus recorded as ground truth. What counts as an article and where its
 * content and title sit depend on the generator: a `SiteFormat` says.
 */
import path from 'node:path';
import { resolveHref } from '../../../bridge/src/lib/url.js';
import { containsCode, findElements, innerHtml, textOf, type Document, type Element } from '../html/dom.js';
import type { CorpusPage, HumanLink } from './types.js';

export interface SourceFile {
  /** Path relative to the HTML root, with forward slashes (e.g. `library/json.html`). */
  relPath: string;
  html: string;
}

/** An article as a generator wrote it, reduced to what an author would put in a WordPress post. */
export interface ExtractedArticle {
  /** Plain text, whitespace collapsed. */
  title: string;
  /** The main content without its title and without generated chrome (navigation, tables of contents, footers). */
  body: Element;
}

export interface SiteFormat {
  /** Generated pages that are not articles (indexes, search, duplicates): left out, and links to them are not truth. */
  isNavigationPage(relPath: string): boolean;
  /** Throws when the file does not look like this generator's output, so a changed package fails loudly. */
  extractArticle(relPath: string, html: string): ExtractedArticle;
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
export function humanLinksOf(body: Element | Document, pageUrl: string, pageUrls: ReadonlySet<string>): HumanLink[] {
  const links: HumanLink[] = [];
  for (const a of findElements(body, (e) => e.name === 'a' && 'href' in e.attribs)) {
    const targetUrl = resolveHref(a.attribs['href'] ?? '', pageUrl);
    if (!targetUrl || targetUrl === pageUrl || !pageUrls.has(targetUrl)) continue;
    links.push({ targetUrl, anchorText: textOf(a), inCode: containsCode(a) });
  }
  return links;
}

/** Builds the corpus pages of a site, in path order; navigation pages are left out. */
export function buildSitePages(files: readonly SourceFile[], domain: string, format: SiteFormat): CorpusPage[] {
  const articles = files.filter((file) => !format.isNavigationPage(file.relPath)).sort((a, b) => a.relPath.localeCompare(b.relPath));
  const pageFiles = new Set(articles.map((file) => file.relPath));
  const pageUrls = new Set(articles.map((file) => permalinkFor(file.relPath, domain)));
  return articles.map((file) => {
    const url = permalinkFor(file.relPath, domain);
    const { title, body } = format.extractArticle(file.relPath, file.html);
    absolutiseReferences(body, file.relPath, pageFiles, domain);
    return { url, title, content: innerHtml(body).trim(), links: humanLinksOf(body, url, pageUrls) };
  });
}
