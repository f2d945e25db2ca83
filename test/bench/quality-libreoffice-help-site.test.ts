import { describe, expect, it } from 'vitest';
import { isLibreOfficeDocsNavigationPage, LIBREOFFICE_DOCS } from '../../bench/quality/corpus/libreoffice-docs.js';
import { extractLibreOfficeHelpArticle, libreOfficeHelpFormat } from '../../bench/quality/corpus/libreoffice-help.js';
import { buildSitePages, type SourceFile } from '../../bench/quality/corpus/static-site.js';
import { innerHtml } from '../../bench/quality/html/dom.js';
import { analysePageText } from '../../bench/quality/html/page-text.js';

/** A page as LibreOffice's help compiler writes it: links from the help root through <base href>, chrome around #DisplayArea. */
function helpPage(relPath: string, title: string, content: string): string {
  const base = '../'.repeat(relPath.split('/').length - 1);
  return (
    `<!DOCTYPE html>\n<html lang="en-US" dir="ltr">\n<head>\n<base href="${base}">\n` +
    `<noscript><meta http-equiv="refresh" content="0; URL=${base}en-US/noscript.html"></noscript>\n<title>${title}</title>\n` +
    `<script type="text/javascript" src="help.js" defer></script></head>\n<body>\n` +
    `<header id="TopLeftHeader"><a class="symbol" href="en-US/text/shared/05/new_help.html"><div></div></a>` +
    `<a class="logo" href="en-US/text/shared/05/new_help.html"><p dir="auto">LibreOffice 7.4 Help</p></a></header>` +
    `<aside class="rightside"><label for="accordion-1" dir="auto">Contents</label><div id="Contents" class="contents-treeview"></div></aside>` +
    `<aside class="leftside"><div id="Index"><div class="index-label" dir="auto">Index</div></div></aside>` +
    `<div id="DisplayArea" itemprop="softwareHelp" itemscope="true" itemtype="http://schema.org/SoftwareApplication">\n${content}\n</div>\n` +
    `<div id="SearchFrame"></div>\n<footer><div id="DEBUG" class="debug">\n<h3 class="bug">Help content debug info:</h3>\n` +
    `<p dir="auto">This page is: <a href="https://opengrok.libreoffice.org/xref/help/source/text/x.xhp" target="_blank">/text/x.xhp</a></p>\n</div></footer>\n</body>\n</html>`
  );
}

const JAVA = 'en-US/text/shared/optionen/java.html';
const javaPage = helpPage(
  JAVA,
  'Advanced',
  '<a name="advanced"></a>\n<meta itemprop="keywords" content="Java,setting options">\n<h1 id="par_idN10558" dir="auto">Advanced</h1>\n' +
    '<p id="p1" class="paragraph" dir="auto">Specifies the support options for Java applications in LibreOffice.</p>\n' +
    '<div class="note">\n<div class="noteicon" dir="auto"><img src="media/icon-themes/res/helpimg/note.svg" alt="note"></div>\n' +
    '<div class="notetext"><p dir="auto">Choose <span id="sw1" class="switchinline"><span hidden="true" id="MACtextsharedx_1" class="MAC"><span class="emph">LibreOffice - Preferences</span></span>' +
    '<span hidden="true" id="defaulttextsharedx_1"><span class="emph">Tools - Options</span></span></span> to open the dialog.</p></div>\n</div>\n' +
    '<p id="p2" class="paragraph" dir="auto">Opens the <a target="_top" href="en-US/text/shared/optionen/javaparameters.html?DbPAR=WRITER#bm_1">Java Start Parameters</a> dialog, ' +
    'as the <span id="sw2" class="switchinline"><span hidden="true" id="WRITERtextsharedx_2" class="WRITER"><a target="_top" href="en-US/text/swriter/01/05140000.html">Styles window</a></span>' +
    '<span hidden="true" id="CALCtextsharedx_2" class="CALC"><a target="_top" href="en-US/text/scalc/01/05100000.html">Calc styles</a></span>' +
    '<span hidden="true" id="defaulttextsharedx_2">Styles window</span></span> does.</p>\n' +
    '<p><img src="media/screenshots/cui/ui/optadvancedpage/OptAdvancedPage.png" class="screenshot" alt="Options"></p>',
);

const GUIDE = 'en-US/text/swriter/guide/words_count.html';
const guidePage = helpPage(
  GUIDE,
  'Counting Words',
  '<a name="bm_id3149686"></a><meta itemprop="keywords" content="words, counting in text">\n<h1 id="hd_id3149686" dir="auto">\n<a name="words_count"></a>Counting Words\n</h1>\n' +
    '<p id="p3" class="paragraph" dir="auto">Word and character count is shown in the status bar; see <a target="_top" href="en-US/text/shared/optionen/java.html">Advanced</a>.</p>\n' +
    '<div class="embedded">\n<a name="related"></a>\n<p id="p4" class="related" dir="auto"><a name="related"></a><span class="emph">Related Topics</span>\n</p>\n</div>\n' +
    '<p id="p5" class="paragraph" dir="auto"><a target="_top" href="en-US/text/shared/01/01100400.html">File - Properties - Statistics</a></p>',
);

const untitledFunctionPage = helpPage(
  'en-US/text/scalc/01/func_second.html',
  'SECOND ',
  '<a name="func_second"></a>\n<h2 id="hd_1" dir="auto"><a name="Section1"></a>SECOND</h2>\n<p id="p6" class="paragraph" dir="auto">Returns the second for the given time value.</p>',
);

describe('LibreOffice help articles', () => {
  it.each([
    { kind: 'an options page', relPath: JAVA, html: javaPage, title: 'Advanced', firstText: 'Specifies the support options' },
    { kind: 'a how-to guide', relPath: GUIDE, html: guidePage, title: 'Counting Words', firstText: 'Word and character count' },
    { kind: 'a page titled only by <title>', relPath: 'en-US/text/scalc/01/func_second.html', html: untitledFunctionPage, title: 'SECOND', firstText: 'SECOND Returns the second' },
  ])('when the page is $kind, then the title is "$title" and the body starts with its own text', ({ relPath, html, title, firstText }) => {
    const extracted = extractLibreOfficeHelpArticle(relPath, html, 'WRITER');
    expect(extracted.title).toBe(title);
    const visibleText = analysePageText(innerHtml(extracted.body), LIBREOFFICE_DOCS.domain).visibleText.replace(/\n/g, ' ');
    expect(visibleText.slice(0, firstText.length)).toBe(firstText);
  });

  it('when a page is taken, then none of the viewer chrome, keyword tags, note icons or bookmark anchors is left', () => {
    const body = innerHtml(extractLibreOfficeHelpArticle(JAVA, javaPage, 'WRITER').body);
    for (const text of ['<h1', 'LibreOffice 7.4 Help', 'Contents', 'Index', 'debug info', '<meta', 'noteicon', 'note.svg', 'name="advanced"', 'DbPAR']) {
      expect(body).not.toContain(text);
    }
  });

  it.each([
    { application: 'WRITER', kept: ['Tools - Options', 'Styles window</a>', 'swriter/01/05140000'], dropped: ['Preferences', 'Calc styles', 'hidden'] },
    { application: 'CALC', kept: ['Tools - Options', 'Calc styles'], dropped: ['Preferences', 'swriter/01/05140000', 'hidden'] },
    { application: 'IMPRESS', kept: ['Tools - Options', 'Styles window does'], dropped: ['Preferences', 'Calc styles', 'swriter/01/05140000', 'hidden'] },
  ])('when the site is $application help, then each switch keeps its variant for $application or else the default', ({ application, kept, dropped }) => {
    const body = innerHtml(extractLibreOfficeHelpArticle(JAVA, javaPage, application).body).replace(/\s+/g, ' ');
    for (const text of kept) expect(body).toContain(text);
    for (const text of dropped) expect(body).not.toContain(text);
  });

  it('when a page is not LibreOffice help, then extraction fails loudly', () => {
    const format = libreOfficeHelpFormat('WRITER', () => false);
    expect(() => format.extractArticle('odd.html', '<html><body><div id="DisplayArea"><p>hello</p></div></body></html>')).toThrow(/odd\.html/);
  });

  it.each([
    { relPath: 'en-US/text/swriter/main0000.html', navigation: true },
    { relPath: 'en-US/text/swriter/main0101.html', navigation: true },
    { relPath: 'en-US/text/swriter/main0202.html', navigation: true },
    { relPath: 'en-US/text/swriter/guide/main.html', navigation: true },
    { relPath: 'en-US/text/shared/menu/forms.html', navigation: true },
    { relPath: 'en-US/text/shared/00/00000004.html', navigation: true },
    { relPath: 'en-US/text/swriter/00/00000404.html', navigation: true },
    { relPath: 'en-US/text/shared/06/svx_screenshots.html', navigation: true },
    { relPath: 'en-US/text/shared/00/00000005.html', navigation: false },
    { relPath: 'en-US/text/swriter/main0503.html', navigation: false },
    { relPath: 'en-US/text/swriter/guide/words_count.html', navigation: false },
    { relPath: 'en-US/text/shared/optionen/java.html', navigation: false },
  ])('when the file is $relPath, then it is navigation: $navigation', ({ relPath, navigation }) => {
    expect(isLibreOfficeDocsNavigationPage(relPath)).toBe(navigation);
  });
});

describe('LibreOffice help site to corpus pages', () => {
  const stub = (relPath: string, title: string): SourceFile => ({ relPath, html: helpPage(relPath, title, `<h1>${title}</h1><p>x</p>`) });
  const files: SourceFile[] = [
    { relPath: JAVA, html: javaPage },
    { relPath: GUIDE, html: guidePage },
    stub('en-US/text/shared/optionen/javaparameters.html', 'Java Start Parameters'),
    stub('en-US/text/swriter/01/05140000.html', 'Styles'),
    stub('en-US/text/shared/01/01100400.html', 'Statistics'),
    stub('en-US/text/swriter/main0000.html', 'Welcome to the LibreOffice Writer Help'),
  ];
  const pages = buildSitePages(files, LIBREOFFICE_DOCS.domain, LIBREOFFICE_DOCS.format);
  const linksOf = (path: string) => pages.find((page) => page.url === `https://libreoffice-docs.example.test/en-US/text/${path}`)?.links;

  it('when the site is built, then the welcome page is left out and permalinks follow the paths under the help root', () => {
    expect(pages.map((page) => page.url.replace('https://libreoffice-docs.example.test/en-US/text/', ''))).toEqual([
      'shared/01/01100400/',
      'shared/optionen/java/',
      'shared/optionen/javaparameters/',
      'swriter/01/05140000/',
      'swriter/guide/words_count/',
    ]);
  });

  it.each([
    {
      page: 'shared/optionen/java/',
      links: [
        { targetUrl: 'https://libreoffice-docs.example.test/en-US/text/shared/optionen/javaparameters/', anchorText: 'Java Start Parameters', inCode: false },
        { targetUrl: 'https://libreoffice-docs.example.test/en-US/text/swriter/01/05140000/', anchorText: 'Styles window', inCode: false },
      ],
    },
    {
      page: 'swriter/guide/words_count/',
      links: [
        { targetUrl: 'https://libreoffice-docs.example.test/en-US/text/shared/optionen/java/', anchorText: 'Advanced', inCode: false },
        { targetUrl: 'https://libreoffice-docs.example.test/en-US/text/shared/01/01100400/', anchorText: 'File - Properties - Statistics', inCode: false },
      ],
    },
  ])('when $page is built, then its links, written from the <base href>, point at the corpus pages they name', ({ page, links }) => {
    expect(linksOf(page)).toEqual(links);
  });

  it('when an image is referenced from the help root, then it becomes absolute on the fake domain', () => {
    expect(pages.find((page) => page.url.endsWith('/java/'))?.content).toContain(
      'src="https://libreoffice-docs.example.test/media/screenshots/cui/ui/optadvancedpage/OptAdvancedPage.png"',
    );
  });
});
