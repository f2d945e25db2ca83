import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { APACHE_DOCS, extractApacheArticle, isApacheDocsNavigationPage, readEnglishFiles } from '../../bench/quality/corpus/apache-docs.js';
import { buildSitePages, type SourceFile } from '../../bench/quality/corpus/static-site.js';
import { innerHtml } from '../../bench/quality/html/dom.js';
import { analysePageText } from '../../bench/quality/html/page-text.js';

const MENU =
  '<p class="menu"><a href="./mod/index.html">Modules</a> | <a href="./mod/quickreference.html">Directives</a> | ' +
  '<a href="./glossary.html">Glossary</a> | <a href="./sitemap.html">Sitemap</a></p>';

/** A page as the httpd manual's XSLT writes it: header menu, breadcrumbs, preamble, sidebar, sections, language bars, footer. */
function apachePage(options: { lang?: string; title: string; preamble: string; quickview: string; sections: string }): string {
  const languages =
    '<p><span>Available Languages: </span><a href="../en/env.html" title="English">&nbsp;en&nbsp;</a> |\n' +
    '<a href="../fr/env.html" hreflang="fr" rel="alternate" title="Fran&ccedil;ais">&nbsp;fr&nbsp;</a></p>';
  return (
    `<!DOCTYPE html SYSTEM "about:legacy-compat">\n<html lang="${options.lang ?? 'en'}"><head><META http-equiv="Content-Type" content="text/html; charset=UTF-8">\n` +
    `<!--\n        XXXXXXXXXXXXXXXX\n              This file is generated from xml source: DO NOT EDIT\n        XXXXXXXXXXXXXXXX\n      -->\n` +
    `<title>${options.title} - Apache HTTP Server Version 2.4</title>\n</head>\n<body id="manual-page"><div id="page-header">\n${MENU}\n` +
    `<p class="apache">Apache HTTP Server Version 2.4</p>\n<img alt="" src="../images/feather.png"></div>\n` +
    `<div class="up"><a href="./index.html"><img title="&lt;-" alt="&lt;-" src="../images/left.gif"></a></div>\n` +
    `<div id="path">\n<a href="https://www.apache.org/">Apache</a> &gt; <a href="./index.html">Version 2.4</a></div>` +
    `<div id="page-content"><div id="preamble"><h1>${options.title}</h1>\n` +
    `<button aria-label="Toggle language list" class="lang-toggle"><svg viewBox="0 0 24 24"><circle r="10" cy="12" cx="12"/></svg></button>\n` +
    `<div class="toplang">\n${languages}\n</div>\n${options.preamble}\n</div>\n` +
    `<div id="quickview">${options.quickview}</div>\n` +
    `<div class="top"><a href="#page-header"><img alt="top" src="../images/up.gif"></a></div>\n${options.sections}\n</div>\n` +
    `<div class="bottomlang">\n${languages}\n</div><div id="footer">\n<p class="apache">Copyright 2026 The Apache Software Foundation.</p>\n${MENU}</div>` +
    `<script><!--//--><![CDATA[//><!--\nif (typeof(prettyPrint) !== 'undefined') { prettyPrint(); }\n//--><!]]></script>\n</body></html>`
  );
}

const envPage = apachePage({
  title: 'Environment Variables in Apache httpd',
  preamble: '<p>There are two kinds of environment variables that affect the Apache HTTP Server.</p>',
  quickview:
    '<ul id="toc"><li><img alt="" src="../images/down.gif"> <a href="#setting">Setting Environment Variables</a></li></ul>' +
    '<h3>See also</h3>\n<ul class="seealso">\n<li><a href="./mod/mod_setenvif.html">mod_setenvif</a></li>\n</ul>',
  sections:
    '<div class="section">\n<h2 id="setting">Setting Environment Variables <a title="Permanent link" href="#setting" class="permalink">&para;</a></h2>\n' +
    '<table class="related"><tr><th>Related Modules</th><th>Related Directives</th></tr><tr><td><ul><li><code class="module"><a href="./mod/mod_env.html">mod_env</a></code></li></ul></td><td></td></tr></table>\n' +
    '<p>The most basic way to set an environment variable in Apache is using the unconditional ' +
    '<code class="directive"><a href="./mod/mod_env.html#setenv">SetEnv</a></code> directive, see the <a href="./howto/cgi.html">CGI how-to</a>.</p>\n</div>',
});

const modEnvPage = apachePage({
  title: 'Apache Module mod_env',
  preamble:
    '<table class="module"><tr><th><a href="module-dict.html#Description">Description:</a></th><td>Modifies the environment</td></tr>' +
    '<tr><th><a href="module-dict.html#Status">Status:</a></th><td>Base</td></tr></table>\n<h3>Summary</h3>\n' +
    '<p>This module allows for control of internal environment variables, see <a href="../env.html">Environment Variables</a>.</p>',
  quickview:
    '<h3 class="directives">Directives</h3>\n<ul id="toc">\n<li><img alt="" src="../../images/down.gif"> <a href="#setenv">SetEnv</a></li>\n</ul>\n' +
    '<h3>Bugfix checklist</h3><ul class="seealso"><li><a href="https://bz.apache.org/bugzilla/">Known issues</a></li></ul>',
  sections:
    '<div class="directive-section"><h2 id="setenv"><span id="SetEnv">SetEnv</span> Directive <a title="Permanent link" href="#setenv" class="permalink">&para;</a></h2>\n' +
    '<table class="directive">\n<tr><th><a href="directive-dict.html#Description">Description:</a></th><td>Sets environment variables</td></tr>\n' +
    '<tr><th><a href="directive-dict.html#Syntax">Syntax:</a></th><td><code>SetEnv <var>env-variable</var></code></td></tr>\n' +
    '<tr><th><a href="directive-dict.html#Module">Module:</a></th><td>mod_env</td></tr>\n</table>\n' +
    '<p>Sets an internal environment variable, which is then available to <a href="../howto/cgi.html">CGI scripts</a>.</p>\n</div>',
});

const stub = (title: string, lang = 'en'): string =>
  apachePage({ lang, title, preamble: `<p>${title}.</p>`, quickview: '', sections: '' });

describe('apache2-doc articles', () => {
  it.each([
    { kind: 'a guide', relPath: 'env.html', html: envPage, title: 'Environment Variables in Apache httpd', firstText: 'There are two kinds of environment variables' },
    { kind: 'a module page', relPath: 'mod/mod_env.html', html: modEnvPage, title: 'Apache Module mod_env', firstText: 'Description: Modifies the environment' },
  ])('when the page is $kind, then the title is "$title" and the body starts with its own text', ({ relPath, html, title, firstText }) => {
    const extracted = extractApacheArticle(relPath, html);
    expect(extracted.title).toBe(title);
    const visibleText = analysePageText(innerHtml(extracted.body), APACHE_DOCS.domain).visibleText.replace(/\s+/g, ' ').trim();
    expect(visibleText.slice(0, firstText.length)).toBe(firstText);
  });

  it.each([
    { relPath: 'env.html', html: envPage },
    { relPath: 'mod/mod_env.html', html: modEnvPage },
  ])('when $relPath is extracted, then no chrome is left: menu, breadcrumbs, language bars, sidebar, arrows, permalinks, footer', ({ relPath, html }) => {
    const body = innerHtml(extractApacheArticle(relPath, html).body);
    for (const chrome of ['Sitemap', 'Version 2.4', 'Available Languages', 'lang-toggle', 'quickview', 'See also', 'Known issues', 'up.gif', '&para;', '¶', 'Copyright', '<script', '<h1', 'directive-dict', 'module-dict']) {
      expect(body).not.toContain(chrome);
    }
  });

  it('when a summary table loses its label links, then the labels and values stay', () => {
    const body = innerHtml(extractApacheArticle('mod/mod_env.html', modEnvPage).body);
    expect(body).toContain('<th>Description:</th><td>Sets environment variables</td>');
  });

  it('when a page is not the httpd manual, then extraction fails loudly', () => {
    expect(() => extractApacheArticle('odd.html', '<html><body><div id="page-content"><h1>x</h1></div></body></html>')).toThrow(/odd\.html/);
  });

  it.each([
    { relPath: 'index.html', navigation: true },
    { relPath: 'howto/index.html', navigation: true },
    { relPath: 'mod/index.html', navigation: true },
    { relPath: 'mod/directives.html', navigation: true },
    { relPath: 'mod/quickreference.html', navigation: true },
    { relPath: 'mod/overrides.html', navigation: true },
    { relPath: 'sitemap.html', navigation: true },
    { relPath: 'glossary.html', navigation: false },
    { relPath: 'mod/core.html', navigation: false },
    { relPath: 'mod/directive-dict.html', navigation: false },
    { relPath: 'howto/cgi.html', navigation: false },
  ])('when the file is $relPath, then it is navigation: $navigation', ({ relPath, navigation }) => {
    expect(isApacheDocsNavigationPage(relPath)).toBe(navigation);
  });
});

describe('apache2-doc files', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'apache-docs-test-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('when the English folder holds a misfiled translation, then only the English pages are read', () => {
    mkdirSync(path.join(root, 'mod'));
    writeFileSync(path.join(root, 'env.html'), envPage);
    writeFileSync(path.join(root, 'mod', 'mod_env.html'), modEnvPage);
    writeFileSync(path.join(root, 'bind.html'), stub('Vinculando a Endere&ccedil;os e Portas', 'pt-br'));
    expect(readEnglishFiles(root).map((file) => file.relPath)).toEqual(['env.html', 'mod/mod_env.html']);
  });
});

describe('apache2-doc site to corpus pages', () => {
  const files: SourceFile[] = [
    { relPath: 'env.html', html: envPage },
    { relPath: 'mod/mod_env.html', html: modEnvPage },
    { relPath: 'mod/mod_setenvif.html', html: stub('Apache Module mod_setenvif') },
    { relPath: 'mod/directive-dict.html', html: stub('Terms Used to Describe Directives') },
    { relPath: 'mod/module-dict.html', html: stub('Terms Used to Describe Modules') },
    { relPath: 'howto/cgi.html', html: stub('Apache Tutorial: Dynamic Content with CGI') },
    { relPath: 'glossary.html', html: stub('Glossary') },
    { relPath: 'sitemap.html', html: stub('Sitemap') },
    { relPath: 'mod/index.html', html: stub('Module Index') },
  ];
  const pages = buildSitePages(files, APACHE_DOCS.domain, APACHE_DOCS.format);
  const d = APACHE_DOCS.domain;

  it('when the site is built, then the sitemap and the module index are left out', () => {
    expect(pages.map((page) => page.url.replace(d, '')).sort()).toEqual(
      ['env/', 'glossary/', 'howto/cgi/', 'mod/directive-dict/', 'mod/mod_env/', 'mod/mod_setenvif/', 'mod/module-dict/'],
    );
  });

  it('when a guide is built, then module and directive names are links in code and the sidebar "See also" is gone', () => {
    expect(pages.find((page) => page.url === `${d}env/`)?.links).toEqual([
      { targetUrl: `${d}mod/mod_env/`, anchorText: 'mod_env', inCode: true },
      { targetUrl: `${d}mod/mod_env/`, anchorText: 'SetEnv', inCode: true },
      { targetUrl: `${d}howto/cgi/`, anchorText: 'CGI how-to', inCode: false },
    ]);
  });

  it('when a module page is built, then the summary tables\' label links are not ground truth', () => {
    expect(pages.find((page) => page.url === `${d}mod/mod_env/`)?.links).toEqual([
      { targetUrl: `${d}env/`, anchorText: 'Environment Variables', inCode: false },
      { targetUrl: `${d}howto/cgi/`, anchorText: 'CGI scripts', inCode: false },
    ]);
  });
});
