import { describe, expect, it } from 'vitest';
import { IKIWIKI_DOCS, isIkiwikiDocsNavigationPage } from '../../bench/quality/corpus/ikiwiki-docs.js';
import { extractIkiwikiArticle } from '../../bench/quality/corpus/ikiwiki-site.js';
import { buildSitePages, type SourceFile } from '../../bench/quality/corpus/static-site.js';
import { innerHtml } from '../../bench/quality/html/dom.js';
import { analysePageText } from '../../bench/quality/html/page-text.js';

/** A page as ikiwiki's default page.tmpl writes it: header with parent links and title, content, backlinks footer. */
function ikiwikiPage(relPath: string, title: string, content: string): string {
  const up = '../'.repeat(relPath.split('/').length - 1) || './';
  return (
    `<!DOCTYPE html>\n<html xmlns="http://www.w3.org/1999/xhtml">\n<head>\n<meta http-equiv="Content-Type" content="text/html; charset=utf-8" />\n` +
    `<title>${title}</title>\n<link rel="stylesheet" href="${up}style.css" type="text/css" />\n</head>\n<body>\n<div class="page">\n` +
    `<div class="pageheader">\n<div class="header">\n<span>\n<span class="parentlinks">\n<a href="${up}index.html">ikiwiki</a>/ \n</span>\n` +
    `<span class="title">\n${title}\n\n</span>\n</span>\n</div>\n</div>\n<div id="pagebody">\n<div id="content" role="main">\n${content}\n</div>\n</div>\n` +
    `<div id="footer" class="pagefooter" role="contentinfo">\n<div id="pageinfo">\n<div id="backlinks">\nLinks:\n<a href="${up}index.html">index</a>\n` +
    `<a href="${up}sitemap.html">sitemap</a>\n</div>\n<div class="pagedate">\nLast edited <span class="date">Sun Feb  2 20:23:50 2020</span>\n</div>\n</div>\n` +
    `<!-- from ikiwiki -->\n</div>\n</div>\n</body>\n</html>`
  );
}

const PLUGIN_INFOBOX =
  '<p><span class="infobox">\nPlugin: aggregate<br />\nAuthor: <span class="createlink">Joey</span><br />\nIncluded in ikiwiki: yes<br />\n' +
  'Included in <a href="./goodstuff.html">goodstuff</a>: no<br />\nCurrently enabled: no<br />\n</span></p>\n';

const pluginPage = ikiwikiPage(
  'plugins/aggregate.html',
  'aggregate',
  PLUGIN_INFOBOX +
    '<p>This plugin allows content from other feeds to be aggregated into the wiki. To specify feeds to aggregate, use the\n' +
    '<a href="../ikiwiki/directive/aggregate.html">aggregate</a> <a href="../ikiwiki/directive.html">directive</a>.</p>\n' +
    '<p>The <a href="./meta.html">meta</a> plugin is recommended; <span class="createlink">TODO</span> items list more.</p>',
);

const featuresPage = ikiwikiPage(
  'features.html',
  'features',
  '<p>An overview of some of ikiwiki\'s features:</p>\n<div class="toc">\n\t<ol>\n\t\t<li class="L2"><a href="#index1h2">Uses a real RCS</a>\n\t\t</li>\n\t</ol>\n</div>\n' +
    '<h2><a name="index1h2"></a>Uses a real RCS</h2>\n<p>Rather than implement its own system, ikiwiki uses a real <a href="./rcs.html">Revision Control System</a>.</p>\n' +
    '<div class="map">\n<ul>\n<li>\n<a href="./plugins/aggregate.html" class="mapitem">aggregate</a>\n</li>\n</ul>\n</div>\n' +
    '<div class="pagecloud">\n<span class="smallPC"><a href="./plugins/type/auth.html">auth</a></span>\n</div>\n' +
    '<div  class="feedlink">\n</div>\n<div class="archivepage">\n<a href="./tips/nginx.html">nginx</a><br />\n' +
    '<span class="archivepagedate">\nPosted <span class="date">Sun Feb  2 20:23:50 2020</span>\n</span>\n</div>\n' +
    '<div class="inlinepage">\n<div class="inlineheader">\n<span class="header">\n<a href="./quotes/pizza.html">pizza</a>\n</span>\n</div>\n' +
    '<div class="inlinecontent">\n<blockquote><p>Best. Wiki. Ever.</p></blockquote>\n</div>\n</div>',
);

const brokenLinksPage = ikiwikiPage(
  'plugins/brokenlinks.html',
  'brokenlinks',
  '<p>If this plugin is turned on, here\'s a list of broken links on this wiki:</p>\n<ul>\n' +
    '<li><span class="createlink">Albert</span> from <a href="../tips/nginx.html">nginx</a></li>\n' +
    '<li><span class="createlink">Ben</span> from <a href="./aggregate.html">aggregate</a>, <a href="../features.html">features</a></li>\n</ul>\n' +
    '<p>Unlike <span class="error">Error: cannot parse date/time</span> this list is generated.</p>\n<ul>\n<li><a href="./aggregate.html">aggregate</a> keeps its links</li>\n</ul>',
);

const gitbranchPage = ikiwikiPage(
  'rcs/cvs.html',
  'cvs',
  '<div class="infobox">\nAvailable in a <a href="../git.html">git</a> repository <a href="../branches.html">branch</a>.<br />\nBranch: schmonz/cvs<br />\n</div>\n' +
    '<p>If you really need to, you can use CVS with ikiwiki.</p>',
);

describe('ikiwiki articles', () => {
  it.each([
    { kind: 'a plugin page', relPath: 'plugins/aggregate.html', html: pluginPage, title: 'aggregate', firstText: 'This plugin allows content' },
    { kind: 'a page with a toc directive', relPath: 'features.html', html: featuresPage, title: 'features', firstText: "An overview of some of ikiwiki's features: Uses a real RCS Rather" },
    { kind: 'a page with a branch template', relPath: 'rcs/cvs.html', html: gitbranchPage, title: 'cvs', firstText: 'If you really need to' },
  ])('when the page is $kind, then the title is "$title" and the body starts with its own text', ({ relPath, html, title, firstText }) => {
    const extracted = extractIkiwikiArticle(relPath, html);
    expect(extracted.title).toBe(title);
    const visibleText = analysePageText(innerHtml(extracted.body), IKIWIKI_DOCS.domain).visibleText.replace(/\n/g, ' ');
    expect(visibleText.slice(0, firstText.length)).toBe(firstText);
  });

  it.each([
    { kind: 'a plugin page', relPath: 'plugins/aggregate.html', html: pluginPage, chrome: ['infobox', 'Plugin: aggregate', 'goodstuff', 'parentlinks', 'Links:', 'Last edited'] },
    { kind: 'a page with directives', relPath: 'features.html', html: featuresPage, chrome: ['class="toc"', 'mapitem', 'pagecloud', 'feedlink', 'archivepage', 'nginx', 'inlinepage', 'Best. Wiki.'] },
    { kind: 'the broken-links page', relPath: 'plugins/brokenlinks.html', html: brokenLinksPage, chrome: ['Albert', 'from', 'nginx', 'features', 'Error:'] },
    { kind: 'a page with a branch template', relPath: 'rcs/cvs.html', html: gitbranchPage, chrome: ['Available in a', 'schmonz', 'branches.html'] },
  ])('when the page is $kind, then none of its generated chrome $chrome is left in the body', ({ relPath, html, chrome }) => {
    const body = innerHtml(extractIkiwikiArticle(relPath, html).body);
    for (const text of chrome) expect(body).not.toContain(text);
  });

  it('when a list merely looks like prose with links, then it stays (only the broken-links list shape goes)', () => {
    expect(innerHtml(extractIkiwikiArticle('plugins/brokenlinks.html', brokenLinksPage).body)).toContain('keeps its links');
  });

  it('when a page is not ikiwiki output, then extraction fails loudly', () => {
    expect(() => extractIkiwikiArticle('odd.html', '<html><body><div id="content" role="main"><p>hello</p></div></body></html>')).toThrow(/odd\.html/);
  });

  it.each([
    { relPath: 'index.html', navigation: true },
    { relPath: 'sitemap.html', navigation: true },
    { relPath: 'recentchanges.html', navigation: true },
    { relPath: 'plugins.html', navigation: true },
    { relPath: 'plugins/type/auth.html', navigation: true },
    { relPath: 'templates/note.html', navigation: true },
    { relPath: 'tips.html', navigation: true },
    { relPath: 'ikiwiki/directive/copy.html', navigation: true },
    { relPath: 'features.html', navigation: false },
    { relPath: 'templates.html', navigation: false },
    { relPath: 'plugins/aggregate.html', navigation: false },
    { relPath: 'tips/nginx.html', navigation: false },
  ])('when the file is $relPath, then it is navigation: $navigation', ({ relPath, navigation }) => {
    expect(isIkiwikiDocsNavigationPage(relPath)).toBe(navigation);
  });
});

describe('ikiwiki site to corpus pages', () => {
  const stub = (relPath: string, title: string): SourceFile => ({ relPath, html: ikiwikiPage(relPath, title, '<p>x</p>') });
  const files: SourceFile[] = [
    { relPath: 'plugins/aggregate.html', html: pluginPage },
    { relPath: 'features.html', html: featuresPage },
    { relPath: 'plugins/brokenlinks.html', html: brokenLinksPage },
    stub('ikiwiki/directive/aggregate.html', 'aggregate'),
    stub('ikiwiki/directive.html', 'directive'),
    stub('plugins/meta.html', 'meta'),
    stub('plugins/goodstuff.html', 'goodstuff'),
    stub('rcs.html', 'rcs'),
    stub('tips/nginx.html', 'nginx'),
    stub('index.html', 'ikiwiki'),
    stub('sitemap.html', 'sitemap'),
  ];
  const pages = buildSitePages(files, IKIWIKI_DOCS.domain, IKIWIKI_DOCS.format);
  const linksOf = (slug: string) => pages.find((page) => page.url === `https://ikiwiki-docs.example.test/${slug}`)?.links;

  it('when the site is built, then the front page and the site map are left out and permalinks follow the file paths', () => {
    expect(pages.map((page) => page.url)).toEqual(
      ['features/', 'ikiwiki/directive/', 'ikiwiki/directive/aggregate/', 'plugins/aggregate/', 'plugins/brokenlinks/', 'plugins/goodstuff/', 'plugins/meta/', 'rcs/', 'tips/nginx/'].map(
        (slug) => `https://ikiwiki-docs.example.test/${slug}`,
      ),
    );
  });

  it.each([
    {
      page: 'plugins/aggregate/',
      links: [
        { targetUrl: 'https://ikiwiki-docs.example.test/ikiwiki/directive/aggregate/', anchorText: 'aggregate', inCode: false },
        { targetUrl: 'https://ikiwiki-docs.example.test/ikiwiki/directive/', anchorText: 'directive', inCode: false },
        { targetUrl: 'https://ikiwiki-docs.example.test/plugins/meta/', anchorText: 'meta', inCode: false },
      ],
    },
    { page: 'features/', links: [{ targetUrl: 'https://ikiwiki-docs.example.test/rcs/', anchorText: 'Revision Control System', inCode: false }] },
    { page: 'plugins/brokenlinks/', links: [{ targetUrl: 'https://ikiwiki-docs.example.test/plugins/aggregate/', anchorText: 'aggregate', inCode: false }] },
  ])('when $page is built, then its human links are the wiki links its author wrote (not the info box, map, inlines or generated lists)', ({ page, links }) => {
    expect(linksOf(page)).toEqual(links);
  });
});
