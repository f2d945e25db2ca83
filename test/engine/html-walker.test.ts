import { Parser } from 'htmlparser2';
import { describe, expect, test } from 'vitest';
import { MAX_OPEN_ELEMENTS, walkHtml } from '../../bridge/src/engine/html-walker.js';
import { extractVisibleText } from '../../bridge/src/engine/visible-text.js';
import { seededRandom } from '../support/seeded-random.js';

type HtmlEvent = ['open', string, string] | ['close', string] | ['text', string, boolean];

/** Events of htmlparser2's Parser, with "verbatim" as visible-text.ts computed it from the Parser's indices. */
function parserEvents(html: string): HtmlEvent[] {
  const events: HtmlEvent[] = [];
  const parser: Parser = new Parser(
    {
      onopentag: (name, attributes) => events.push(['open', name, JSON.stringify(attributes)]),
      onclosetag: (name) => events.push(['close', name]),
      ontext: (text) => events.push(['text', text, html.slice(parser.startIndex, parser.endIndex + 1) === text]),
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return events;
}

function walkerEvents(html: string): HtmlEvent[] {
  const events: HtmlEvent[] = [];
  walkHtml(html, {
    openTag: (name, attributes) => events.push(['open', name, JSON.stringify(attributes)]),
    closeTag: (name) => events.push(['close', name]),
    text: (text, verbatim) => events.push(['text', text, verbatim]),
  });
  return events;
}


/** Tag soup from the pieces the Parser treats specially: implied ends, void, raw-text and foreign elements, entities. */
const PIECES = [
  '<a href="/x">', '</a>', '<b>', '</b>', '<i>', '</i >', '<p>', '</p>', '<div>', '</div>', '<div/>', '<h2 id=s>', '</h2>',
  '<form>', '</form>', '<table><tr><td>', '</td>', '<li>', '<ul>', '</ul>', '<select><option>', '<input value=x>',
  '<br>', '</br>', '<br/>', '<img alt="a &amp; b">', '<script>if (a < b) x()</script>', '<style>p{}</style>',
  '<title>T &amp; U</title>', '<textarea>a <b> c</textarea>', '<svg>', '</svg>', '<math>', '</math>', '<clipPath>',
  '</clippath>', '<foreignObject>', '</foreignObject>', '<path/>', '<desc>', '</desc>', '<mi>', '<image>', '<DIV>',
  '<![CDATA[ x < y ]]>', '<!-- c -->', '<!x>', '<?php x ?>', '<!DOCTYPE html>', '&amp;', '&lt', '&#x1F600;', '&bogus;',
  '&', '<', '>', ' ', '\n', 'word', 'two words', '[gallery]', '<a name=x id=y ID=z>', '</ span>', '<x-y>', '</x-y>',
];

function tagSoup(seed: number, pieces: number): string {
  const next = seededRandom(seed);
  return Array.from({ length: pieces }, () => PIECES[Math.floor(next() * PIECES.length)]).join('');
}

describe('walkHtml', () => {
  test.each(Array.from({ length: 300 }, (_, seed) => ({ seed })))(
    'when tag soup #$seed is walked, then the events are those of htmlparser2\'s Parser',
    ({ seed }) => {
      const html = tagSoup(seed, 60);
      expect(walkerEvents(html)).toEqual(parserEvents(html));
    },
  );

  test.each([
    { name: 'text after an end tag with a space', html: '<p>a</p >b' },
    { name: 'an unclosed attribute', html: '<p title="x>y' },
    { name: 'an unclosed comment', html: '<p>a<!-- b' },
    { name: 'a stray </p> and </br>', html: 'a</p>b</br>c' },
    { name: 'a second form inside a form', html: '<form id=a><form id=b>x</form>y</form>' },
    { name: 'SVG names inside foreignObject', html: '<svg><foreignObject><div>x</div></foreignObject><clipPath/></svg>' },
    { name: 'CDATA inside SVG and outside', html: '<svg><![CDATA[a]]></svg><![CDATA[b]]>' },
    { name: 'plaintext', html: '<p>a<plaintext>b</p><i>c' },
  ])('when the page has $name, then the events are those of htmlparser2\'s Parser', ({ html }) => {
    expect(walkerEvents(html)).toEqual(parserEvents(html));
  });

  test('when elements nest deeper than the limit, then the deeper ones open and close at once', () => {
    const html = `${'<div>'.repeat(MAX_OPEN_ELEMENTS + 10)}<p id=deep>text</p>`;
    let open = 0;
    let deepest = 0;
    walkHtml(html, {
      openTag: () => (deepest = Math.max(deepest, (open += 1))),
      closeTag: () => (open -= 1),
      text: () => {},
    });
    expect(deepest).toBe(MAX_OPEN_ELEMENTS + 1);
    expect(open).toBe(0);
    const visible = extractVisibleText(html);
    expect(visible.text.trim()).toBe('text');
    expect(visible.ids).toEqual(['deep']);
  });

  test('when a script, style or SVG content sits deeper than the limit, then it stays hidden', () => {
    const deep = '<b>'.repeat(MAX_OPEN_ELEMENTS);
    expect(extractVisibleText(`${deep}<script>secret()</script>after`).text).toBe('after');
    expect(extractVisibleText(`${'<b>'.repeat(MAX_OPEN_ELEMENTS - 1)}<svg><text>hidden<g>too</g></text></svg>after`).text).toBe('after');
  });
});
