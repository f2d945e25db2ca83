import { describe, expect, it } from 'vitest';
import { FISH_DOCS, isFishDocsNavigationPage } from '../../bench/quality/corpus/fish-docs.js';
import { buildSitePages, type SourceFile } from '../../bench/quality/corpus/static-site.js';

/** A page as Sphinx writes it for fish: related bars, a sidebar with the global toctree and search, the body, a footer. */
function fishPage(relPath: string, title: string, body: string): string {
  const up = relPath.includes('/') ? '../' : '';
  const related =
    `<div class="related" role="navigation" aria-label="related navigation"><h3>Navigation</h3><ul>` +
    `<li class="right"><a href="${up}genindex.html" title="General Index">index</a></li>` +
    `<li><a href="${up}index.html">fish-shell 3.6.0 documentation</a> &#187;</li><li><a href="${up}commands.html" accesskey="U">Commands</a> &#187;</li></ul></div>`;
  return (
    `<!DOCTYPE html>\n<html lang="en">\n<head><meta charset="utf-8" />\n<meta name="generator" content="Docutils 0.19: https://docutils.sourceforge.io/" />\n` +
    `<title>${title} &#8212; fish-shell 3.6.0 documentation</title></head><body>\n${related}\n` +
    `<div class="sphinxsidebar" role="navigation" aria-label="main navigation"><div class="sphinxsidebarwrapper">` +
    `<ul><li class="toctree-l1"><a class="reference internal" href="${up}tutorial.html">Tutorial</a></li>` +
    `<li class="toctree-l1"><a class="reference internal" href="${up}language.html">The fish language</a></li></ul>` +
    `<div id="searchbox" role="search"><form class="search" action="${up}search.html" method="get"><input type="text" name="q" /></form></div></div></div>\n` +
    `<div class="documentwrapper"><div class="bodywrapper"><div class="body" role="main">\n<section id="s">\n` +
    `<h1>${title}<a class="headerlink" href="#s" title="Permalink to this heading">¶</a></h1>\n${body}\n</section>\n</div></div></div>\n` +
    `${related}\n<div class="footer">&#169; Copyright 2022, fish-shell developers.</div>\n</body></html>`
  );
}

const andPage = fishPage(
  'cmds/and.html',
  'and - conditionally execute a command',
  '<section id="description">\n<h2>Description<a class="headerlink" href="#description" title="Permalink to this heading">¶</a></h2>\n' +
    '<p><code class="docutils literal notranslate"><span class="pre">and</span></code> is used to execute a command if the previous command was successful ' +
    '(see <a class="reference internal" href="../language.html#variables-status"><span class="std std-ref">The status variable</span></a>).</p>\n' +
    '<p>See also <a class="reference internal" href="or.html"><span class="doc">or</span></a>.</p>\n</section>',
);

const commandsPage = fishPage(
  'commands.html',
  'Commands',
  '<p>Core language keywords that make up the syntax, like</p>\n<ul class="simple">\n' +
    '<li><p><a class="reference internal" href="cmds/and.html"><span class="doc">and</span></a> to combine commands logically.</p></li>\n</ul>\n' +
    '<div class="toctree-wrapper compound">\n<ul>\n<li class="toctree-l1"><a class="reference internal" href="cmds/or.html">or - conditionally execute a command</a></li>\n</ul>\n</div>',
);

describe('fish-common site to corpus pages', () => {
  const files: SourceFile[] = [
    { relPath: 'cmds/and.html', html: andPage },
    { relPath: 'commands.html', html: commandsPage },
    { relPath: 'cmds/or.html', html: fishPage('cmds/or.html', 'or - conditionally execute a command', '<p>x</p>') },
    { relPath: 'language.html', html: fishPage('language.html', 'The fish language', '<p>x</p>') },
    { relPath: 'index.html', html: fishPage('index.html', 'Introduction', '<p>This is the documentation for fish.</p>') },
    { relPath: 'genindex.html', html: fishPage('genindex.html', 'Index', '<p>x</p>') },
    { relPath: 'search.html', html: fishPage('search.html', 'Search', '<p>x</p>') },
  ];
  const pages = buildSitePages(files, FISH_DOCS.domain, FISH_DOCS.format);
  const d = FISH_DOCS.domain;
  const page = (slug: string) => pages.find((candidate) => candidate.url === `${d}${slug}`);

  it('when the site is built, then the index and search pages are left out and the introduction is the front page', () => {
    expect(pages.map((p) => p.url.replace(d, '')).sort()).toEqual(['', 'cmds/and/', 'cmds/or/', 'commands/', 'language/']);
    expect(page('')?.title).toBe('Introduction');
  });

  it('when a command page is built, then its title is its h1 and its chrome (related bars, sidebar, footer, pilcrows) is gone', () => {
    expect(page('cmds/and/')?.title).toBe('and - conditionally execute a command');
    const body = page('cmds/and/')?.content ?? '';
    for (const chrome of ['<h1', '¶', 'Navigation', 'searchbox', 'Tutorial', 'Copyright', 'genindex']) expect(body).not.toContain(chrome);
  });

  it.each([
    {
      slug: 'cmds/and/',
      links: [
        { targetUrl: 'https://fish-docs.example.test/language/', anchorText: 'The status variable', inCode: false },
        { targetUrl: 'https://fish-docs.example.test/cmds/or/', anchorText: 'or', inCode: false },
      ],
    },
    { slug: 'commands/', links: [{ targetUrl: 'https://fish-docs.example.test/cmds/and/', anchorText: 'and', inCode: false }] },
  ])('when $slug is built, then its links are the ones in its text (not the generated toctree)', ({ slug, links }) => {
    expect(page(slug)?.links).toEqual(links);
  });

  it.each([
    { relPath: 'genindex.html', navigation: true },
    { relPath: 'search.html', navigation: true },
    { relPath: 'index.html', navigation: false },
    { relPath: 'commands.html', navigation: false },
    { relPath: 'cmds/set.html', navigation: false },
  ])('when the file is $relPath, then it is navigation: $navigation', ({ relPath, navigation }) => {
    expect(isFishDocsNavigationPage(relPath)).toBe(navigation);
  });
});
