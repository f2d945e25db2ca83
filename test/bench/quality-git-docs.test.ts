import { describe, expect, it } from 'vitest';
import { extractGitDocsArticle, GIT_DOCS, isGitDocsNavigationPage } from '../../bench/quality/corpus/git-docs.js';
import { buildSitePages, type SourceFile } from '../../bench/quality/corpus/static-site.js';
import { innerHtml } from '../../bench/quality/html/dom.js';
import { analysePageText } from '../../bench/quality/html/page-text.js';

/** A page as AsciiDoc's xhtml11 backend writes it for `git-doc`. */
function asciidocPage(kind: 'manpage' | 'article', header: string, content: string): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<html xmlns="http://www.w3.org/1999/xhtml"><head>` +
    `<meta name="generator" content="AsciiDoc 10.2.0" /><title>t</title><style>h1 { color: red }</style></head>\n` +
    `<body class="${kind}">\n<div id="header">\n${header}\n</div>\n<div id="content">\n${content}\n</div>\n` +
    `<div id="footnotes"><hr /></div>\n<div id="footer">\n<div id="footer-text">\nLast updated\n 2024-05-31 00:35:55 UTC\n</div>\n</div>\n</body>\n</html>`
  );
}

const section = (title: string, body: string): string =>
  `<div class="sect1">\n<h2 id="_${title.toLowerCase()}">${title}</h2>\n<div class="sectionbody">\n${body}\n</div>\n</div>`;

const SUITE_TRAILER = section('GIT', '<div class="paragraph"><p>Part of the <a href="git.html">git(1)</a> suite</p></div>');

const manualPage = asciidocPage(
  'manpage',
  '<h1>\ngit-add(1) Manual Page\n</h1>\n<h2>NAME</h2>\n<div class="sectionbody">\n<p>git-add -\n   Add file contents to the index\n</p>\n</div>',
  section('DESCRIPTION', '<div class="paragraph"><p>Please see <a href="git-commit.html">git-commit(1)</a> for alternative ways.</p></div>') +
    section('SEE ALSO', '<div class="paragraph"><p><a href="git-status.html">git-status(1)</a>\n<a href="git-rm.html">git-rm(1)</a></p></div>') +
    SUITE_TRAILER,
);

const article = asciidocPage(
  'article',
  '<h1>Fighting regressions with git bisect</h1>\n<span id="author">Christian Couder</span><br />\n' +
    '<span id="email"><code>&lt;<a href="mailto:chriscool@tuxfamily.org">chriscool@tuxfamily.org</a>&gt;</code></span><br />\n' +
    '<span id="revdate">2009/11/08</span>',
  section('Abstract', '<div class="paragraph"><p>"git bisect" enables software users and developers to find the commit that introduced a regression.</p></div>'),
);

const untitledArticle = asciidocPage(
  'article',
  '',
  section('How we coordinate embargoed releases', '<div class="paragraph"><p>To protect Git users, see <a href="../SubmittingPatches.html">SubmittingPatches</a>.</p></div>'),
);

const userManual =
  '<html><head><meta http-equiv="Content-Type" content="text/html; charset=UTF-8"><title>Git User Manual</title>' +
  '<meta name="generator" content="DocBook XSL Stylesheets Vsnapshot"></head><body bgcolor="white">' +
  '<div lang="en" class="book"><div class="titlepage"><div><div><h1 class="title"><a name="idm1"></a>Git User Manual</h1></div></div><hr></div>' +
  '<div class="toc"><p><b>Table of Contents</b></p><dl class="toc"><dt><a href="#repositories-and-branches">1. Repositories and Branches</a></dt></dl></div>' +
  '<div class="chapter"><div class="titlepage"><div><div><h1 class="title"><a name="repositories-and-branches"></a>Chapter 1. Repositories and Branches</h1></div></div></div>' +
  '<div class="toc"><p><b>Table of Contents</b></p><dl class="toc"><dt><a href="#how-to-get">How to get a Git repository</a></dt></dl></div>' +
  '<p>The best way to get one is by using the <a class="ulink" href="git-clone.html" target="_top">git-clone(1)</a> command, called the ' +
  '<a class="link" href="#def_working_tree">working tree</a>.</p></div></div></body></html>';

describe('git-doc articles', () => {
  it.each([
    { kind: 'a manual page', relPath: 'git-add.html', html: manualPage, title: 'git-add(1)', firstText: 'NAME git-add - Add file contents to the index' },
    { kind: 'an article with author lines', relPath: 'git-bisect-lk2009.html', html: article, title: 'Fighting regressions with git bisect', firstText: 'Abstract "git bisect" enables' },
    { kind: 'an article without a title line', relPath: 'howto/coordinate-embargoed-releases.html', html: untitledArticle, title: 'How we coordinate embargoed releases', firstText: 'To protect Git users' },
    { kind: 'the DocBook user manual', relPath: 'user-manual.html', html: userManual, title: 'Git User Manual', firstText: 'Chapter 1. Repositories and Branches The best way' },
  ])('when the page is $kind, then the title is "$title" and the body starts with its own text', ({ relPath, html, title, firstText }) => {
    const extracted = extractGitDocsArticle(relPath, html);
    expect(extracted.title).toBe(title);
    const visibleText = analysePageText(innerHtml(extracted.body), GIT_DOCS.domain).visibleText.replace(/\n/g, ' ');
    expect(visibleText.slice(0, firstText.length)).toBe(firstText);
  });

  it.each([
    { kind: 'a manual page', relPath: 'git-add.html', html: manualPage, chrome: ['<h1', 'Manual Page', 'Last updated', 'footnotes', 'Part of the'] },
    { kind: 'an article', relPath: 'git-bisect-lk2009.html', html: article, chrome: ['<h1', 'Christian Couder', 'mailto:', '2009/11/08', '<br'] },
    { kind: 'the user manual', relPath: 'user-manual.html', html: userManual, chrome: ['Git User Manual', 'Table of Contents', '<hr'] },
  ])('when the page is $kind, then none of its generated chrome $chrome is left in the body', ({ relPath, html, chrome }) => {
    const body = innerHtml(extractGitDocsArticle(relPath, html).body);
    for (const text of chrome) expect(body).not.toContain(text);
  });

  it('when a page is neither AsciiDoc nor DocBook output, then extraction fails loudly', () => {
    expect(() => extractGitDocsArticle('odd.html', '<html><body><p>hello</p></body></html>')).toThrow(/odd\.html/);
  });

  it.each([
    { relPath: 'index.html', navigation: true },
    { relPath: 'howto-index.html', navigation: true },
    { relPath: 'technical/api-index.html', navigation: true },
    { relPath: 'git.html', navigation: false },
    { relPath: 'howto/maintain-git.html', navigation: false },
  ])('when the file is $relPath, then it is navigation: $navigation', ({ relPath, navigation }) => {
    expect(isGitDocsNavigationPage(relPath)).toBe(navigation);
  });
});

describe('git-doc site to corpus pages', () => {
  const stub = (relPath: string, title: string): SourceFile => ({ relPath, html: asciidocPage('article', `<h1>${title}</h1>`, '<p>x</p>') });
  const files: SourceFile[] = [
    { relPath: 'git-add.html', html: manualPage },
    { relPath: 'howto/coordinate-embargoed-releases.html', html: untitledArticle },
    { relPath: 'user-manual.html', html: userManual },
    stub('git-commit.html', 'git-commit(1)'),
    stub('git-status.html', 'git-status(1)'),
    stub('git-clone.html', 'git-clone(1)'),
    stub('git.html', 'git(1)'),
    stub('SubmittingPatches.html', 'Submitting Patches'),
    stub('index.html', 'git(1)'),
  ];
  const pages = buildSitePages(files, GIT_DOCS.domain, GIT_DOCS.format);
  const linksOf = (slug: string) => pages.find((page) => page.url === `https://git-docs.example.test/${slug}`)?.links;

  it('when the site is built, then the duplicate index is left out and permalinks follow the file paths', () => {
    expect(pages.map((page) => page.url)).toEqual(
      ['git-add/', 'git-clone/', 'git-commit/', 'git-status/', 'git/', 'howto/coordinate-embargoed-releases/', 'SubmittingPatches/', 'user-manual/'].map(
        (slug) => `https://git-docs.example.test/${slug}`,
      ),
    );
  });

  it.each([
    {
      page: 'git-add/',
      links: [
        { targetUrl: 'https://git-docs.example.test/git-commit/', anchorText: 'git-commit(1)', inCode: false },
        { targetUrl: 'https://git-docs.example.test/git-status/', anchorText: 'git-status(1)', inCode: false },
      ],
    },
    {
      page: 'howto/coordinate-embargoed-releases/',
      links: [{ targetUrl: 'https://git-docs.example.test/SubmittingPatches/', anchorText: 'SubmittingPatches', inCode: false }],
    },
    {
      page: 'user-manual/',
      links: [{ targetUrl: 'https://git-docs.example.test/git-clone/', anchorText: 'git-clone(1)', inCode: false }],
    },
  ])('when $page is built, then its human links are the corpus pages it names (not the suite trailer, not missing pages, not itself)', ({ page, links }) => {
    expect(linksOf(page)).toEqual(links);
  });
});
