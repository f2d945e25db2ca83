import { describe, expect, it } from 'vitest';
import { extractMdbookArticle } from '../../bench/quality/corpus/mdbook-site.js';
import { isRustbookNavigationPage, RUSTBOOK_DOCS } from '../../bench/quality/corpus/rustbook-docs.js';
import { isRustrefNavigationPage, RUSTREF_DOCS } from '../../bench/quality/corpus/rustref-docs.js';
import { buildSitePages, type SourceFile } from '../../bench/quality/corpus/static-site.js';
import { innerHtml } from '../../bench/quality/html/dom.js';
import { analysePageText } from '../../bench/quality/html/page-text.js';

/** A chapter as mdBook writes it: sidebar, menu bar and search outside `<main>`, prev/next arrows after it. */
function mdbookPage(title: string, main: string, prev = 'ch01-00-getting-started.html', next = 'ch03-00-common-programming-concepts.html'): string {
  return (
    `<!DOCTYPE HTML>\n<html lang="en" class="sidebar-visible no-js light">\n<head>\n<!-- Book generated using mdBook -->\n` +
    `<meta charset="UTF-8">\n<title>${title} - The Rust Programming Language</title>\n</head>\n<body>\n` +
    `<script type="text/javascript">var path_to_root = "";</script>\n` +
    `<nav id="sidebar" class="sidebar" aria-label="Table of contents"><div class="sidebar-scrollbox"><ol class="chapter">` +
    `<li class="chapter-item expanded "><a href="ch01-00-getting-started.html"><strong aria-hidden="true">1.</strong> Getting Started</a></li>` +
    `<li class="chapter-item expanded "><a href="ch03-00-common-programming-concepts.html"><strong aria-hidden="true">3.</strong> Common Programming Concepts</a></li>` +
    `</ol></div></nav>\n<div id="page-wrapper" class="page-wrapper"><div class="page">\n` +
    `<div id="menu-bar" class="menu-bar sticky bordered"><h1 class="menu-title">The Rust Programming Language</h1>` +
    `<div class="right-buttons"><a href="print.html" title="Print this book"><i id="print-button" class="fa fa-print"></i></a></div></div>\n` +
    `<div id="search-wrapper" class="hidden"><form id="searchbar-outer"><input type="search" id="searchbar"></form></div>\n` +
    `<div id="content" class="content">\n<main>\n${main}\n</main>\n` +
    `<nav class="nav-wrapper" aria-label="Page navigation"><a rel="prev" href="${prev}" class="mobile-nav-chapters previous" title="Previous chapter"><i class="fa fa-angle-left"></i></a>` +
    `<a rel="next" href="${next}" class="mobile-nav-chapters next" title="Next chapter"><i class="fa fa-angle-right"></i></a></nav>\n</div>\n</div>\n` +
    `<nav class="nav-wide-wrapper" aria-label="Page navigation"><a rel="prev" href="${prev}" class="nav-chapters previous" title="Previous chapter"></a>` +
    `<a rel="next" href="${next}" class="nav-chapters next" title="Next chapter"></a></nav>\n</div>\n<script src="book.js"></script>\n</body>\n</html>`
  );
}

const guessingGame = mdbookPage(
  'Programming a Guessing Game',
  '<h1 id="programming-a-guessing-game"><a class="header" href="#programming-a-guessing-game">Programming a Guessing Game</a></h1>\n' +
    '<p>Let’s jump into Rust by working through a hands-on project! You’ll learn about <code>let</code>, <code>match</code>, ' +
    'and more; see <a href="ch03-02-data-types.html#the-tuple-type">“The Tuple Type”</a><!-- ignore --> for details.</p>\n' +
    '<h2 id="setting-up"><a class="header" href="#setting-up">Setting Up a New Project</a></h2>\n' +
    '<p>Go to the <em>projects</em> directory that you created in <a href="ch01-00-getting-started.html">Chapter 1</a> and ' +
    'read <a href="ch02-00-guessing-game-tutorial.html#setting-up">this section</a> again.</p>',
);

/** A section of a chapter: the Rust book's sections start at `##`. */
const dataTypes = mdbookPage(
  'Data Types',
  '<h2 id="data-types"><a class="header" href="#data-types">Data Types</a></h2>\n' +
    '<p>Every value in Rust is of a certain <em>data type</em>, which tells Rust what kind of data is being specified.</p>\n' +
    '<h3 id="the-tuple-type"><a class="header" href="#the-tuple-type">The Tuple Type</a></h3>\n<p>A tuple groups values.</p>',
);

/** A Reference page: a grammar block, and a script that redirects old fragment links. */
const blockExpressions = mdbookPage(
  'Block expressions',
  '<script>\n(function() { var fragments = { "#unsafe-blocks": "unsafe-blocks.html" }; })();\n</script>\n' +
    '<h1 id="block-expressions"><a class="header" href="#block-expressions">Block expressions</a></h1>\n' +
    '<blockquote>\n<p><strong><sup>Syntax</sup></strong><br />\n<em>BlockExpression</em> :<br />\n' +
    '   <a href="../attributes.html"><em>InnerAttribute</em></a><sup>*</sup></p>\n</blockquote>\n' +
    '<p>The syntax for a block is <code>{</code>, then any <a href="../attributes.html">inner attributes</a>, then any number of ' +
    '<a href="../statements.html">statements</a>, then an optional expression.</p>',
  '../expressions/operator-expr.html',
  '../expressions/loop-expr.html',
);

describe('mdBook articles', () => {
  it.each([
    { kind: 'a chapter titled by its h1', relPath: 'ch02-00-guessing-game-tutorial.html', html: guessingGame, title: 'Programming a Guessing Game', firstText: 'Let’s jump into Rust by working' },
    { kind: 'a section titled by its h2', relPath: 'ch03-02-data-types.html', html: dataTypes, title: 'Data Types', firstText: 'Every value in Rust is' },
    { kind: 'a Reference page with a redirect script', relPath: 'expressions/block-expr.html', html: blockExpressions, title: 'Block expressions', firstText: 'Syntax BlockExpression :' },
  ])('when the page is $kind, then the title is "$title" and the body starts with its own text', ({ relPath, html, title, firstText }) => {
    const extracted = extractMdbookArticle(relPath, html);
    expect(extracted.title).toBe(title);
    const visibleText = analysePageText(innerHtml(extracted.body), RUSTBOOK_DOCS.domain).visibleText.replace(/\n/g, ' ');
    expect(visibleText.slice(0, firstText.length)).toBe(firstText);
  });

  it.each([
    { relPath: 'ch02-00-guessing-game-tutorial.html', html: guessingGame },
    { relPath: 'ch03-02-data-types.html', html: dataTypes },
    { relPath: 'expressions/block-expr.html', html: blockExpressions },
  ])('when $relPath is extracted, then no chrome is left: sidebar, menu, prev/next, heading permalinks, title, scripts', ({ relPath, html }) => {
    const body = innerHtml(extractMdbookArticle(relPath, html).body);
    for (const chrome of ['sidebar', 'menu-title', 'print.html', 'Previous chapter', 'nav-wrapper', 'class="header"', '<h1', 'fragments', '<script']) {
      expect(body).not.toContain(chrome);
    }
  });

  it('when a heading permalink is unwrapped, then the heading keeps its text', () => {
    const body = innerHtml(extractMdbookArticle('ch02-00-guessing-game-tutorial.html', guessingGame).body);
    expect(body).toContain('<h2 id="setting-up">Setting Up a New Project</h2>');
  });

  it.each([
    { kind: 'rustdoc output', html: '<html><head><meta name="generator" content="rustdoc"></head><body><h1 class="title">Closures</h1></body></html>' },
    { kind: 'an mdBook page without <main>', html: '<!-- Book generated using mdBook --><div id="content"><p>x</p></div>' },
    { kind: 'an mdBook page without a heading', html: '<!-- Book generated using mdBook --><div id="content"><main><p>x</p></main></div>' },
  ])('when the page is $kind, then extraction fails loudly', ({ html }) => {
    expect(() => extractMdbookArticle('odd.html', html)).toThrow(/odd\.html/);
  });
});

describe('mdBook sites: which files are articles', () => {
  it.each([
    { relPath: 'ch04-01-what-is-ownership.html', navigation: false },
    { relPath: 'appendix-01-keywords.html', navigation: false },
    { relPath: 'appendix-00.html', navigation: false },
    { relPath: 'foreword.html', navigation: false },
    { relPath: 'title-page.html', navigation: false },
    { relPath: 'index.html', navigation: true },
    { relPath: 'print.html', navigation: true },
    { relPath: 'SUMMARY.html', navigation: true },
    { relPath: 'closures.html', navigation: true },
    { relPath: 'first-edition/closures.html', navigation: true },
    { relPath: 'second-edition/ch04-01-what-is-ownership.html', navigation: true },
  ])('Rust book: $relPath is navigation: $navigation', ({ relPath, navigation }) => {
    expect(isRustbookNavigationPage(relPath)).toBe(navigation);
  });

  it.each([
    { relPath: 'expressions/block-expr.html', navigation: false },
    { relPath: 'introduction.html', navigation: false },
    { relPath: 'index.html', navigation: true },
    { relPath: 'print.html', navigation: true },
    { relPath: 'attributes-redirect.html', navigation: true },
    { relPath: 'expressions/enum-variant-expr.html', navigation: true },
  ])('Rust Reference: $relPath is navigation: $navigation', ({ relPath, navigation }) => {
    expect(isRustrefNavigationPage(relPath)).toBe(navigation);
  });
});

describe('mdBook site to corpus pages', () => {
  const stub = (relPath: string, title: string): SourceFile => ({ relPath, html: mdbookPage(title, `<h2 id="x"><a class="header" href="#x">${title}</a></h2><p>x</p>`) });

  it('when the Rust book is built, then duplicates and old-edition stubs are left out and links are the chapters named in the text', () => {
    const files: SourceFile[] = [
      { relPath: 'ch02-00-guessing-game-tutorial.html', html: guessingGame },
      { relPath: 'ch03-02-data-types.html', html: dataTypes },
      stub('ch01-00-getting-started.html', 'Getting Started'),
      stub('ch03-00-common-programming-concepts.html', 'Common Programming Concepts'),
      stub('index.html', 'The Rust Programming Language'),
      stub('print.html', 'The Rust Programming Language'),
      { relPath: 'closures.html', html: '<html><head><meta name="generator" content="rustdoc"></head><body><h1 class="title">Closures</h1></body></html>' },
    ];
    const pages = buildSitePages(files, RUSTBOOK_DOCS.domain, RUSTBOOK_DOCS.format);
    expect(pages.map((page) => page.url)).toEqual(
      ['ch01-00-getting-started/', 'ch02-00-guessing-game-tutorial/', 'ch03-00-common-programming-concepts/', 'ch03-02-data-types/'].map(
        (slug) => `https://rustbook-docs.example.test/${slug}`,
      ),
    );
    expect(pages.find((page) => page.url.endsWith('/ch02-00-guessing-game-tutorial/'))?.links).toEqual([
      { targetUrl: 'https://rustbook-docs.example.test/ch03-02-data-types/', anchorText: '“The Tuple Type”', inCode: false },
      { targetUrl: 'https://rustbook-docs.example.test/ch01-00-getting-started/', anchorText: 'Chapter 1', inCode: false },
    ]);
  });

  it('when the Reference is built, then pages in folders link up the tree and grammar links count', () => {
    const files: SourceFile[] = [
      { relPath: 'expressions/block-expr.html', html: blockExpressions },
      stub('attributes.html', 'Attributes'),
      stub('statements.html', 'Statements'),
      stub('attributes-redirect.html', 'Attributes'),
    ];
    const pages = buildSitePages(files, RUSTREF_DOCS.domain, RUSTREF_DOCS.format);
    expect(pages.map((page) => page.url)).toEqual(
      ['attributes/', 'expressions/block-expr/', 'statements/'].map((slug) => `https://rustref-docs.example.test/${slug}`),
    );
    expect(pages[1]?.links.map((link) => [link.targetUrl.replace(RUSTREF_DOCS.domain, ''), link.anchorText])).toEqual([
      ['attributes/', 'InnerAttribute'],
      ['attributes/', 'inner attributes'],
      ['statements/', 'statements'],
    ]);
  });
});
