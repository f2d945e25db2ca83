import { describe, expect, test } from 'vitest';
import { extractVisibleText, MAX_HEADINGS, MAX_IDS, MAX_LINKS, MAX_NAME_TEXT, MAX_OPEN_LINKS } from '../../bridge/src/engine/visible-text.js';

/** The eligible spans of an HTML body as strings. */
function eligibleTexts(html: string): string[] {
  const { text, eligible } = extractVisibleText(html);
  const spans: string[] = [];
  for (let i = 0; i < eligible.length; i += 2) spans.push(text.slice(eligible[i], eligible[i + 1]));
  return spans;
}

describe('anchor eligibility', () => {
  test.each([
    { name: 'plain paragraph', html: '<p>Boot loader basics</p>', eligible: ['Boot loader basics'] },
    { name: 'existing link', html: '<p>See <a href="/x">the boot loader</a> now</p>', eligible: ['See ', ' now'] },
    { name: 'headings', html: '<h2>Boot loader</h2><p>text</p>', eligible: ['text'] },
    { name: 'h6 heading', html: '<h6>Small</h6>', eligible: [] },
    { name: 'script and style', html: '<script>var boot = 1</script><style>p{}</style><p>ok</p>', eligible: ['ok'] },
    { name: 'code and pre', html: '<p>run <code>apt update</code> then</p><pre>apt install</pre>', eligible: ['run ', ' then'] },
    { name: 'attributes', html: '<p><img alt="boot loader" src="x.png">caption</p>', eligible: ['caption'] },
    { name: 'block comments', html: '<!-- wp:paragraph --><p>body</p><!-- /wp:paragraph -->', eligible: ['body'] },
    { name: 'entities split runs', html: '<p>Tom &amp; Jerry</p>', eligible: ['Tom ', ' Jerry'] },
    { name: 'shortcodes', html: '<p>before [gallery ids="1,2"] after</p>', eligible: ['before ', ' after'] },
    { name: 'button', html: '<p><button>Buy now</button> text</p>', eligible: [' text'] },
    { name: 'inline markup', html: '<p>boot <em>loader</em> setup</p>', eligible: ['boot ', 'loader', ' setup'] },
  ])('when the content has $name, then the eligible runs are $eligible', ({ html, eligible }) => {
    expect(eligibleTexts(html)).toEqual(eligible);
  });
});

describe('visible text', () => {
  test('when blocks follow each other, then a line break separates them', () => {
    expect(extractVisibleText('<p>one</p><p>two</p><ul><li>three</li></ul>').text).toBe('one\ntwo\nthree\n');
  });

  test('when entities are present, then the text is decoded', () => {
    expect(extractVisibleText('<p>a &lt; b &amp; c</p>').text).toBe('a < b & c\n');
  });

  test('when links are present, then each href and its collapsed text are returned', () => {
    const { links } = extractVisibleText('<p><a href="/a">The  <b>boot</b>\n loader</a> <a href="#top">top</a> <a>none</a></p>');
    expect(links).toEqual([
      { href: '/a', anchorText: 'The boot loader' },
      { href: '#top', anchorText: 'top' },
    ]);
  });

  test('when elements carry ids, then the ids are returned in order', () => {
    expect(extractVisibleText('<h2 id="setup">Setup</h2><dl><dt id="json.dumps">json.dumps()</dt></dl>').ids).toEqual([
      'setup',
      'json.dumps',
    ]);
  });

  test('when headings are present, then their text and level are returned', () => {
    expect(extractVisibleText('<h1>Title</h1><h3>Sub <em>part</em></h3>').headings).toEqual([
      { level: 1, text: 'Title' },
      { level: 3, text: 'Sub part' },
    ]);
  });
});

describe('limits per page', () => {
  test('when a page has more links than MAX_LINKS, then the first MAX_LINKS are kept', () => {
    const html = Array.from({ length: MAX_LINKS + 10 }, (_, i) => `<a href="/p/${i}">page ${i}</a>`).join(' ');
    const { links } = extractVisibleText(html);
    expect(links.length).toBe(MAX_LINKS);
    expect(links.at(-1)).toEqual({ href: `/p/${MAX_LINKS - 1}`, anchorText: `page ${MAX_LINKS - 1}` });
  });

  test('when links are left open inside each other, then the outer MAX_OPEN_LINKS collect text and the inner are skipped', () => {
    const html = Array.from({ length: 20 }, (_, i) => `<a href="/p/${i}"><i>${i}`).join('');
    const { links, text } = extractVisibleText(html);
    expect(text).toBe(Array.from({ length: 20 }, (_, i) => i).join(''));
    expect(links.map((link) => link.href)).toEqual(Array.from({ length: MAX_OPEN_LINKS }, (_, i) => `/p/${MAX_OPEN_LINKS - 1 - i}`));
    expect(links[links.length - 1]!.anchorText).toBe(text);
  });

  test('when a link or heading text is longer than MAX_NAME_TEXT, then it is cut there after collapsing whitespace', () => {
    const long = 'word '.repeat(MAX_NAME_TEXT);
    const { links, headings } = extractVisibleText(`<h2>${long}</h2><a href="/x">  ${long.replaceAll(' ', ' \n\t ')}</a>`);
    expect(links[0]!.anchorText).toBe(long.slice(0, MAX_NAME_TEXT).trim());
    expect(headings[0]!.text).toBe(long.slice(0, MAX_NAME_TEXT).trim());
  });

  test('when a page has more ids and headings than their limits, then the first ones are kept', () => {
    const html = Array.from({ length: MAX_IDS + 5 }, (_, i) => `<h3 id="id-${i}">Heading ${i}</h3>`).join('');
    const { ids, headings } = extractVisibleText(html);
    expect(ids.length).toBe(MAX_IDS);
    expect(headings.length).toBe(MAX_HEADINGS);
    expect(headings[0]).toEqual({ level: 3, text: 'Heading 0' });
  });
});
