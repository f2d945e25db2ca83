/**
 * Articles as LibreOffice's help compiler writes them (the `.xhp` help sources turned into one HTML page each): a
 * page whose `<base href>` points at the help root, so every link is written from there (`en-US/text/swriter/…`,
 * often with a `?DbPAR=WRITER` module parameter); the module bar, the contents tree, the index and search box around
 * a `div#DisplayArea` that holds the article, titled by its first `h1`; a debug footer. Variants for each system
 * (macOS, Windows, Unix) and each application (Writer, Calc, …) sit side by side in hidden `span.switch` /
 * `span.switchinline` elements, and the help's script shows one: here the variant of the site's application, or else
 * the default one, becomes plain text and the others go. Generated parts go too: the keyword `meta` tags, the note
 * icons and the empty bookmark anchors.
 */
import path from 'node:path';
import { isTag } from 'domhandler';
import { collapseWhitespace, findElement, findElements, hasClass, parseHtml, removeNode, textOf, unwrapElement, type Element } from '../html/dom.js';
import type { ExtractedArticle, SiteFormat } from './static-site.js';

export function isLibreOfficeHelpPage(html: string): boolean {
  return /<div id="DisplayArea"/.test(html) && /<base href="[^"]*">/.test(html);
}

/**
 * Rewrites a reference written from the `<base href>` to one relative to the page's own folder (what the site builder
 * expects), without the help's module parameter (`?DbPAR=WRITER`), which only picks the viewer's sidebar.
 */
function rebaseReference(value: string, base: string): string {
  if (value === '' || value.startsWith('#') || /^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith('//')) return value;
  const hash = value.indexOf('#');
  const fragment = hash === -1 ? '' : value.slice(hash);
  const withoutFragment = hash === -1 ? value : value.slice(0, hash);
  const query = withoutFragment.indexOf('?');
  const filePart = query === -1 ? withoutFragment : withoutFragment.slice(0, query);
  return path.posix.join(base, filePart) + fragment;
}

/** Keeps the variant of a switch the help's script would show for `application`, as plain content; drops the others. */
function resolveSwitch(switchElement: Element, application: string): void {
  const variants = switchElement.children.filter(isTag);
  const chosen =
    variants.find((variant) => hasClass(variant, application)) ?? variants.find((variant) => (variant.attribs['id'] ?? '').startsWith('default'));
  for (const variant of variants) {
    if (variant === chosen) unwrapElement(variant);
    else removeNode(variant);
  }
  unwrapElement(switchElement);
}

const isSwitch = (el: Element): boolean => el.name === 'span' && (hasClass(el, 'switch') || hasClass(el, 'switchinline'));

/** Generated parts of the article: keyword tags, note icons, and bookmark anchors (`<a name="…"></a>`). */
const isGenerated = (el: Element): boolean =>
  el.name === 'meta' ||
  el.name === 'script' ||
  (el.name === 'div' && hasClass(el, 'noteicon')) ||
  (el.name === 'a' && !('href' in el.attribs) && el.children.length === 0);

export function extractLibreOfficeHelpArticle(relPath: string, html: string, application: string): ExtractedArticle {
  const doc = parseHtml(html);
  const base = findElement(doc, (el) => el.name === 'base' && 'href' in el.attribs)?.attribs['href'];
  const area = findElement(doc, (el) => el.name === 'div' && el.attribs['id'] === 'DisplayArea');
  if (base === undefined || !area) throw new Error(`${relPath}: no <base href> and no <div id="DisplayArea">; is this LibreOffice help?`);

  for (const el of findElements(area, isSwitch)) resolveSwitch(el, application);
  for (const el of findElements(area, isGenerated)) removeNode(el);
  for (const el of findElements(area, (e) => (e.name === 'a' && 'href' in e.attribs) || (e.name === 'img' && 'src' in e.attribs))) {
    const attribute = el.name === 'a' ? 'href' : 'src';
    el.attribs[attribute] = rebaseReference(el.attribs[attribute] ?? '', base);
  }

  // Most pages are titled by their first h1; a few (Calc's function pages, the screenshot pages) only by <title>.
  const heading = findElement(area, (el) => el.name === 'h1');
  const titleElement = findElement(doc, (el) => el.name === 'title');
  const title = collapseWhitespace(heading ? textOf(heading) : titleElement ? textOf(titleElement) : '');
  if (title === '') throw new Error(`${relPath}: no <h1> and no <title>`);
  if (heading) removeNode(heading);
  return { title, body: area };
}

/**
 * A LibreOffice help site for one application (`WRITER`, `CALC`, …: the class of its switch variants), whose
 * generated pages are the ones `isNavigationPage` names.
 */
export function libreOfficeHelpFormat(application: string, isNavigationPage: (relPath: string) => boolean): SiteFormat {
  return {
    isNavigationPage,
    extractArticle: (relPath, html) => {
      if (!isLibreOfficeHelpPage(html)) throw new Error(`${relPath}: no <base href> and no <div id="DisplayArea">; is this LibreOffice help?`);
      return extractLibreOfficeHelpArticle(relPath, html, application);
    },
  };
}
