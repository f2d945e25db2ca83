/** WordPress shortcode names: `[gallery …]`, `[/caption]`. */
const SHORTCODE_NAME = /\[\/?[A-Za-z][\w-]*/y;
/** What may follow the name before the attributes, as `\s` counts whitespace. */
const WHITESPACE = /\s/;

/**
 * The shortcodes of a text node as flattened [start, end) pairs: what `/\[\/?[A-Za-z][\w-]*(?:\s[^\]]*)?\]/g` matches,
 * found in linear time. The regex tried every "[" against the rest of the text when no "]" followed, so `[a [a [a …`
 * took time in the square of its length; here the next "]" is found once and reused until it is passed.
 */
export function shortcodeSpans(text: string): number[] {
  const spans: number[] = [];
  // The first "]" at or after `closeFrom`; -1 once there is none left, and then no shortcode can end either.
  let close = -2;
  let closeFrom = 0;
  const nextClose = (from: number): number => {
    if (close === -1 || (close >= from && closeFrom <= from)) return close;
    close = text.indexOf(']', from);
    closeFrom = from;
    return close;
  };
  for (let open = text.indexOf('['); open !== -1; ) {
    SHORTCODE_NAME.lastIndex = open;
    let end = -1;
    if (SHORTCODE_NAME.test(text)) {
      const afterName = SHORTCODE_NAME.lastIndex;
      if (text.charCodeAt(afterName) === 93 /* ] */) end = afterName + 1;
      else if (afterName < text.length && WHITESPACE.test(text[afterName]!)) {
        const closing = nextClose(afterName + 1);
        if (closing !== -1) end = closing + 1;
      }
    }
    if (end === -1) {
      open = text.indexOf('[', open + 1);
      continue;
    }
    spans.push(open, end);
    open = text.indexOf('[', end);
  }
  return spans;
}
