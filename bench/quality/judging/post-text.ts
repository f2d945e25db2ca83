/**
 * What a judge reads of a post: its plain text and an opening excerpt, and the sentence around each of the author's
 * links, cut as the bridge cuts a suggestion's context, so that a control reads like a suggestion.
 */
import { Text } from 'domhandler';
import { DomUtils } from 'htmlparser2';
import { sentenceAround } from '../../../bridge/src/engine/context.js';
import { resolveHref } from '../../../bridge/src/lib/url.js';
import { containsCode, findElements, innerHtml, parseHtml } from '../html/dom.js';
import { analysePageText } from '../html/page-text.js';
import type { CorpusPage } from '../corpus/types.js';

/** An author's link as a judge would see a suggestion of it. */
export interface AuthorLinkInContext {
  targetUrl: string;
  /** The link's text as it reads in the post. */
  anchorText: string;
  /** The sentence around it, whitespace collapsed, at most as long as a suggestion's context. */
  sentence: string;
}

// Private-use characters that never occur in a post: they mark where each link starts and ends in the visible text.
const OPEN = '\uE000';
const CLOSE = '\uE001';

/** The post's visible text on one line, whitespace collapsed. */
export function plainText(html: string, url: string): string {
  return analysePageText(html, url).visibleText.replace(/\s+/g, ' ').trim();
}

/** The first `length` characters or so of a text, cut at a space, with "…" when something was cut. */
export function opening(text: string, length: number): string {
  if (text.length <= length) return text;
  const space = text.lastIndexOf(' ', length);
  return `${text.slice(0, space > length / 2 ? space : length).trimEnd()} …`;
}

/**
 * Each link of the post to another post (`postUrls`), with its text and sentence; links on inline code are left out (no
 * suggestion can be placed there), and so are links whose block holds little besides the link (a list of titles), which
 * no suggestion resembles: the sentence has at least `minExtraWords` words besides the anchor.
 */
export function authorLinksInContext(page: CorpusPage, postUrls: ReadonlySet<string>, minExtraWords = 4): AuthorLinkInContext[] {
  const document = parseHtml(page.content);
  const targets: string[] = [];
  for (const a of findElements(document, (element) => element.name === 'a' && 'href' in element.attribs)) {
    const target = resolveHref(a.attribs['href'] ?? '', page.url);
    if (!target || target === page.url || !postUrls.has(target) || containsCode(a)) continue;
    DomUtils.prependChild(a, new Text(OPEN));
    DomUtils.appendChild(a, new Text(CLOSE));
    targets.push(target);
  }
  const marked = analysePageText(innerHtml(document), page.url).visibleText;
  // The text without the marks, and each link's [start, end) in it, in document order.
  let text = '';
  const spans: [number, number][] = [];
  let start = -1;
  for (const character of marked) {
    if (character === OPEN) start = text.length;
    else if (character === CLOSE) spans.push([start, text.length]);
    else text += character;
  }
  const links: AuthorLinkInContext[] = [];
  spans.forEach(([from, to], index) => {
    const anchorText = text.slice(from, to).replace(/\s+/g, ' ').trim();
    if (anchorText === '') return;
    const trimmedFrom = from + (text.slice(from, to).length - text.slice(from, to).trimStart().length);
    const sentence = sentenceAround(text, trimmedFrom, trimmedFrom + anchorText.length);
    const words = (value: string): number => value.split(/\s+/).filter(Boolean).length;
    if (!sentence.includes(anchorText) || words(sentence) - words(anchorText) < minExtraWords) return;
    links.push({ targetUrl: targets[index]!, anchorText, sentence });
  });
  return links;
}
