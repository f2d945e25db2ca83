/**
 * What a reader sees of a page body, and where a link may be placed in it (contract §4: outside existing links,
 * headings, script, style, code and pre).
 */
import { resolveHref } from '../../../bridge/src/lib/url.js';
import { parseHtml, type AnyNode } from './dom.js';
import { isTag, isText } from 'domhandler';

export interface PageText {
  /** Visible text; block boundaries become line breaks, whitespace is collapsed within a line. */
  visibleText: string;
  /** Runs of visible text where an anchor may go, split at block boundaries and at every excluded element. */
  anchorPassages: string[];
  /** Normalised URLs the body links to. */
  linkedUrls: Set<string>;
}

const INVISIBLE = new Set(['script', 'style', 'template', 'noscript', 'head']);
const NO_ANCHOR = new Set(['a', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'code', 'pre']);
const BLOCK = new Set([
  'address', 'article', 'aside', 'blockquote', 'br', 'caption', 'dd', 'details', 'div', 'dl', 'dt', 'figcaption',
  'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li', 'main', 'nav', 'ol', 'p',
  'pre', 'section', 'summary', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'ul',
]);

export function analysePageText(html: string, pageUrl: string): PageText {
  const visible: string[] = [];
  const passages: string[] = [];
  const linkedUrls = new Set<string>();
  let passage = '';
  const endPassage = (): void => {
    const text = passage.replace(/\s+/g, ' ').trim();
    if (text) passages.push(text);
    passage = '';
  };

  const walk = (node: AnyNode, anchorAllowed: boolean): void => {
    if (isText(node)) {
      visible.push(node.data);
      if (anchorAllowed) passage += node.data;
      return;
    }
    if (!isTag(node)) return;
    if (INVISIBLE.has(node.name)) return;
    if (node.name === 'a') {
      const target = resolveHref(node.attribs['href'] ?? '', pageUrl);
      if (target) linkedUrls.add(target);
    }
    const isBlock = BLOCK.has(node.name);
    const closesPassage = isBlock || (anchorAllowed && NO_ANCHOR.has(node.name));
    if (isBlock) visible.push('\n');
    if (closesPassage) endPassage();
    for (const child of node.children) walk(child, anchorAllowed && !NO_ANCHOR.has(node.name));
    if (isBlock) visible.push('\n');
    if (closesPassage) endPassage();
  };

  for (const node of parseHtml(html).children) walk(node, true);
  endPassage();
  const visibleText = visible
    .join('')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
  return { visibleText, anchorPassages: passages, linkedUrls };
}
