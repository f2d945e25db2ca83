/**
 * Writes characters beyond ASCII as themselves instead of numeric references (`&#xdf;` → `ß`). The corpus builder
 * serialises pages with htmlparser2, which writes every such character as a reference; a WordPress post holds them as
 * UTF-8, and the bridge takes no anchor from a text node written with a reference (it could not be matched back to the
 * stored bytes). On an English site that touches a few typographic quotes; on a German one, every word with an
 * umlaut. The ASCII references (`&lt;`, `&amp;`, `&#x3c;`) stay.
 */
const REFERENCE = /&#x([0-9a-fA-F]{1,6});|&#([0-9]{1,7});/g;

/** Lowest code point written as itself (below it, ASCII and the C1 controls). */
const FIRST_LITERAL = 0xa0;

export function withLiteralCharacters(html: string): string {
  return html.replace(REFERENCE, (reference, hex: string | undefined, decimal: string | undefined) => {
    const code = hex === undefined ? Number(decimal) : Number.parseInt(hex, 16);
    const isLiteral = code >= FIRST_LITERAL && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
    return isLiteral ? String.fromCodePoint(code) : reference;
  });
}
