import { describe, expect, it } from 'vitest';
import { CMAKE_DOCS, isCmakeDocsNavigationPage } from '../../bench/quality/corpus/cmake-docs.js';
import { isSphinxDocsNavigationPage, SPHINX_DOCS } from '../../bench/quality/corpus/sphinx-docs.js';
import { buildSitePages, type SourceFile } from '../../bench/quality/corpus/static-site.js';
import { innerHtml } from '../../bench/quality/html/dom.js';

/** A page as Sphinx writes it: navigation around a main body. */
function sphinxPage(title: string, body: string): string {
  return (
    `<html><head><title>${title}</title></head><body>` +
    `<div class="related" role="navigation"><a href="genindex.html">index</a></div>` +
    `<div class="document"><div class="body" role="main"><section id="t"><h1>${title}<a class="headerlink" href="#t">¶</a></h1>${body}</section>` +
    `<div class="clearer"></div></div></div><div class="footer">© Copyright</div></body></html>`
  );
}

/** The local table of contents `.. contents::` writes with docutils before 0.18, with back-links on the headings. */
const OLD_CONTENTS =
  '<div class="contents topic" id="contents"><p class="topic-title">Contents</p><ul class="simple">' +
  '<li><p><a class="reference internal" href="#introduction" id="id1">Introduction</a></p></li></ul></div>';
const NEW_CONTENTS = '<nav class="contents local" id="contents"><ul class="simple"><li><p><a class="reference internal" href="#introduction" id="id1">Introduction</a></p></li></ul></nav>';

const manualPage = sphinxPage(
  'cmake-buildsystem(7)',
  OLD_CONTENTS +
    '<section id="introduction"><h2><a class="toc-backref" href="#id1">Introduction</a></h2>' +
    '<p>A CMake-based buildsystem is organized as a set of targets; see the <a class="reference internal" href="../command/project.html#command:project" title="project">' +
    '<code class="xref cmake cmake-command docutils literal notranslate"><span class="pre">project()</span></code></a> command and ' +
    '<a class="reference internal" href="../policy/CMP0100.html">the policy on header files</a>.</p></section>',
);

const policyPage = sphinxPage(
  'CMP0100',
  '<p>Let AUTOMOC process header files that end with a <code class="docutils literal notranslate"><span class="pre">.hh</span></code> extension.</p>' +
    '<div class="admonition note"><p class="admonition-title">Note</p><p>To silence the warning, see the <a class="reference internal" href="../manual/cmake-buildsystem.7.html">buildsystem</a>.</p></div>' +
    '<p>This policy was introduced in CMake version 3.17.0.  CMake version\n3.25.1 warns when the policy is not set and uses <code class="docutils literal notranslate"><span class="pre">OLD</span></code> behavior.\n' +
    'Use the <a class="reference internal" href="../command/cmake_policy.html#command:cmake_policy" title="cmake_policy"><code class="xref cmake cmake-command docutils literal notranslate">' +
    '<span class="pre">cmake_policy()</span></code></a> command to set it to <code class="docutils literal notranslate"><span class="pre">OLD</span></code> or <code>NEW</code>\nexplicitly.</p>' +
    '<div class="admonition note"><p class="admonition-title">Note</p><p>The <code class="docutils literal notranslate"><span class="pre">OLD</span></code> behavior of a policy is\n' +
    '<a class="reference internal" href="../manual/cmake-policies.7.html#manual:cmake-policies(7)" title="cmake-policies(7)"><code class="xref cmake cmake-manual docutils literal notranslate">' +
    '<span class="pre">deprecated</span> <span class="pre">by</span> <span class="pre">definition</span></code></a>\nand may be removed in a future version of CMake.</p></div>',
);

describe('CMake documentation', () => {
  const stub = (relPath: string, title: string): SourceFile => ({ relPath, html: sphinxPage(title, '<p>x</p>') });
  const files: SourceFile[] = [
    { relPath: 'manual/cmake-buildsystem.7.html', html: manualPage },
    { relPath: 'policy/CMP0100.html', html: policyPage },
    stub('command/project.html', 'project'),
    stub('command/cmake_policy.html', 'cmake_policy'),
    stub('manual/cmake-policies.7.html', 'cmake-policies(7)'),
    stub('index.html', 'CMake Reference Documentation'),
    stub('release/index.html', 'CMake Release Notes'),
  ];
  const pages = buildSitePages(files, CMAKE_DOCS.domain, CMAKE_DOCS.format);
  const page = (slug: string) => pages.find((candidate) => candidate.url === `https://cmake-docs.example.test/${slug}`);

  it('when the site is built, then the landing page and the release-notes list are left out', () => {
    expect(pages.map((candidate) => candidate.url.replace(CMAKE_DOCS.domain, ''))).toEqual([
      'command/cmake_policy/',
      'command/project/',
      'manual/cmake-buildsystem.7/',
      'manual/cmake-policies.7/',
      'policy/CMP0100/',
    ]);
  });

  it('when a manual has a local table of contents, then the list goes and its headings keep their text without the back-link', () => {
    const content = page('manual/cmake-buildsystem.7/')?.content ?? '';
    expect(content).not.toMatch(/class="contents|topic-title|toc-backref|headerlink/);
    expect(content).toContain('<h2>Introduction</h2>');
  });

  it('when a policy page ends with the standard advice and deprecation note, then both go and the page\'s own note stays', () => {
    const content = page('policy/CMP0100/')?.content ?? '';
    expect(content).not.toMatch(/was introduced in CMake version|cmake_policy|deprecated/);
    expect(content).toContain('To silence the warning');
    expect(page('policy/CMP0100/')?.links).toEqual([
      { targetUrl: 'https://cmake-docs.example.test/manual/cmake-buildsystem.7/', anchorText: 'buildsystem', inCode: false },
    ]);
  });

  it('when a manual links a command in code and a policy in prose, then both are human links', () => {
    expect(page('manual/cmake-buildsystem.7/')?.links).toEqual([
      { targetUrl: 'https://cmake-docs.example.test/command/project/', anchorText: 'project()', inCode: true },
      { targetUrl: 'https://cmake-docs.example.test/policy/CMP0100/', anchorText: 'the policy on header files', inCode: false },
    ]);
  });

  it.each([
    { relPath: 'index.html', navigation: true },
    { relPath: 'genindex.html', navigation: true },
    { relPath: 'search.html', navigation: true },
    { relPath: 'release/index.html', navigation: true },
    { relPath: 'manual/cpack-generators.7.html', navigation: true },
    { relPath: 'release/3.25.html', navigation: false },
    { relPath: 'manual/cmake-variables.7.html', navigation: false },
    { relPath: 'variable/CMAKE_BUILD_TYPE.html', navigation: false },
  ])('when the file is $relPath, then it is navigation: $navigation', ({ relPath, navigation }) => {
    expect(isCmakeDocsNavigationPage(relPath)).toBe(navigation);
  });
});

describe('Sphinx documentation', () => {
  it('when a page has a newer docutils local table of contents, then it goes too', () => {
    const html = sphinxPage('Internationalization', NEW_CONTENTS + '<section id="introduction"><h2><a class="toc-backref" href="#id1" role="doc-backlink">Introduction</a></h2><p>Text.</p></section>');
    const body = innerHtml(SPHINX_DOCS.format.extractArticle('usage/advanced/intl.html', html).body);
    expect(body).not.toMatch(/<nav|toc-backref|Contents/);
    expect(body).toContain('<h2>Introduction</h2>');
  });

  it.each([
    { relPath: 'index.html', navigation: true },
    { relPath: 'contents.html', navigation: true },
    { relPath: 'genindex.html', navigation: true },
    { relPath: 'py-modindex.html', navigation: true },
    { relPath: 'search.html', navigation: true },
    { relPath: 'usage/quickstart.html', navigation: false },
    { relPath: 'usage/index.html', navigation: false },
    { relPath: 'glossary.html', navigation: false },
  ])('when the file is $relPath, then it is navigation: $navigation', ({ relPath, navigation }) => {
    expect(isSphinxDocsNavigationPage(relPath)).toBe(navigation);
  });
});
