import { Parser } from 'htmlparser2';
import type { ExtractedLink } from './types.js';

/** The text a reader sees, where an anchor may go, and the links and headings found on the way. */
export interface VisibleText {
  text: string;
  /** Flattened [start, end) pairs of `text` offsets where an anchor may be placed. */
  eligible: number[];
  links: ExtractedLink[];
  headings: { level: number; text: string }[];
  /** Element ids, in order: on documentation sites they name what the page defines ("json.dumps", "TypeError"). */
  ids: string[];
}

/** Content that is never shown as text. */
const HIDDEN = new Set(['script', 'style', 'noscript', 'template', 'svg', 'math', 'iframe', 'object', 'head', 'title']);

/** Shown, but a link must not be inserted inside (contract §4 and §7, plus form controls and buttons). */
const NO_ANCHOR = new Set([
  'a', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'code', 'pre', 'kbd', 'samp', 'var', 'tt',
  'button', 'label', 'select', 'option', 'textarea',
]);

/** Elements that end a line of text, so words on both sides never join into one phrase or sentence. */
const BLOCK = new Set([
  'address', 'article', 'aside', 'blockquote', 'br', 'caption', 'dd', 'details', 'div', 'dl', 'dt', 'fieldset',
  'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li', 'main', 'nav',
  'ol', 'p', 'pre', 'section', 'summary', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'ul',
]);

const HEADING_LEVEL: Record<string, number> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };

/** WordPress shortcodes such as [gallery ids="1,2"] or [/caption]: never anchor text. */
const SHORTCODE = /\[\/?[A-Za-z][\w-]*(?:\s[^\]]*)?\]/g;

const collapse = (value: string): string => value.replace(/\s+/g, ' ').trim();

export function extractVisibleText(html: string): VisibleText {
  const parts: string[] = [];
  let length = 0;
  const eligible: number[] = [];
  const links: ExtractedLink[] = [];
  const headings: { level: number; text: string }[] = [];
  const ids: string[] = [];

  let hiddenDepth = 0;
  let noAnchorDepth = 0;
  const openLinks: { href: string; text: string }[] = [];
  let heading: { level: number; text: string } | null = null;

  const append = (value: string): void => {
    parts.push(value);
    length += value.length;
  };
  const lineBreak = (): void => {
    if (length > 0 && parts[parts.length - 1] !== '\n') append('\n');
  };

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (HIDDEN.has(name)) hiddenDepth += 1;
        if (NO_ANCHOR.has(name)) noAnchorDepth += 1;
        if (BLOCK.has(name)) lineBreak();
        if (name === 'a') openLinks.push({ href: attributes.href ?? '', text: '' });
        if (attributes.id) ids.push(attributes.id);
        const level = HEADING_LEVEL[name];
        if (level !== undefined && heading === null) heading = { level, text: '' };
      },
      onclosetag(name) {
        if (HIDDEN.has(name)) hiddenDepth -= 1;
        if (NO_ANCHOR.has(name)) noAnchorDepth -= 1;
        if (BLOCK.has(name)) lineBreak();
        if (name === 'a') {
          const link = openLinks.pop();
          if (link && link.href !== '') links.push({ href: link.href, anchorText: collapse(link.text) });
        }
        if (heading !== null && HEADING_LEVEL[name] === heading.level) {
          const text = collapse(heading.text);
          if (text !== '') headings.push({ level: heading.level, text });
          heading = null;
        }
      },
      ontext(text) {
        if (hiddenDepth > 0) return;
        for (const link of openLinks) link.text += text;
        if (heading !== null) heading.text += text;
        const start = length;
        append(text);
        // Entities arrive as their own text events; only text written as-is in the HTML can take an inserted link.
        const verbatim = html.slice(parser.startIndex, parser.endIndex + 1) === text;
        if (noAnchorDepth === 0 && verbatim) addEligible(eligible, text, start);
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return { text: parts.join(''), eligible, links, headings, ids };
}

/** Adds a text node's span, leaving out any shortcode inside it. */
function addEligible(eligible: number[], text: string, offset: number): void {
  let from = 0;
  for (const match of text.matchAll(SHORTCODE)) {
    if (match.index > from) eligible.push(offset + from, offset + match.index);
    from = match.index + match[0].length;
  }
  if (text.length > from) eligible.push(offset + from, offset + text.length);
}
