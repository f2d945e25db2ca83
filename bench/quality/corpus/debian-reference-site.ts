/**
 * The Debian Reference as Debian ships it per language (`debian-reference-de`, `-fr`, …): DocBook's XSL stylesheets
 * wrote one XHTML page per chapter (`ch03.de.html`), each holding its numbered sections (`3.1`, `3.1.2`, …) and
 * cross-references to sections of any chapter ("Abschnitt 3.1.2, „Stufe 2: der Bootloader“"). Fifteen chapter pages
 * would be a site of fifteen posts; cut into one page per section of the first two levels (`3.1`, `3.1.2`; deeper ones
 * stay inside theirs), as a chunked DocBook build would write it, it is a site of a few hundred posts whose authors'
 * cross-references link one post to another.
 */
import path from 'node:path';
import { isTag } from 'domhandler';
import { DomUtils, parseDocument } from 'htmlparser2';
import { collapseWhitespace, findElement, findElements, hasClass, removeNode, textOf, type Element } from '../html/dom.js';
import { readHtmlFiles } from './html-files.js';
import type { ExtractedArticle, SiteFormat, SourceFile } from './static-site.js';

/** XHTML: `<a id="x"/>` closes itself (an HTML parser would leave it open around what follows). */
const parseXhtml = (html: string) => parseDocument(html, { recognizeSelfClosing: true });

/** Section headings that start a page of their own: `h2` (3.1) and `h3` (3.1.2). */
const PAGE_HEADINGS = new Set(['h2', 'h3']);

const isSection = (el: Element): boolean => el.name === 'div' && hasClass(el, 'section');

/** The heading of a section (in its own title block, not a subsection's). */
function headingOf(section: Element): Element | undefined {
  const titlepage = section.children.find((child): child is Element => isTag(child) && hasClass(child, 'titlepage'));
  return (titlepage && findElement(titlepage, (el) => /^h[1-6]$/.test(el.name))) ?? undefined;
}

/** The id a section's heading carries (`_the_boot_loader`), which cross-references name. */
function sectionId(section: Element): string | undefined {
  const heading = headingOf(section);
  return heading && findElement(heading, (el) => 'id' in el.attribs)?.attribs['id'];
}

/**
 * The chapter files of one language (`ch01.de.html` … for `de`), cut into one file per section of the first two levels
 * (`ch03/_the_boot_loader.html`), holding the section without its subsections that have pages of their own; links
 * to a section of any chapter are rewritten to the file that holds it.
 */
export function splitDebianReferenceChapters(root: string, language: string): SourceFile[] {
  const chapterFile = new RegExp(`^ch\\d+\\.${language}\\.html$`);
  const chapters = readHtmlFiles(root)
    .filter((file) => chapterFile.test(file.relPath))
    .map((file) => ({ file, document: parseXhtml(file.html), base: file.relPath.split('.')[0]! }));

  // Every id of every chapter → the file of the page-level section holding it.
  const idFiles = new Map<string, string>();
  const pagesOf = new Map<string, Map<Element, string>>();
  for (const { file, document, base } of chapters) {
    const pages = new Map<Element, string>();
    for (const section of findElements(document, isSection)) {
      const heading = headingOf(section);
      const id = sectionId(section);
      if (heading && id && PAGE_HEADINGS.has(heading.name)) pages.set(section, `${base}/${id}.html`);
    }
    pagesOf.set(file.relPath, pages);
    for (const el of findElements(document, (e) => 'id' in e.attribs)) {
      let holder: Element | null = el;
      while (holder && !pages.has(holder)) holder = holder.parent && isTag(holder.parent) ? holder.parent : null;
      if (holder) idFiles.set(`${file.relPath}#${el.attribs['id']}`, pages.get(holder)!);
    }
  }

  const split: SourceFile[] = [];
  for (const { file } of chapters) {
    const pages = pagesOf.get(file.relPath)!;
    for (const [section, relPath] of pages) {
      const own = section.cloneNode(true);
      // Mapped to the original tree before any removal shifts the clone's children.
      const inner = findElements(own.children, isSection).filter((el) => pages.has(originalOf(section, own, el)));
      for (const el of inner) removeNode(el);
      for (const a of findElements(own, (el) => el.name === 'a' && 'href' in el.attribs)) {
        const href = a.attribs['href'] ?? '';
        const hash = href.indexOf('#');
        const target = hash === -1 ? undefined : idFiles.get(`${href.slice(0, hash) || file.relPath}#${href.slice(hash + 1)}`);
        if (target !== undefined) a.attribs['href'] = path.posix.relative(path.posix.dirname(relPath), target) + href.slice(hash);
      }
      split.push({ relPath, html: `<!DOCTYPE html>\n<html lang="${language}"><body>\n${DomUtils.getOuterHTML(own)}\n</body></html>\n` });
    }
  }
  return split.sort((a, b) => a.relPath.localeCompare(b.relPath));
}

/** The element of the original tree at the place `copy` has in the clone `own` of `section` (same child path). */
function originalOf(section: Element, own: Element, copy: Element): Element {
  const steps: number[] = [];
  for (let node: Element = copy; node !== own; node = node.parent as Element) steps.unshift((node.parent as Element).children.indexOf(node));
  let original: Element = section;
  for (const step of steps) original = original.children[step] as Element;
  return original;
}

/** A section page: titled by its heading without the section number ("3.1.2. Stufe 2: der Bootloader" → "Stufe 2: der Bootloader"). */
export function extractDebianReferenceSection(relPath: string, html: string): ExtractedArticle {
  const document = parseXhtml(html);
  const section = findElement(document, isSection);
  const heading = section && headingOf(section);
  if (!section || !heading) throw new Error(`${relPath}: no DocBook section with a heading; is this the Debian Reference?`);
  const title = collapseWhitespace(textOf(heading).replace(/^[\d.]+\s+/, ''));
  const titlepage = section.children.find((child): child is Element => isTag(child) && hasClass(child, 'titlepage'));
  if (titlepage) removeNode(titlepage);
  return { title, body: section };
}

export const debianReferenceFormat: SiteFormat = {
  isNavigationPage: () => false,
  extractArticle: extractDebianReferenceSection,
};
