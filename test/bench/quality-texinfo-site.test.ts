import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isOctaveDocsNavigationPage, OCTAVE_DOCS } from '../../bench/quality/corpus/octave-docs.js';
import { buildSitePages, type SourceFile } from '../../bench/quality/corpus/static-site.js';
import {
  extractTexinfoArticle,
  isMenuOnlyNode,
  isTexinfoRedirect,
  readTexinfoFiles,
  splitTexinfoChapters,
} from '../../bench/quality/corpus/texinfo-site.js';
import { isZshDocsNavigationPage, ZSH_DOCS } from '../../bench/quality/corpus/zsh-docs.js';
import { innerHtml } from '../../bench/quality/html/dom.js';
import { analysePageText } from '../../bench/quality/html/page-text.js';

const head = (title: string, generator = 'makeinfo'): string =>
  `<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN" "http://www.w3.org/TR/html4/loose.dtd">\n<html>\n` +
  `<!-- Created by GNU Texinfo 6.8, https://www.gnu.org/software/texinfo/ -->\n<head>\n<title>${title} (GNU Octave (version 7.3.0))</title>\n` +
  `<meta name="Generator" content="${generator}">\n<style type="text/css">\n<!--\na.copiable-anchor {visibility: hidden}\n-->\n</style>\n</head>\n`;

/** A node as `makeinfo --html` writes it, one file per node (Octave's manual). */
function nodePage(kind: string, id: string, heading: string, content: string, headingTag = 'h3'): string {
  const nav =
    '<div class="header">\n<p>\nNext: <a href="Calling-Functions.html" accesskey="n" rel="next">Calling Functions</a>, Up: <a href="Expressions.html" accesskey="u" rel="up">Expressions</a> ' +
    '&nbsp; [<a href="index.html#SEC_Contents" title="Table of contents" rel="contents">Contents</a>][<a href="Concept-Index.html" title="Index" rel="index">Index</a>]</p>\n</div>\n';
  return (
    `${head(heading)}\n<body lang="en">\n<div class="${kind}" id="${id}">\n${nav}<hr>\n` +
    `<span id="${id}-1"></span><${headingTag} class="${kind}">${heading}</${headingTag}>\n${content}\n</div>\n<hr>\n${nav}\n</body>\n</html>\n`
  );
}

const redirect = (target: string): string =>
  `${head('x', 'texi2any')}<meta http-equiv="Refresh" content="0; url=${target}">\n</head>\n<body lang="en">\n` +
  `<p>The node you are looking for is at <a href="${target}">x</a>.</p>\n</body>\n`;

const indexExpressions = nodePage(
  'section',
  'Index-Expressions',
  '8.1 Index Expressions',
  '<span id="index-_0028"></span>\n<p>An <em>index expression</em> allows you to reference elements; see <a href="Advanced-Indexing.html">Advanced Indexing</a> ' +
    'and the function <a href="Object-Sizes.html#XREFsize"><code>size</code></a>, or <a href="#index-_0028">above</a>.</p>\n' +
    '<span id="XREFsub2ind"></span><dl class="def">\n<dt id="index-sub2ind"><span class="category">: </span><span><strong>sub2ind</strong> ' +
    '<em>(<var>dims</var>, <var>i</var>)</em><a href=\'#index-sub2ind\' class=\'copiable-anchor\'> &para;</a></span></dt>\n' +
    '<dd><p>Convert subscripts to linear indices.</p>\n<p><strong>See also:</strong> <a href="Object-Sizes.html#XREFsize">size</a>.</p></dd></dl>\n' +
    '<ul class="section-toc">\n<li><a href="Advanced-Indexing.html" accesskey="1">Advanced Indexing</a></li>\n</ul>',
);

const installation = nodePage('appendix', 'Installation', 'Appendix E Installing Octave', '<p>The procedure for installing Octave from source.</p>', 'h2');
const preface = nodePage('unnumbered', 'Preface', 'Preface', '<p>Octave was originally intended to be companion software.</p>', 'h2');
const menuOnly = nodePage(
  'chapter',
  'Plotting',
  '15 Plotting',
  '<span id="index-plotting"></span>\n<ul class="section-toc">\n<li><a href="Basic-Vectorization.html" accesskey="1">Basic Vectorization</a></li>\n</ul>',
  'h2',
);

describe('Texinfo node pages', () => {
  it.each([
    { kind: 'a numbered section', relPath: 'Index-Expressions.html', html: indexExpressions, title: 'Index Expressions', firstText: 'An index expression allows you' },
    { kind: 'an appendix', relPath: 'Installation.html', html: installation, title: 'Installing Octave', firstText: 'The procedure for installing' },
    { kind: 'an unnumbered node', relPath: 'Preface.html', html: preface, title: 'Preface', firstText: 'Octave was originally' },
  ])('when the page is $kind, then the title is "$title" without its number and the body starts with its own text', ({ relPath, html, title, firstText }) => {
    const extracted = extractTexinfoArticle(relPath, html);
    expect(extracted.title).toBe(title);
    const visibleText = analysePageText(innerHtml(extracted.body), OCTAVE_DOCS.domain).visibleText.replace(/\n/g, ' ').trim();
    expect(visibleText.slice(0, firstText.length)).toBe(firstText);
  });

  it('when a node page is extracted, then none of its navigation, menu, rules or ¶ markers is left in the body', () => {
    const body = innerHtml(extractTexinfoArticle('Index-Expressions.html', indexExpressions).body);
    for (const chrome of ['Next:', 'Up:', 'accesskey', 'Contents', 'Concept-Index', 'section-toc', 'copiable-anchor', '¶', '<hr', '<h3']) {
      expect(body).not.toContain(chrome);
    }
    expect(body).toContain('See also:');
  });

  it.each([
    { kind: 'a redirect stub', html: redirect('Object-Sizes.html#XREFsize') },
    { kind: 'not Texinfo output', html: '<html><body><div class="section" id="x"><h3 class="section">1 X</h3></div></body></html>' },
    { kind: 'a Texinfo page without a node', html: `${head('Top')}<body><h1 class="settitle">GNU Octave</h1></body></html>` },
  ])('when the file is $kind, then extraction fails loudly', ({ html }) => {
    expect(() => extractTexinfoArticle('odd.html', html)).toThrow(/odd\.html/);
  });

  it.each([
    { kind: 'a redirect stub', file: { relPath: 'XREFsize.html', html: redirect('Object-Sizes.html#XREFsize') }, redirect: true, menuOnly: false },
    { kind: 'a node with only its menu', file: { relPath: 'Plotting.html', html: menuOnly }, redirect: false, menuOnly: true },
    { kind: 'a node with text', file: { relPath: 'Preface.html', html: preface }, redirect: false, menuOnly: false },
  ])('when the file is $kind, then it is a redirect: $redirect, a menu-only node: $menuOnly', ({ file, redirect: isRedirect, menuOnly: isMenu }) => {
    expect(isTexinfoRedirect(file.html)).toBe(isRedirect);
    expect(isMenuOnlyNode(file)).toBe(isMenu);
  });

  describe('when the site is read from disk', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'texinfo-site-'));
    afterAll(() => rmSync(root, { recursive: true, force: true }));
    writeFileSync(path.join(root, 'Preface.html'), preface);
    writeFileSync(path.join(root, 'Plotting.html'), menuOnly);
    writeFileSync(path.join(root, 'XREFsize.html'), redirect('Object-Sizes.html#XREFsize'));

    it('then redirect stubs and menu-only nodes are not read', () => {
      expect(readTexinfoFiles(root).map((file) => file.relPath)).toEqual(['Preface.html']);
    });
  });
});

describe('Octave manual to corpus pages', () => {
  const stub = (relPath: string, id: string, title: string): SourceFile => ({ relPath, html: nodePage('section', id, title, '<p>x</p>') });
  const files: SourceFile[] = [
    { relPath: 'Index-Expressions.html', html: indexExpressions },
    stub('Advanced-Indexing.html', 'Advanced-Indexing', '8.1.1 Advanced Indexing'),
    stub('Object-Sizes.html', 'Object-Sizes', '4.1 Object Sizes'),
    stub('Concept-Index.html', 'Concept-Index', 'Concept Index'),
    { relPath: 'index.html', html: `${head('Top')}<body><h1 class="settitle">GNU Octave</h1><div class="top" id="Top"><p>This manual</p></div></body></html>` },
  ];
  const pages = buildSitePages(files, OCTAVE_DOCS.domain, OCTAVE_DOCS.format);

  it('when the site is built, then the Top node and the index nodes are left out', () => {
    expect(pages.map((page) => page.url)).toEqual(
      ['Advanced-Indexing/', 'Index-Expressions/', 'Object-Sizes/'].map((slug) => `https://octave-docs.example.test/${slug}`),
    );
  });

  it('when a node is built, then its links to other nodes are recorded (code marked), the menu and same-page links are not', () => {
    expect(pages.find((page) => page.title === 'Index Expressions')?.links).toEqual([
      { targetUrl: 'https://octave-docs.example.test/Advanced-Indexing/', anchorText: 'Advanced Indexing', inCode: false },
      { targetUrl: 'https://octave-docs.example.test/Object-Sizes/', anchorText: 'size', inCode: true },
      { targetUrl: 'https://octave-docs.example.test/Object-Sizes/', anchorText: 'size', inCode: false },
    ]);
  });

  it.each([
    { relPath: 'index.html', navigation: true },
    { relPath: 'Concept-Index.html', navigation: true },
    { relPath: 'Function-Index.html', navigation: true },
    { relPath: 'Index-Expressions.html', navigation: false },
  ])('when the file is $relPath, then it is Octave navigation: $navigation', ({ relPath, navigation }) => {
    expect(isOctaveDocsNavigationPage(relPath)).toBe(navigation);
  });
});

describe('a manual split per chapter (Zsh), cut into nodes', () => {
  /** The texi2html-style navigation table `texi2any` writes above every node of a chapter-split manual. */
  const navTable =
    '<table class="header" cellpadding="1" cellspacing="1" border="0">\n<tr><td valign="middle" align="left">[<a href="Files.html#Files" title="Beginning of this chapter or previous chapter"> &lt;&lt; </a>]</td>\n' +
    '<td valign="middle" align="left">[<a href="index.html" title="Up section"> Up </a>]</td>\n<td valign="middle" align="left">[<a href="zsh_toc.html#SEC_Contents" title="Table of contents">Contents</a>]</td>\n</tr></table>\n';
  const chapter = (id: string, heading: string, content: string): string =>
    `${head(heading, 'texi2any')}<body lang="en">\n<div class="chapter" id="${id}">\n${navTable}<span id="${id}-1"></span><h1 class="chapter">${heading}</h1>\n${content}</div>\n<hr>\n${navTable}` +
    '<p><font size="-1">\n  This document was generated on <em>February 5, 2023</em> using <a href="https://www.gnu.org/software/texinfo/"><em>texi2any</em></a>.\n</font></p>\n</body>\n</html>\n';

  const shellGrammar = chapter(
    'Shell-Grammar',
    '6 Shell Grammar',
    '<p>A grammar; see <a href="#Aliasing">Aliasing</a> and <a href="Invocation.html#index-compatibility">compatibility</a>.</p>\n' +
      '<table class="menu" border="0" cellspacing="0">\n<tr><td align="left" valign="top"><a href="#Aliasing">6.1 Aliasing</a></td></tr>\n</table>\n<hr>\n' +
      `<div class="section" id="Aliasing">\n${navTable}<span id="Aliasing-1"></span><h2 class="section">6.1 Aliasing</h2>\n` +
      '<p><span id="index-aliasing"></span>Every eligible word is checked, as the <a href="#Shell-Grammar">grammar</a> says.</p>\n' +
      '<div class="subsection" id="Alias-difficulties">\n<h3 class="subsection">6.1.1 Alias difficulties</h3>\n<p>Not every string can be an alias.</p>\n</div>\n</div>\n',
  );
  const invocation = chapter(
    'Invocation',
    '4 Invocation',
    '<p>Invoking zsh; aliases are in <a href="Shell-Grammar.html#index-aliasing">Aliasing</a>.</p>\n<hr>\n' +
      `<div class="section" id="Compatibility">\n${navTable}<h2 class="section">4.1 Compatibility</h2>\n<p><span id="index-compatibility"></span>Zsh tries to emulate sh.</p>\n</div>\n`,
  );
  const files: SourceFile[] = [
    { relPath: 'Shell-Grammar.html', html: shellGrammar },
    { relPath: 'Invocation.html', html: invocation },
    { relPath: 'Aliasing.html', html: redirect('Shell-Grammar.html#Aliasing') },
    { relPath: 'Compatibility.html', html: redirect('Invocation.html#Compatibility') },
    { relPath: 'FAQ.html', html: '<html><body><h1 id="title">Z-Shell Frequently-Asked Questions</h1></body></html>' },
  ];
  const split = splitTexinfoChapters(files);
  const pages = buildSitePages(split, ZSH_DOCS.domain, ZSH_DOCS.format);
  const page = (slug: string) => pages.find((p) => p.url === `https://zsh-docs.example.test/${slug}`);

  it('when the chapters are cut, then every node has its own file named by its redirect stub, and other files pass through', () => {
    expect(split.map((file) => file.relPath)).toEqual(['Aliasing.html', 'Compatibility.html', 'FAQ.html', 'Invocation.html', 'Shell-Grammar.html']);
    expect(pages.map((p) => p.title)).toEqual(['Aliasing', 'Compatibility', 'Invocation', 'Shell Grammar']);
  });

  it('when a node is cut out, then it keeps its sections without a node of their own and loses the nodes inside it', () => {
    expect(analysePageText(page('Aliasing/')?.content ?? '', ZSH_DOCS.domain).visibleText.replace(/\n/g, ' ')).toMatch(
      /^Every eligible word is checked, as the grammar says\. +6\.1\.1 Alias difficulties +Not every string can be an alias\.$/,
    );
    const chapterBody = page('Shell-Grammar/')?.content ?? '';
    expect(chapterBody).not.toContain('Every eligible word');
    for (const chrome of ['class="menu"', 'class="header"', 'Contents', '<hr', 'generated on', '<h1']) expect(chapterBody).not.toContain(chrome);
  });

  it.each([
    {
      page: 'Shell-Grammar/',
      links: [
        { targetUrl: 'https://zsh-docs.example.test/Aliasing/', anchorText: 'Aliasing', inCode: false },
        { targetUrl: 'https://zsh-docs.example.test/Compatibility/', anchorText: 'compatibility', inCode: false },
      ],
    },
    { page: 'Aliasing/', links: [{ targetUrl: 'https://zsh-docs.example.test/Shell-Grammar/', anchorText: 'grammar', inCode: false }] },
    { page: 'Invocation/', links: [{ targetUrl: 'https://zsh-docs.example.test/Aliasing/', anchorText: 'Aliasing', inCode: false }] },
  ])('when $page is built, then links to a node or an anchor in it point at the node\'s page', ({ page: slug, links }) => {
    expect(page(slug)?.links).toEqual(links);
  });

  it.each([
    { relPath: 'index.html', navigation: true },
    { relPath: 'zsh_toc.html', navigation: true },
    { relPath: 'Concept-Index.html', navigation: true },
    { relPath: 'Style-and-Tag-Index.html', navigation: true },
    { relPath: 'FAQ03.html', navigation: true },
    { relPath: 'Aliasing.html', navigation: false },
  ])('when the file is $relPath, then it is Zsh navigation: $navigation', ({ relPath, navigation }) => {
    expect(isZshDocsNavigationPage(relPath)).toBe(navigation);
  });
});
