/**
 * Manuals as GNU Texinfo's HTML converter (`texi2any`, `makeinfo --html`) writes them, one file per node: the node is
 * a `div` classed by its sectioning command (`chapter`, `section`, `appendixsec`, `unnumbered`, …) holding a
 * navigation header (`div.header`, or `table.header` in the texi2html style), the numbered heading, the text, a
 * generated menu of the sub-nodes (`ul.section-toc` or `table.menu`) and, for most layouts, the same navigation again
 * as a footer. Every node and anchor also gets a one-line redirect file (`XREFsize.html`: "The node you are looking
 * for is at …"), which is no article.
 *
 * A manual split per chapter instead (`--split=chapter`, Zsh's) keeps its sub-nodes inside the chapter's file; the
 * redirect files still name each node's own file, so {@link splitTexinfoChapters} cuts the chapters into the node files
 * a per-node split would have written, and points the links at them.
 */
import { cloneNode, isTag } from 'domhandler';
import { DomUtils } from 'htmlparser2';
import path from 'node:path';
import { collapseWhitespace, findElement, findElements, hasClass, parseHtml, removeNode, textOf, type Element } from '../html/dom.js';
import { readHtmlFiles } from './html-files.js';
import type { ExtractedArticle, SiteFormat, SourceFile } from './static-site.js';

/** Sectioning commands whose heading Texinfo numbers (`8.1.1 Advanced Indexing`, `Appendix A Installation`). */
const NUMBERED_CLASSES = new Set([
  'chapter',
  'section',
  'subsection',
  'subsubsection',
  'appendix',
  'appendixsec',
  'appendixsubsec',
  'appendixsubsubsec',
]);

/** Every class Texinfo gives the `div` (and heading) of a node. */
const SECTIONING_CLASSES = new Set([
  ...NUMBERED_CLASSES,
  'top',
  'unnumbered',
  'unnumberedsec',
  'unnumberedsubsec',
  'unnumberedsubsubsec',
  'chapheading',
]);

/** The number Texinfo prints before a numbered heading: `8 `, `8.1.1 `, `Appendix A `, `D.2.1 `. */
const HEADING_NUMBER = /^(?:Appendix [A-Z]|[A-Z](?:\.\d+)+|\d+(?:\.\d+)*)\.?\s+/;

const isSectioningDiv = (el: Element): boolean =>
  el.name === 'div' && 'id' in el.attribs && (el.attribs['class'] ?? '').split(/\s+/).some((c) => SECTIONING_CLASSES.has(c));

export function isTexinfoPage(html: string): boolean {
  return /<!-- Created by GNU Texinfo|<meta name="Generator" content="(?:texi2any|makeinfo)/i.test(html);
}

/** The stub Texinfo writes for each node and anchor name, sending the reader to where it really sits. */
export function isTexinfoRedirect(html: string): boolean {
  return isTexinfoPage(html) && /<meta http-equiv="Refresh" content="0; url=/i.test(html);
}

/** `Shell-Grammar.html#Aliasing` from a redirect stub, or null. */
function redirectTarget(html: string): string | null {
  return /<meta http-equiv="Refresh" content="0; url=([^"]+)"/i.exec(html)?.[1] ?? null;
}

/** Generated parts of a node: navigation headers and footers, menus of sub-nodes, tables of contents, ¶ markers. */
function isChrome(el: Element): boolean {
  return (
    ((el.name === 'div' || el.name === 'table') && hasClass(el, 'header')) ||
    (el.name === 'table' && hasClass(el, 'menu')) ||
    (el.name === 'ul' && hasClass(el, 'section-toc')) ||
    hasClass(el, 'Contents_element') ||
    hasClass(el, 'contents') ||
    hasClass(el, 'shortcontents') ||
    (el.name === 'a' && hasClass(el, 'copiable-anchor'))
  );
}

export function extractTexinfoArticle(relPath: string, html: string): ExtractedArticle {
  if (!isTexinfoPage(html) || isTexinfoRedirect(html)) throw new Error(`${relPath}: not a Texinfo node page`);
  const node = findElement(parseHtml(html), isSectioningDiv);
  if (!node) throw new Error(`${relPath}: no node <div> (chapter, section, …); is this Texinfo output?`);
  const heading = findElement(node, (el) => /^h[1-6]$/.test(el.name) && (el.attribs['class'] ?? '').split(/\s+/).some((c) => SECTIONING_CLASSES.has(c)));
  if (!heading) throw new Error(`${relPath}: the node has no sectioning heading`);
  const numbered = (heading.attribs['class'] ?? '').split(/\s+/).some((c) => NUMBERED_CLASSES.has(c));
  const text = textOf(heading);
  const title = collapseWhitespace(numbered ? text.replace(HEADING_NUMBER, '') : text);

  removeNode(heading);
  for (const el of findElements(node, isChrome)) removeNode(el);
  // The rules Texinfo draws between the header, the text and the footer.
  for (const el of findElements(node, (e) => e.name === 'hr')) removeNode(el);
  return { title, body: node };
}

/** A Texinfo manual whose navigation pages (the Top node, index nodes) are the ones `isNavigationPage` names. */
export function texinfoFormat(isNavigationPage: (relPath: string) => boolean): SiteFormat {
  return { isNavigationPage, extractArticle: extractTexinfoArticle };
}

/**
 * A node with no text of its own, only its heading and the menu of its sub-nodes (Octave's "Plotting"): a generated
 * menu page, not an article; a link to it is a link to navigation.
 */
export function isMenuOnlyNode(file: SourceFile): boolean {
  if (!isTexinfoPage(file.html) || isTexinfoRedirect(file.html)) return false;
  try {
    return textOf(extractTexinfoArticle(file.relPath, file.html).body) === '';
  } catch {
    return false; // not a node this format reads (the Top node without a heading): the site format decides.
  }
}

/** The site's node files, without the redirect stubs (no article; nothing links to them) and menu-only nodes. */
export function readTexinfoFiles(root: string): SourceFile[] {
  return readHtmlFiles(root).filter((file) => !isTexinfoRedirect(file.html) && !isMenuOnlyNode(file));
}

/**
 * Cuts a manual split per chapter into one file per node, as a per-node split names them: a node's file is the one
 * its redirect stub is named by (`Aliasing.html` → `Shell-Grammar.html#Aliasing` becomes the file `Aliasing.html`),
 * and holds the node's `div` without the nodes inside it. A section without a node of its own stays with its node.
 * Links to a node, or to an anchor inside one, are pointed at the node's file. Redirect stubs are dropped; files
 * that are not Texinfo pages, or hold no node, pass through untouched.
 */
export function splitTexinfoChapters(files: readonly SourceFile[]): SourceFile[] {
  // "file#id" of a node inside a chapter file → the node's own file.
  const nodeFiles = new Map<string, string>();
  for (const file of files) {
    if (!isTexinfoRedirect(file.html)) continue;
    const target = redirectTarget(file.html);
    if (target?.includes('#')) nodeFiles.set(resolveIn(file.relPath, target), file.relPath);
  }

  const pages = files
    .filter((file) => isTexinfoPage(file.html) && !isTexinfoRedirect(file.html))
    .map((file) => ({ file, document: parseHtml(file.html) }));
  // Every id of every page → the file of the innermost node holding it.
  const idFiles = new Map<string, string>();
  const nodesOf = new Map<string, Map<Element, string>>();
  for (const { file, document } of pages) {
    const top = findElement(document, isSectioningDiv);
    const fileOfNode = (node: Element): string | undefined =>
      node === top ? file.relPath : nodeFiles.get(`${file.relPath}#${node.attribs['id']}`);
    const nodes = new Map<Element, string>();
    for (const el of findElements(document, isSectioningDiv)) {
      const nodeFile = fileOfNode(el);
      if (nodeFile) nodes.set(el, nodeFile);
    }
    nodesOf.set(file.relPath, nodes);
    for (const el of findElements(document, (e) => 'id' in e.attribs)) {
      let holder: Element | null = el;
      while (holder && !nodes.has(holder)) holder = holder.parent && isTag(holder.parent) ? holder.parent : null;
      if (holder) idFiles.set(`${file.relPath}#${el.attribs['id']}`, nodes.get(holder) as string);
    }
  }

  const split: SourceFile[] = files.filter((file) => !isTexinfoPage(file.html));
  for (const { file, document } of pages) {
    for (const a of findElements(document, (el) => el.name === 'a' && 'href' in el.attribs)) {
      const href = a.attribs['href'] ?? '';
      if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(href)) continue;
      const target = resolveIn(file.relPath, href);
      const nodeFile = idFiles.get(target);
      if (!nodeFile) continue;
      const fragment = target.slice(target.indexOf('#'));
      a.attribs['href'] = path.posix.relative(path.posix.dirname(file.relPath), nodeFile) + fragment;
    }
    const head = file.html.slice(0, Math.max(0, file.html.search(/<body[\s>]/i)));
    const nodes = nodesOf.get(file.relPath) ?? new Map<Element, string>();
    if (nodes.size === 0) split.push(file); // no node (a table of contents): left for the site format to judge.
    const nodeIds = new Set([...nodes.keys()].map((node) => node.attribs['id']));
    for (const [node, relPath] of nodes) {
      const own = cloneNode(node, true);
      for (const inner of findElements(own.children, (el) => isSectioningDiv(el) && nodeIds.has(el.attribs['id']))) removeNode(inner);
      split.push({ relPath, html: `${head}<body lang="en">\n${DomUtils.getOuterHTML(own)}\n</body>\n</html>\n` });
    }
  }
  return split.sort((a, b) => a.relPath.localeCompare(b.relPath));
}

/** `Shell-Grammar.html#Aliasing` (or `#Aliasing`) as seen from `relPath`, as a `file#id` key; no fragment: `file#`. */
function resolveIn(relPath: string, href: string): string {
  const hash = href.indexOf('#');
  const filePart = hash === -1 ? href : href.slice(0, hash);
  const fragment = hash === -1 ? '' : href.slice(hash + 1);
  const file = filePart === '' ? relPath : path.posix.normalize(path.posix.join(path.posix.dirname(relPath), filePart));
  return `${file}#${fragment}`;
}
