import { describe, expect, it } from 'vitest';
import { EXIM_DOCS, isEximDocsNavigationPage } from '../../bench/quality/corpus/exim-docs.js';
import { extractEximSpecChapter } from '../../bench/quality/corpus/exim-spec-site.js';
import { buildSitePages, type SourceFile } from '../../bench/quality/corpus/static-site.js';
import { innerHtml } from '../../bench/quality/html/dom.js';
import { analysePageText } from '../../bench/quality/html/page-text.js';

/** A page as the Exim website's stylesheets write the specification: site header and menu, chapter, footer. */
function eximPage(file: string, title: string, chapter: string): string {
  const pager =
    '<a class="previous_page" href="ch-encrypted_smtp_connections_using_tlsssl.html">&lt;-previous</a>' +
    '<a class="toc_page" href="index.html">Table of Contents</a><a class="next_page" href="ch-content_scanning_at_acl_time.html">next-&gt;</a>';
  return (
    '<!DOCTYPE html PUBLIC "XSLT-compat">\n<html lang="en-GB">\n<head>\n<meta http-equiv="Content-Type" content="text/html; charset=UTF-8">\n' +
    `<title>${title}</title>\n<link rel="stylesheet" type="text/css" href="chapter.css">\n` +
    `<link rel="canonical" href="https://www.exim.org/exim-html-current/doc/html/spec_html/${file}">\n</head>\n<body class="no-js">\n` +
    '<h1 id="header"><a href="http://www.exim.org">Exim Internet Mailer</a></h1>\n<div id="outer">\n' +
    '<ul id="nav_flow" class="nav">\n<li><a href="https://www.exim.org/index.html">Home</a></li>\n<li><a href="https://www.exim.org/docs.html">Documentation</a></li>\n</ul>\n' +
    `<div id="inner"><div id="content">\n${pager}${chapter}\n${pager}\n</div></div>\n` +
    '<div id="footer">Website design by <a href="https://www.grepular.com/">Mike Cardwell</a>.</div>\n' +
    '<div id="toc">\n<ul class="hidden"></ul>\n<img src="contents.png" width="16" height="155">\n</div>\n</div>\n</body>\n</html>\n'
  );
}

const chapter = (file: string, id: string, heading: string, body: string): string =>
  `<div id="chapter" class="chapter">\n<h2 id="${id}" class=""><a href="${file}">${heading}</a></h2>\n${body}\n</div>`;

const acl = eximPage(
  'ch-access_control_lists.html',
  '44. Access control lists',
  chapter(
    'ch-access_control_lists.html',
    'CHAPACL',
    'Chapter 44 - Access control lists',
    '<p>\n\nAccess Control Lists (ACLs) are defined in a separate section of the runtime configuration file. ' +
      'This is discussed in chapter\n<a href="ch-the_default_configuration_file.html" title="7. The default configuration file">7</a>.\n</p>\n' +
      '<div class="section">\n<h3 id="SECID188" class="">1. Testing ACLs</h3>\n<p>\nThe <span class="docbook_option">-bh</span> option (see section ' +
      '<a href="ch-access_control_lists.html#SECTaddressverification" title="44. Access control lists">44.45</a>) tests an ACL, as does ' +
      '<a href="ch01.html" title="1. Introduction">1</a> and the <a href="ch-option_index.html">option index</a>.\n</p>\n</div>',
  ),
);

const defaultConfiguration = eximPage(
  'ch-the_default_configuration_file.html',
  '7. The default configuration file',
  chapter('ch-the_default_configuration_file.html', 'CHAPdefconfil', 'Chapter 7 - The default configuration file', '<p>\nThe default configuration file is sufficient.\n</p>'),
);

const optionIndex = eximPage(
  'ch-option_index.html',
  '64. Option Index',
  '<div id="chapter" class="chapterindex">\n<h2 id="index_option" class="index"><a href="ch-option_index.html">Chapter 64 - Option Index</a></h2>\n' +
    '<div class="sectionindex"><dl><dt>-bh</dt><dd><p><a href="ch-access_control_lists.html#vi0">Access control lists</a></p></dd></dl></div>\n</div>',
);

describe('Exim specification chapters', () => {
  it('when a chapter is extracted, then the title is its name without the chapter number and the body starts with its own text', () => {
    const extracted = extractEximSpecChapter('ch-access_control_lists.html', acl);
    expect(extracted.title).toBe('Access control lists');
    const visibleText = analysePageText(innerHtml(extracted.body), EXIM_DOCS.domain).visibleText.replace(/\n/g, ' ').trim();
    expect(visibleText.startsWith('Access Control Lists (ACLs) are defined')).toBe(true);
  });

  it('when a chapter is extracted, then none of the site header, menu, pager, footer or contents widget is left in the body', () => {
    const body = innerHtml(extractEximSpecChapter('ch-access_control_lists.html', acl).body);
    for (const chrome of ['Exim Internet Mailer', 'Home', 'previous', 'next-', 'Table of Contents', 'Cardwell', 'contents.png', '<h2', 'Chapter 44']) {
      expect(body).not.toContain(chrome);
    }
    expect(body).toContain('1. Testing ACLs');
  });

  it.each([
    { kind: 'an index chapter', html: optionIndex },
    { kind: 'not the Exim website build', html: '<html><body><div id="chapter" class="chapter"><h2>Chapter 1 - X</h2></div></body></html>' },
  ])('when the page is $kind, then extraction fails loudly', ({ html }) => {
    expect(() => extractEximSpecChapter('odd.html', html)).toThrow(/odd\.html/);
  });

  it.each([
    { relPath: 'index.html', navigation: true },
    { relPath: 'filter.html', navigation: true },
    { relPath: 'ch-option_index.html', navigation: true },
    { relPath: 'ch-concept_index.html', navigation: true },
    { relPath: 'ch01.html', navigation: true },
    { relPath: 'filter_ch02.html', navigation: true },
    { relPath: 'ch-access_control_lists.html', navigation: false },
    { relPath: 'filter_ch-exim_filter_files.html', navigation: false },
  ])('when the file is $relPath, then it is navigation: $navigation', ({ relPath, navigation }) => {
    expect(isEximDocsNavigationPage(relPath)).toBe(navigation);
  });
});

describe('Exim specification to corpus pages', () => {
  const files: SourceFile[] = [
    { relPath: 'ch-access_control_lists.html', html: acl },
    { relPath: 'ch-the_default_configuration_file.html', html: defaultConfiguration },
    { relPath: 'ch-option_index.html', html: optionIndex },
    { relPath: 'ch01.html', html: defaultConfiguration },
    { relPath: 'index.html', html: eximPage('index.html', 'Exim spec', '<div id="index"><a href="ch-access_control_lists.html">Access control lists</a></div>') },
  ];
  const pages = buildSitePages(files, EXIM_DOCS.domain, EXIM_DOCS.format);

  it('when the site is built, then the tables of contents, index chapters and numbered copies are left out', () => {
    expect(pages.map((page) => page.url)).toEqual(
      ['ch-access_control_lists/', 'ch-the_default_configuration_file/'].map((slug) => `https://exim-docs.example.test/${slug}`),
    );
  });

  it('when a chapter is built, then its cross-reference to another chapter is recorded, not the pager, itself, a copy or an index', () => {
    expect(pages[0]?.links).toEqual([{ targetUrl: 'https://exim-docs.example.test/ch-the_default_configuration_file/', anchorText: '7', inCode: false }]);
  });
});
