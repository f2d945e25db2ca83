import { blockDelimiters, maskBlockDelimiters, type BlockDelimiter } from './block-delimiters.js';
import { walkHtml } from './html-walker.js';
import { shortcodeSpans } from './shortcodes.js';
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

/**
 * Blocks whose text the plugin never links (its Link_Inserter::DEFAULT_EXCLUDED_BLOCKS, the same list in
 * test/fixtures/markup-cases.json): text inside them is shown but takes no anchor, so the engine never proposes one the
 * plugin would refuse. A site that filters the plugin's list (interlinker_excluded_blocks) may still see such refusals.
 */
export const EXCLUDED_BLOCKS: ReadonlySet<string> = new Set([
  'core/code', 'core/preformatted', 'core/verse', 'core/html', 'core/shortcode', 'core/button', 'core/buttons',
  'core/navigation', 'core/navigation-link', 'core/file', 'core/embed', 'core/search', 'core/table-of-contents',
  'core/freeform', 'core/footnotes',
]);

/*
 * Limits per page. Each is far above what real pages hold (on the quality corpora's 730 pages: at most 1,159 links,
 * one link open at a time, link texts of 119 characters, 490 ids, 121 headings), so normal pages are read in full,
 * while a generated or hostile page costs bounded time and memory here and in everything downstream (stored links,
 * the site's link graph and phrase index, the analysis sent between threads).
 */
/** Links kept, in document order: beyond this a page is a link farm or a sitemap, and its links say little. */
export const MAX_LINKS = 5_000;
/**
 * Links collecting text at once. Links never nest in valid HTML, but unclosed ones do here (`<a><i>x` repeated), and
 * every text would otherwise be added to each of thousands of open links.
 */
export const MAX_OPEN_LINKS = 8;
/** Characters kept of a link's or a heading's text (whitespace collapsed): a name is a few words. */
export const MAX_NAME_TEXT = 1_000;
/** Ids and headings kept, in document order. */
export const MAX_IDS = 1_000;
export const MAX_HEADINGS = 1_000;

const WHITESPACE_RUN = /\s+/g;

/**
 * A link's or heading's text with the next text node added, whitespace already collapsed in both (`piece` by the
 * caller, once for every open link): collapsing on the way keeps MAX_NAME_TEXT to visible characters.
 */
function appendName(collected: string, piece: string): string {
  if (collected.length >= MAX_NAME_TEXT) return collected;
  const added = collected.endsWith(' ') && piece.startsWith(' ') ? piece.slice(1) : piece;
  return collected + added.slice(0, MAX_NAME_TEXT - collected.length);
}

export interface VisibleTextOptions {
  /**
   * Text inside a link may take an anchor as if the link were not there: how the page would read had its authors not
   * linked it (the site's own links as examples for the relevance model, site-link-examples.ts).
   */
  linkTextEligible?: boolean;
}

export function extractVisibleText(html: string, options: VisibleTextOptions = {}): VisibleText {
  const noAnchor = (name: string): boolean => NO_ANCHOR.has(name) && !(options.linkTextEligible === true && name === 'a');
  const parts: string[] = [];
  let length = 0;
  const eligible: number[] = [];
  const links: ExtractedLink[] = [];
  const headings: { level: number; text: string }[] = [];
  const ids: string[] = [];

  let hiddenDepth = 0;
  let noAnchorDepth = 0;
  /** Open blocks of EXCLUDED_BLOCKS (nested ones counted; a stray closer never goes below 0). */
  let excludedBlockDepth = 0;
  const openLinks: { href: string; text: string }[] = [];
  /** Links open beyond MAX_OPEN_LINKS or MAX_LINKS: closed before any in openLinks, as elements close innermost first. */
  let uncollectedLinks = 0;
  let heading: { level: number; text: string } | null = null;

  const append = (value: string): void => {
    parts.push(value);
    length += value.length;
  };
  const lineBreak = (): void => {
    if (length > 0 && parts[parts.length - 1] !== '\n') append('\n');
  };

  // Each block delimiter is read as one comment, where WordPress's block parser finds it (its JSON may hold "-->"); the
  // plugin's Visible_Text reads the same way, and both leave out the shortcodes found on the whole content.
  const delimiters = blockDelimiters(html);
  const delimiterAt = new Map<number, BlockDelimiter>(delimiters.map((delimiter) => [delimiter.start, delimiter]));
  const shortcodes = new ShortcodeCursor(shortcodeSpans(html));

  walkHtml(maskBlockDelimiters(html, delimiters), {
    openTag(name, attributes) {
      if (HIDDEN.has(name)) hiddenDepth += 1;
      if (noAnchor(name)) noAnchorDepth += 1;
      if (BLOCK.has(name)) lineBreak();
      if (name === 'a') {
        if (openLinks.length < MAX_OPEN_LINKS && links.length < MAX_LINKS) openLinks.push({ href: attributes.href ?? '', text: '' });
        else uncollectedLinks += 1;
      }
      if (attributes.id && ids.length < MAX_IDS) ids.push(attributes.id);
      const level = HEADING_LEVEL[name];
      if (level !== undefined && heading === null && headings.length < MAX_HEADINGS) heading = { level, text: '' };
    },
    closeTag(name) {
      if (HIDDEN.has(name)) hiddenDepth -= 1;
      if (noAnchor(name)) noAnchorDepth -= 1;
      if (BLOCK.has(name)) lineBreak();
      if (name === 'a') {
        if (uncollectedLinks > 0) {
          uncollectedLinks -= 1;
        } else {
          const link = openLinks.pop();
          if (link && link.href !== '' && links.length < MAX_LINKS) links.push({ href: link.href, anchorText: link.text.trim() });
        }
      }
      if (heading !== null && HEADING_LEVEL[name] === heading.level) {
        const text = heading.text.trim();
        if (text !== '') headings.push({ level: heading.level, text });
        heading = null;
      }
    },
    comment(_head, _tail, start) {
      const delimiter = delimiterAt.get(start);
      // A self-closing block has no inner content.
      if (delimiter === undefined || delimiter.void || !EXCLUDED_BLOCKS.has(delimiter.name)) return;
      excludedBlockDepth = Math.max(0, excludedBlockDepth + (delimiter.closer ? -1 : 1));
    },
    text(text, verbatim, textStart) {
      if (hiddenDepth > 0) return;
      if (openLinks.length > 0 || heading !== null) {
        const piece = text.replace(WHITESPACE_RUN, ' ');
        for (const link of openLinks) link.text = appendName(link.text, piece);
        if (heading !== null) heading.text = appendName(heading.text, piece);
      }
      const start = length;
      append(text);
      // Only text written as-is in the HTML (no entity) can take an inserted link.
      if (noAnchorDepth === 0 && excludedBlockDepth === 0 && verbatim) shortcodes.addEligible(eligible, text, start, textStart);
    },
  });
  return { text: parts.join(''), eligible, links, headings, ids };
}

/** The content's shortcode spans, read once in document order as text nodes come. */
class ShortcodeCursor {
  private at = 0;

  constructor(private readonly spans: readonly number[]) {}

  /**
   * Adds a verbatim text node's span (at `offset` in the visible text, `source` in the HTML), leaving out every
   * shortcode inside it: WordPress shortcodes are never anchor text.
   */
  addEligible(eligible: number[], text: string, offset: number, source: number): void {
    const end = source + text.length;
    // Spans that end before this text can hold no later text either.
    while (this.at < this.spans.length && this.spans[this.at + 1]! <= source) this.at += 2;
    let from = source;
    for (let i = this.at; i < this.spans.length && this.spans[i]! < end; i += 2) {
      const start = Math.max(this.spans[i]!, source);
      if (start > from) eligible.push(offset + from - source, offset + start - source);
      from = Math.max(from, this.spans[i + 1]!);
    }
    if (end > from) eligible.push(offset + from - source, offset + text.length);
  }
}
