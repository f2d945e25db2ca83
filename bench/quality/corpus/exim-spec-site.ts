/**
 * Chapters as the Exim project's website stylesheets write its specification (DocBook XML made by xfpt, turned into
 * one HTML page per chapter by exim-website's own XSLT, not DocBook's): a site header and menu, "<-previous" /
 * "next->" / "Table of Contents" links, a `div#chapter` with the `h2` "Chapter 44 - Access control lists" and
 * numbered `div.section`s, a designer credit footer and a script-filled table of contents. Cross-references are
 * DocBook `xref`s, so a link's text is the chapter or section number ("see chapter 7", "section 44.45").
 */
import { findElement, findElements, hasClass, parseHtml, removeNode, textOf, type Element } from '../html/dom.js';
import type { ExtractedArticle, SiteFormat } from './static-site.js';

/** The stylesheet's chapter number, decoration before the chapter's name. */
const CHAPTER_NUMBER = /^Chapter \d+ - /;

export function isEximSpecPage(html: string): boolean {
  return /<!DOCTYPE html PUBLIC "XSLT-compat">/.test(html) && /<link rel="canonical" href="https:\/\/www\.exim\.org\//.test(html);
}

export function extractEximSpecChapter(relPath: string, html: string): ExtractedArticle {
  if (!isEximSpecPage(html)) throw new Error(`${relPath}: not a page of the Exim specification's website build`);
  const chapter = findElement(parseHtml(html), (el) => el.name === 'div' && el.attribs['id'] === 'chapter' && hasClass(el, 'chapter'));
  if (!chapter) throw new Error(`${relPath}: no <div id="chapter" class="chapter">; an index or table of contents?`);
  const heading = findElement(chapter, (el: Element) => el.name === 'h2');
  if (!heading) throw new Error(`${relPath}: the chapter has no <h2>`);
  const title = textOf(heading).replace(CHAPTER_NUMBER, '');
  // The heading links to its own page; the previous/next links, menu and footer sit outside the chapter.
  removeNode(heading);
  for (const el of findElements(chapter, (e) => e.name === 'a' && (hasClass(e, 'previous_page') || hasClass(e, 'next_page') || hasClass(e, 'toc_page')))) {
    removeNode(el);
  }
  return { title, body: chapter };
}

export function eximSpecFormat(isNavigationPage: (relPath: string) => boolean): SiteFormat {
  return { isNavigationPage, extractArticle: extractEximSpecChapter };
}
