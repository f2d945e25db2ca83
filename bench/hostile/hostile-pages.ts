/**
 * Page contents built to find super-linear time or unbounded memory in page analysis: the shapes an author (or a
 * broken plugin) can publish on a connected site. Each is built to a size in UTF-8 bytes, as the bridge's 2 MiB
 * content limit counts them. Shared by the hostile-HTML tests and `npm run bench:hostile`.
 */
import { seededRandom } from '../../test/support/seeded-random.js';

export interface HostileShape {
  name: string;
  /** Content of about `bytes` UTF-8 bytes (never more). */
  build(bytes: number): string;
}

const utf8Length = (value: string): number => Buffer.byteLength(value, 'utf8');

/** `unit` repeated as often as fits in `bytes` between `prefix` and `suffix`. */
function repeated(unit: string, bytes: number, prefix = '', suffix = ''): string {
  const room = bytes - utf8Length(prefix) - utf8Length(suffix);
  return prefix + unit.repeat(Math.max(0, Math.floor(room / utf8Length(unit)))) + suffix;
}

/** Units made by `unit(i)` for i = 0, 1, … while they fit in `bytes`. */
function numbered(unit: (i: number) => string, bytes: number, prefix = '', suffix = ''): string {
  const parts: string[] = [prefix];
  let used = utf8Length(prefix) + utf8Length(suffix);
  for (let i = 0; ; i += 1) {
    const part = unit(i);
    used += utf8Length(part);
    if (used > bytes) break;
    parts.push(part);
  }
  parts.push(suffix);
  return parts.join('');
}


/** Base-26 words: a, b, …, z, ba, bb, … — every one distinct. */
function distinctWord(i: number): string {
  let word = '';
  for (let n = i + 26 * 26 * 26; n > 0; n = Math.floor(n / 26)) word = String.fromCharCode(97 + (n % 26)) + word;
  return word;
}

/** Random UTF-16 code units: NUL and other controls, lone surrogates, unassigned and private-use characters. */
function binaryGarbage(bytes: number): string {
  const next = seededRandom(1);
  const units: string[] = [];
  let used = 0;
  while (used < bytes - 3) {
    const unit = String.fromCharCode(Math.floor(next() * 0x10000));
    units.push(unit);
    used += utf8Length(unit);
  }
  return units.join('');
}

/** Characters of every plane (0–16), 4 to a word, in `<p>` paragraphs of 64 words. */
function everyPlane(bytes: number): string {
  return numbered((i) => {
    const words: string[] = [];
    for (let w = 0; w < 64; w += 1) {
      let word = '';
      for (let c = 0; c < 4; c += 1) {
        const n = i * 256 + w * 4 + c;
        const plane = n % 17;
        let point = plane * 0x10000 + ((n * 7919) % 0x10000);
        if (point >= 0xd800 && point <= 0xdfff) point += 0x800;
        word += String.fromCodePoint(point);
      }
      words.push(word);
    }
    return `<p>${words.join(' ')}</p>`;
  }, bytes);
}

/** A random mix of tags (open, close, void, unknown), attributes, entities, comments, shortcodes and words. */
function tagSoup(bytes: number): string {
  const next = seededRandom(2);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const tags = ['a', 'b', 'i', 'p', 'div', 'h2', 'code', 'pre', 'script', 'style', 'svg', 'math', 'form', 'table', 'td', 'li', 'x-y', 'br', 'img'];
  const pieces = [
    () => `<${pick(tags)}${next() < 0.3 ? ` href="/p${Math.floor(next() * 100)}"` : ''}${next() < 0.2 ? ` id="d${Math.floor(next() * 1000)}"` : ''}>`,
    () => `</${pick(tags)}>`,
    () => pick(['&amp;', '&lt;', '&#128512;', '&#0;', '&bogus;', '&', '<', '>', '<!--', '-->', '<![CDATA[', ']]>', '[gallery ', '[/caption]', ']']),
    () => `${pick(['kernel', 'module', 'boot', 'loader', 'apt', 'get', 'the', 'of'])} `,
  ];
  const parts: string[] = [];
  let used = 0;
  for (;;) {
    const piece = pick(pieces)();
    used += utf8Length(piece);
    if (used > bytes) break;
    parts.push(piece);
  }
  return parts.join('');
}

const MIB = 1024 * 1024;

export const HOSTILE_SHAPES: readonly HostileShape[] = [
  // The shortcode pattern used to try every "[" against the rest of the text node.
  { name: 'shortcode-opens', build: (bytes) => repeated('[a ', bytes) },
  // Every text event used to be added to every link still open.
  { name: 'unclosed-links', build: (bytes) => repeated('<a href=x><i>y', bytes) },
  { name: 'links', build: (bytes) => numbered((i) => `<a href="/p/${i}">page ${i}</a> `, bytes) },
  { name: 'deep-nesting', build: (bytes) => repeated('<div>', bytes) },
  { name: 'deep-inline-nesting', build: (bytes) => repeated('<b>', bytes) },
  // An end tag with no open element of its name used to search the whole open-element stack.
  { name: 'stray-end-tags', build: (bytes) => repeated('<b>', bytes / 2) + repeated('</i>', bytes / 2) },
  { name: 'nested-forms', build: (bytes) => repeated('<div>', bytes / 2) + repeated('<form>', bytes / 2) },
  { name: 'foreign-stray-end-tags', build: (bytes) => `<svg><foreignObject>${repeated('<b>', bytes / 2 - 20)}${repeated('</clippath>', bytes / 2)}` },
  { name: 'unclosed-attribute', build: (bytes) => repeated('x ', bytes, '<p title="') },
  {
    name: 'huge-attributes',
    build: (bytes) =>
      `${repeated('x-', bytes / 2, '<p id="', '">')}${repeated('y', bytes / 4, '<a href="/', '">z</a>')}${repeated('t', bytes / 4 - 20, '<p title="', '">text</p>')}`,
  },
  { name: 'many-attributes', build: (bytes) => numbered((i) => ` a${i}=v`, bytes - 10, '<p', '>text</p>') },
  { name: 'unclosed-comment', build: (bytes) => repeated('x ', bytes, '<!--') },
  { name: 'unclosed-script', build: (bytes) => repeated('</scrip ', bytes, '<script>') },
  { name: 'unclosed-cdata', build: (bytes) => repeated('x ', bytes, '<svg><![CDATA[') },
  { name: 'declarations', build: (bytes) => repeated('<!x><?y>', bytes) },
  { name: 'entities', build: (bytes) => repeated('&amp;', bytes) },
  { name: 'numeric-entities', build: (bytes) => repeated('&#x1F600;&#0;&#xD800;&#99999999;', bytes) },
  { name: 'text-nodes', build: (bytes) => repeated('<b>x</b> ', bytes) },
  { name: 'line-breaks', build: (bytes) => repeated('<br>', bytes) },
  { name: 'headings', build: (bytes) => numbered((i) => `<h2>Heading ${distinctWord(i)}</h2>`, bytes) },
  { name: 'nested-headings-and-links', build: (bytes) => repeated('<h1><a href=x>y ', bytes) },
  { name: 'element-ids', build: (bytes) => numbered((i) => `<p id="name.${distinctWord(i)}">x</p>`, bytes) },
  { name: 'one-long-word', build: (bytes) => repeated('a', bytes) },
  { name: 'apostrophe-word', build: (bytes) => repeated("a'", bytes) },
  { name: 'distinct-words', build: (bytes) => numbered((i) => `${distinctWord(i)} `, bytes) },
  // Lower-casing "İ" changes the text's length, so words are lower-cased one by one.
  { name: 'dotted-capital-i', build: (bytes) => repeated('İa ', bytes) },
  { name: 'whitespace', build: (bytes) => repeated('\n\t \r\u00a0', bytes) },
  { name: 'binary-garbage', build: binaryGarbage },
  { name: 'every-unicode-plane', build: everyPlane },
  { name: 'tag-soup', build: tagSoup },
];

/** The bridge's content limit (pages.schemas.ts MAX_CONTENT_BYTES): the largest page a site can send. */
export const LARGEST_PAGE_BYTES = 2 * MIB;
