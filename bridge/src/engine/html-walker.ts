import { QuoteType, Tokenizer, type TokenizerCallbacks } from 'htmlparser2';
import {
  FOREIGN_ROOTS,
  HTML_INTEGRATION_ELEMENTS,
  OPEN_IMPLIES_CLOSE,
  RAW_TEXT_ELEMENTS,
  SVG_TAG_NAMES,
  VOID_ELEMENTS,
} from './html-elements.js';

/** What a walk over an HTML document reports, in document order; every opened element is closed. */
export interface HtmlVisitor {
  openTag: (name: string, attributes: Readonly<Record<string, string>>) => void;
  closeTag: (name: string) => void;
  /**
   * `verbatim`: written as-is in the HTML, not decoded from a character reference or read from a CDATA section; then
   * `start` is where it begins in the HTML (each character at its own offset).
   */
  text: (text: string, verbatim: boolean, start: number) => void;
  /**
   * A comment's first and last characters (at most COMMENT_END each): WordPress writes its block delimiters there
   * (` wp:name {…} `, ` wp:name {…} /`, ` /wp:name `).
   */
  comment?: (head: string, tail: string, start: number) => void;
}

/** Characters of each end of a comment passed to the visitor: bounded for any comment. */
export const COMMENT_END = 128;

/**
 * Most elements open at once. A start tag deeper than that opens and closes at once, as a void element does, so its
 * content belongs to the deepest open element: each tag then costs the same whatever the nesting, and a hidden
 * element (script, svg) stays hidden. Normal pages nest 20 deep; Blink's HTML parser stops nesting at 512 too.
 */
export const MAX_OPEN_ELEMENTS = 512;

enum Namespace {
  Html,
  Svg,
  MathMl,
}

/**
 * Walks a whole document with htmlparser2's Tokenizer and the element rules of its Parser (HTML mode, entities
 * decoded, tag and attribute names lower-cased), giving the same events as the Parser for every page that nests
 * less than MAX_OPEN_ELEMENTS deep. The Parser kept its open elements in an array it searched and shifted at every
 * tag, so deep or misnested markup cost time in the square of its length; here each tag costs O(1) amortised.
 */
export function walkHtml(html: string, visitor: HtmlVisitor): void {
  const builder = new TreeBuilder(html, visitor);
  const tokenizer = new Tokenizer({ decodeEntities: true }, builder);
  tokenizer.write(html);
  tokenizer.end();
}

/** The open elements, innermost last, with how many of each name are open: "is a <form> open?" without a search. */
class OpenElements {
  readonly names: string[] = [];
  private readonly counts = new Map<string, number>();

  get depth(): number {
    return this.names.length;
  }

  get innermost(): string | undefined {
    return this.names[this.names.length - 1];
  }

  has(name: string): boolean {
    return (this.counts.get(name) ?? 0) > 0;
  }

  push(name: string): void {
    this.names.push(name);
    this.counts.set(name, (this.counts.get(name) ?? 0) + 1);
  }

  pop(): string {
    const name = this.names.pop()!;
    this.counts.set(name, this.counts.get(name)! - 1);
    return name;
  }
}

/** htmlparser2's Parser for the Tokenizer's callbacks, with OpenElements for its stack. */
class TreeBuilder implements TokenizerCallbacks {
  /** Where the last event started and ended, as the Parser counts them: text is verbatim when it starts there. */
  private startIndex = 0;
  private endIndex = 0;
  private openTagStart = 0;
  private tagName = '';
  /** The start tag being read is past MAX_OPEN_ELEMENTS: it is closed as soon as it is opened. */
  private flattened = false;
  private attributeName = '';
  private attributeValue = '';
  private attributes: Record<string, string> | null = null;
  private readonly open = new OpenElements();
  /** Innermost last; HTML at the bottom. */
  private readonly namespaces: Namespace[] = [Namespace.Html];

  constructor(
    private readonly html: string,
    private readonly visitor: HtmlVisitor,
  ) {}

  isInForeignContext(): boolean {
    return this.namespaces[this.namespaces.length - 1] !== Namespace.Html;
  }

  ontext(start: number, endIndex: number): void {
    const text = this.html.slice(start, endIndex);
    this.endIndex = endIndex - 1;
    this.visitor.text(text, this.startIndex === start, start);
    this.startIndex = endIndex;
  }

  ontextentity(codePoint: number, endIndex: number): void {
    this.endIndex = endIndex - 1;
    this.visitor.text(String.fromCodePoint(codePoint), false, this.startIndex);
    this.startIndex = endIndex;
  }

  onopentagname(start: number, endIndex: number): void {
    this.endIndex = endIndex;
    this.openElement(this.readTagName(start, endIndex));
  }

  onopentagend(endIndex: number): void {
    this.endIndex = endIndex;
    this.endOpenTag();
    this.startIndex = endIndex + 1;
  }

  onclosetag(start: number, endIndex: number): void {
    this.endIndex = endIndex;
    const name = this.readTagName(start, endIndex);
    if (!VOID_ELEMENTS.has(name)) {
      if (this.open.has(name)) {
        while (this.open.innermost !== name) this.popElement();
        this.popElement();
      } else if (name === 'p') {
        // </p> without a <p>: an empty paragraph, as browsers read it.
        this.openElement('p');
        this.closeCurrentTag();
      }
    } else if (name === 'br') {
      // </br> is read as <br>.
      this.visitor.openTag('br', {});
      this.visitor.closeTag('br');
    }
    this.startIndex = endIndex + 1;
  }

  onselfclosingtag(endIndex: number): void {
    this.endIndex = endIndex;
    if (this.isInForeignContext()) {
      this.closeCurrentTag();
      this.startIndex = endIndex + 1;
    } else {
      // In HTML a self-closing flag means nothing: <div/> opens a div.
      this.onopentagend(endIndex);
    }
  }

  onattribname(start: number, endIndex: number): void {
    this.startIndex = start;
    this.attributeName = this.html.slice(start, endIndex).toLowerCase();
  }

  onattribdata(start: number, endIndex: number): void {
    this.attributeValue += this.html.slice(start, endIndex);
  }

  onattribentity(codePoint: number): void {
    this.attributeValue += String.fromCodePoint(codePoint);
  }

  onattribend(_quote: QuoteType, endIndex: number): void {
    this.endIndex = endIndex;
    // The first of repeated attributes wins.
    if (this.attributes && !Object.hasOwn(this.attributes, this.attributeName)) this.attributes[this.attributeName] = this.attributeValue;
    this.attributeValue = '';
  }

  ondeclaration(_start: number, endIndex: number): void {
    this.skip(endIndex);
  }

  onprocessinginstruction(_start: number, endIndex: number): void {
    this.skip(endIndex);
  }

  oncomment(start: number, endIndex: number, endOffset: number): void {
    const end = endIndex - endOffset;
    // `start` is past "<!--": the comment itself starts 4 characters earlier.
    this.visitor.comment?.(this.html.slice(start, Math.min(start + COMMENT_END, end)), this.html.slice(Math.max(start, end - COMMENT_END), end), start - 4);
    this.skip(endIndex);
  }

  oncdata(start: number, endIndex: number, endOffset: number): void {
    this.endIndex = endIndex;
    // In HTML a CDATA section is a comment; inside SVG or MathML it is text.
    if (this.isInForeignContext()) this.visitor.text(this.html.slice(start, endIndex - endOffset), false, start);
    this.startIndex = endIndex + 1;
  }

  onend(): void {
    this.endIndex = this.startIndex;
    for (let i = this.open.names.length - 1; i >= 0; i -= 1) this.visitor.closeTag(this.open.names[i]!);
  }

  private skip(endIndex: number): void {
    this.endIndex = endIndex;
    this.startIndex = endIndex + 1;
  }

  private readTagName(start: number, endIndex: number): string {
    const name = this.html.slice(start, endIndex).toLowerCase();
    if (this.namespaces[this.namespaces.length - 1] === Namespace.Svg) return SVG_TAG_NAMES.get(name) ?? name;
    // The end tag of an SVG element from HTML inside it (</foreignObject>) matches the element's SVG spelling.
    if (this.namespaces.length > 1) {
      const adjusted = SVG_TAG_NAMES.get(name);
      if (adjusted !== undefined && this.open.has(adjusted)) return adjusted;
    }
    if (!this.isInForeignContext()) return name === 'image' ? 'img' : name;
    return name;
  }

  private openElement(name: string): void {
    this.openTagStart = this.startIndex;
    this.tagName = name;
    this.flattened = false;
    // A second <form> inside one is ignored, tag and attributes.
    if (name === 'form' && this.open.has('form')) {
      this.tagName = '';
      return;
    }
    const rawText = RAW_TEXT_ELEMENTS.has(name) && !this.isInForeignContext();
    const closes = OPEN_IMPLIES_CLOSE.get(name);
    if (closes) {
      while (this.open.depth > 0 && closes.has(this.open.innermost!)) this.popElement();
    }
    if (!VOID_ELEMENTS.has(name)) {
      // The Tokenizer reads a raw-text element's content as text whatever the depth: it holds no element, so it may
      // go one past the limit, and script or style stays hidden.
      if (this.open.depth >= MAX_OPEN_ELEMENTS && !rawText) {
        this.flattened = true;
      } else {
        this.open.push(name);
        if (name === 'svg') this.namespaces.push(Namespace.Svg);
        else if (name === 'math') this.namespaces.push(Namespace.MathMl);
        else if (HTML_INTEGRATION_ELEMENTS.has(name)) this.namespaces.push(Namespace.Html);
      }
    }
    this.attributes = {};
  }

  private endOpenTag(): void {
    this.startIndex = this.openTagStart;
    if (this.attributes) {
      this.visitor.openTag(this.tagName, this.attributes);
      this.attributes = null;
    }
    if (VOID_ELEMENTS.has(this.tagName) || this.flattened) this.visitor.closeTag(this.tagName);
    this.tagName = '';
  }

  private popElement(): void {
    const name = this.open.pop();
    if (FOREIGN_ROOTS.has(name) || HTML_INTEGRATION_ELEMENTS.has(name)) this.namespaces.pop();
    this.visitor.closeTag(name);
  }

  /** Ends a start tag that closes its element at once (self-closing in SVG, or the empty <p> of a stray </p>). */
  private closeCurrentTag(): void {
    const name = this.tagName;
    const flattened = this.flattened;
    this.endOpenTag();
    if (!flattened && this.open.innermost === name) this.popElement();
  }
}
