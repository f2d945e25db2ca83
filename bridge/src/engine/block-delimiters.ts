/** One block delimiter: `<!-- wp:name {json} -->`, `<!-- wp:name /-->` or `<!-- /wp:name -->`. */
export interface BlockDelimiter {
  start: number;
  end: number;
  /** With its namespace: `core/paragraph`. */
  name: string;
  closer: boolean;
  void: boolean;
}

/** What precedes the attributes: "<!--", whitespace, "/" for a closer, "wp:", the name, whitespace. */
const HEAD = /<!--[ \t\f\r\n]+(\/)?wp:((?:[a-z][a-z0-9_-]*\/)?[a-z][a-z0-9_-]*)[ \t\f\r\n]+/y;
/** The end of the attributes and of the delimiter: WordPress's JSON stops at the first "}" this follows. */
const ATTRIBUTES_END = /\}[ \t\f\r\n]+\/?-->/g;

/**
 * The block delimiters of post content where WordPress's block parser finds them (WP_Block_Parser::next_token(), the
 * same grammar as the plugin's Block_Delimiters): the JSON runs to the first "}" followed by whitespace and "-->" or
 * "/-->", so it may hold "-->" that an HTML parser would take for the end of the comment. In document order, never
 * overlapping; linear time, as the search for the attributes' end only moves forward.
 */
export function blockDelimiters(html: string): BlockDelimiter[] {
  const found: BlockDelimiter[] = [];
  let searchedFrom = -1;
  let attributes: RegExpExecArray | null = null;
  for (let open = html.indexOf('<!--'); open !== -1; ) {
    HEAD.lastIndex = open;
    const head = HEAD.exec(html);
    let end = -1;
    let isVoid = false;
    if (head !== null) {
      const after = open + head[0].length;
      if (html[after] === '{') {
        const from = after + 1;
        if (searchedFrom < 0 || searchedFrom > from || (attributes !== null && attributes.index < from)) {
          searchedFrom = from;
          ATTRIBUTES_END.lastIndex = from;
          attributes = ATTRIBUTES_END.exec(html);
        }
        if (attributes !== null) {
          end = attributes.index + attributes[0].length;
          isVoid = attributes[0].endsWith('/-->');
        }
      } else if (html.startsWith('/-->', after)) {
        end = after + 4;
        isVoid = true;
      } else if (html.startsWith('-->', after)) {
        end = after + 3;
      }
      if (end !== -1) {
        const name = head[2]!;
        found.push({ start: open, end, name: name.includes('/') ? name : `core/${name}`, closer: head[1] === '/', void: isVoid });
        open = html.indexOf('<!--', end);
        continue;
      }
    }
    open = html.indexOf('<!--', open + 1);
  }
  return found;
}

/**
 * The content with each delimiter blanked to an empty comment of the same length: an HTML parser then reads each
 * delimiter as one comment, where WordPress reads it, and offsets stay those of the content.
 */
export function maskBlockDelimiters(html: string, delimiters: readonly BlockDelimiter[]): string {
  if (delimiters.length === 0) return html;
  const parts: string[] = [];
  let from = 0;
  for (const delimiter of delimiters) {
    parts.push(html.slice(from, delimiter.start), `<!--${' '.repeat(delimiter.end - delimiter.start - 7)}-->`);
    from = delimiter.end;
  }
  parts.push(html.slice(from));
  return parts.join('');
}
