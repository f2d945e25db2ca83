import { describe, expect, it } from 'vitest';
import { extractPostfixArticle, isPostfixDocsNavigationPage, POSTFIX_DOCS } from '../../bench/quality/corpus/postfix-docs.js';
import { buildSitePages, type SourceFile } from '../../bench/quality/corpus/static-site.js';
import { innerHtml } from '../../bench/quality/html/dom.js';
import { analysePageText } from '../../bench/quality/html/page-text.js';

const DOCTYPE = '<!doctype html public "-//W3C//DTD HTML 4.01 Transitional//EN"\n        "http://www.w3.org/TR/html4/loose.dtd">\n';

/** A README as Postfix writes it (after its `postlink` script has linked every parameter and program name). */
function readme(title: string, body: string): string {
  return (
    `${DOCTYPE}\n<html>\n\n<head>\n\n<title>${title}</title>\n\n<meta http-equiv="Content-Type" content="text/html; charset=utf-8">\n\n</head>\n\n` +
    `<body>\n\n<h1><img src="postfix-logo.jpg" width="203" height="98" ALT="">${title}</h1>\n\n<hr>\n\n${body}\n\n</body>\n\n</html>\n`
  );
}

/** A manual page: the man page rendered into one `<pre>`, with its running header and footer lines. */
function manualPage(name: string, section: number, header: string, text: string): string {
  return (
    `${DOCTYPE}<html> <head>\n<meta http-equiv="Content-Type" content="text/html; charset=utf-8">\n` +
    `<title> Postfix manual - ${name}(${section}) </title>\n</head> <body> <pre>\n${header}\n\n${text}\n\n` +
    `${' '.repeat(70)}${name.toUpperCase()}(${section})\n</pre> </body> </html>\n`
  );
}

const verpReadme = readme(
  'Postfix VERP Howto',
  '<h2>Postfix VERP support</h2>\n\n<p> Postfix versions 1.1 and later support variable envelope return path addresses on request.\n' +
    'See the <a href="SMTPD_ACCESS_README.html">SMTP access control</a> documentation and the <a href="smtpd.8.html">smtpd(8)</a> server. </p>\n\n' +
    '<p> Topics covered in this document: </p>\n<ul>\n<li> <a href="#config"> Postfix VERP configuration parameters </a>\n</ul>\n\n' +
    '<dl>\n<dt> <a href="postconf.5.html#default_verp_delimiters">default_verp_delimiters</a> (default value:  +=)\n' +
    '<dd> <p> What VERP delimiter characters Postfix uses. </p>\n</dl>\n\n' +
    '<blockquote>\n<pre>\n/etc/postfix/<a href="postconf.5.html">main.cf</a>:\n    <a href="postconf.5.html#smtpd_authorized_verp_clients">smtpd_authorized_verp_clients</a> = $mynetworks\n</pre>\n</blockquote>\n\n' +
    '<p> Postfix only accepts <tt><a href="postconf.5.html#verp_delimiter_filter">verp_delimiter_filter</a></tt> characters. </p>',
);

const smtpdManual = manualPage(
  'smtpd',
  8,
  'SMTPD(8)                                                              SMTPD(8)',
  '<b>NAME</b>\n       smtpd - Postfix SMTP server\n\n<b>DESCRIPTION</b>\n' +
    '       The  SMTP  server accepts network connection requests. Each  received  message  is\n' +
    '       piped  through  the  <a href="cleanup.8.html"><b>cleanup</b>(8)</a> daemon.',
);

const makedefsManual = manualPage(
  'makedefs',
  1,
  'MAKEDEFS(1)                 General Commands Manual                MAKEDEFS(1)',
  '<b>NAME</b>\n       makedefs - Postfix makefile configuration utility',
);

describe('postfix-doc articles', () => {
  it.each([
    { kind: 'a README', relPath: 'VERP_README.html', html: verpReadme, title: 'Postfix VERP Howto', firstText: 'Postfix VERP support Postfix versions 1.1' },
    { kind: 'a manual page', relPath: 'smtpd.8.html', html: smtpdManual, title: 'smtpd(8)', firstText: 'NAME smtpd - Postfix SMTP server' },
    { kind: 'a manual page with the manual named in its header', relPath: 'makedefs.1.html', html: makedefsManual, title: 'makedefs(1)', firstText: 'NAME makedefs - Postfix makefile' },
  ])('when the page is $kind, then the title is "$title" and the body starts with its own text', ({ relPath, html, title, firstText }) => {
    const extracted = extractPostfixArticle(relPath, html);
    expect(extracted.title).toBe(title);
    const visibleText = analysePageText(innerHtml(extracted.body), POSTFIX_DOCS.domain).visibleText.replace(/\s+/g, ' ').trim();
    expect(visibleText.slice(0, firstText.length)).toBe(firstText);
  });

  it.each([
    { kind: 'a README', relPath: 'VERP_README.html', html: verpReadme, chrome: ['<h1', 'postfix-logo', '<hr'] },
    { kind: 'a manual page', relPath: 'smtpd.8.html', html: smtpdManual, chrome: ['SMTPD(8)', 'Postfix manual'] },
    { kind: 'a manual page with the manual named in its header', relPath: 'makedefs.1.html', html: makedefsManual, chrome: ['MAKEDEFS(1)', 'General Commands Manual'] },
  ])('when the page is $kind, then none of its chrome $chrome is left in the body', ({ relPath, html, chrome }) => {
    const body = innerHtml(extractPostfixArticle(relPath, html).body);
    for (const text of chrome) expect(body).not.toContain(text);
  });

  it.each([
    { kind: 'not HTML 4.01', html: '<!DOCTYPE html><html><body><h1>x</h1></body></html>' },
    { kind: 'a README without a title', html: `${DOCTYPE}<html><body><p>x</p></body></html>` },
    { kind: 'a manual page that is not one <pre>', html: `${DOCTYPE}<html><head><title> Postfix manual - x(1) </title></head><body><p>x</p></body></html>` },
  ])('when the page is $kind, then extraction fails loudly', ({ html }) => {
    expect(() => extractPostfixArticle('odd.html', html)).toThrow(/odd\.html/);
  });

  it.each([
    { relPath: 'index.html', navigation: true },
    { relPath: 'postfix-manuals.html', navigation: true },
    { relPath: 'VERP_README.html', navigation: false },
    { relPath: 'postconf.5.html', navigation: false },
    { relPath: 'smtpd.8.html', navigation: false },
  ])('when the file is $relPath, then it is navigation: $navigation', ({ relPath, navigation }) => {
    expect(isPostfixDocsNavigationPage(relPath)).toBe(navigation);
  });
});

describe('postfix-doc site to corpus pages', () => {
  const files: SourceFile[] = [
    { relPath: 'VERP_README.html', html: verpReadme },
    { relPath: 'smtpd.8.html', html: smtpdManual },
    { relPath: 'SMTPD_ACCESS_README.html', html: readme('Postfix SMTP relay and access control', '<p>x</p>') },
    { relPath: 'postconf.5.html', html: readme('Postfix Configuration Parameters', '<p>x</p>') },
    { relPath: 'cleanup.8.html', html: manualPage('cleanup', 8, 'CLEANUP(8)      CLEANUP(8)', '<b>NAME</b>\n       cleanup') },
    { relPath: 'index.html', html: readme('Postfix Documentation', '<ul><li><a href="VERP_README.html">VERP</a></ul>') },
  ];
  const pages = buildSitePages(files, POSTFIX_DOCS.domain, POSTFIX_DOCS.format);
  const linksOf = (slug: string) => pages.find((page) => page.url === `https://postfix-docs.example.test/${slug}`)?.links;

  it('when the site is built, then the documentation index is left out', () => {
    expect(pages.map((page) => page.url.replace(POSTFIX_DOCS.domain, '')).sort()).toEqual([
      'SMTPD_ACCESS_README/', 'VERP_README/', 'cleanup.8/', 'postconf.5/', 'smtpd.8/',
    ]);
  });

  it('when a README is built, then links in prose are prose and links in <pre> and <tt> are marked as code', () => {
    const d = POSTFIX_DOCS.domain;
    expect(linksOf('VERP_README/')).toEqual([
      { targetUrl: `${d}SMTPD_ACCESS_README/`, anchorText: 'SMTP access control', inCode: false },
      { targetUrl: `${d}smtpd.8/`, anchorText: 'smtpd(8)', inCode: false },
      { targetUrl: `${d}postconf.5/`, anchorText: 'default_verp_delimiters', inCode: false },
      { targetUrl: `${d}postconf.5/`, anchorText: 'main.cf', inCode: true },
      { targetUrl: `${d}postconf.5/`, anchorText: 'smtpd_authorized_verp_clients', inCode: true },
      { targetUrl: `${d}postconf.5/`, anchorText: 'verp_delimiter_filter', inCode: true },
    ]);
  });

  it('when a manual page is built, then its links are recorded as code (the page is one <pre>)', () => {
    expect(linksOf('smtpd.8/')).toEqual([{ targetUrl: `${POSTFIX_DOCS.domain}cleanup.8/`, anchorText: 'cleanup(8)', inCode: true }]);
  });
});
