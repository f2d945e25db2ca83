import { describe, expect, it } from 'vitest';
import { sphinxFormat } from '../../bench/quality/corpus/sphinx-site.js';
import { buildSitePages, permalinkFor, type SourceFile } from '../../bench/quality/corpus/static-site.js';
import { buildVariant, targetsToRemove } from '../../bench/quality/corpus/variants.js';
import type { Corpus, CorpusPage } from '../../bench/quality/corpus/types.js';

const DOMAIN = 'https://docs.example.test/';

/** A page as Sphinx writes it: navigation around a main body. */
function sphinxPage(title: string, body: string): string {
  return (
    `<html><head><title>${title} — Python docs</title></head><body>` +
    `<div class="related"><a href="../genindex.html">index</a></div>` +
    `<div class="document"><div class="body" role="main"><section><h1>${title}<a class="headerlink" href="#t">¶</a></h1>${body}</section></div></div>` +
    `<div class="footer"><a href="../copyright.html">Copyright</a></div></body></html>`
  );
}

const files: SourceFile[] = [
  {
    relPath: 'library/json.html',
    html: sphinxPage(
      'json — JSON encoder',
      '<p>Compare with <a class="reference internal" href="pickle.html#module-pickle"><code class="xref">pickle</code></a>, ' +
        'read <a href="../tutorial/index.html#io">the input and output tutorial</a>, see <a href="#basic">below</a>, ' +
        '<a href="json.html">this page</a>, <a href="../genindex.html">the index</a> and <a href="https://www.json.org/">json.org</a>.</p>' +
        '<div class="toctree-wrapper"><ul><li><a href="pickle.html">pickle</a></li></ul></div><img src="../_images/logo.png">',
    ),
  },
  { relPath: 'library/pickle.html', html: sphinxPage('pickle', '<p>See <a href="json.html">json</a>.</p>') },
  { relPath: 'tutorial/index.html', html: sphinxPage('The Tutorial', '<p>Start here.</p>') },
  { relPath: 'genindex.html', html: sphinxPage('Index', '<p><a href="library/json.html">json</a></p>') },
];
const isNavigationPage = (relPath: string): boolean => relPath.startsWith('genindex');

describe('Sphinx site to corpus pages', () => {
  it.each([
    { relPath: 'library/json.html', url: 'https://docs.example.test/library/json/' },
    { relPath: 'tutorial/index.html', url: 'https://docs.example.test/tutorial/' },
    { relPath: 'index.html', url: 'https://docs.example.test/' },
  ])('when the file is $relPath, then its permalink is $url', ({ relPath, url }) => {
    expect(permalinkFor(relPath, DOMAIN)).toBe(url);
  });

  const pages = buildSitePages(files, DOMAIN, sphinxFormat(isNavigationPage));
  const json = pages.find((page) => page.url.endsWith('/library/json/'));

  it('when navigation pages are named, then they are left out and the rest keep a stable order', () => {
    expect(pages.map((page) => page.url)).toEqual([
      'https://docs.example.test/library/json/',
      'https://docs.example.test/library/pickle/',
      'https://docs.example.test/tutorial/',
    ]);
  });

  it('when a body is taken, then the title comes from its h1 and navigation, toctree and pilcrows are gone', () => {
    expect(json?.title).toBe('json — JSON encoder');
    expect(json?.content).not.toMatch(/<h1|headerlink|toctree|Copyright|related/);
    expect(json?.content).toContain('src="https://docs.example.test/_images/logo.png"');
  });

  it('when links are recorded, then only other corpus pages count, fragments collapse and code anchors are marked', () => {
    expect(json?.links).toEqual([
      { targetUrl: 'https://docs.example.test/library/pickle/', anchorText: 'pickle', inCode: true },
      { targetUrl: 'https://docs.example.test/tutorial/', anchorText: 'the input and output tutorial', inCode: false },
    ]);
    expect(json?.content).toContain('href="https://docs.example.test/tutorial/#io"');
  });
});

describe('variants', () => {
  const link = (target: string, text: string): string => `<a href="https://docs.example.test/${target}/">${text}</a>`;
  const page: CorpusPage = {
    url: 'https://docs.example.test/source/',
    title: 'Source',
    content: `<p>${link('a', '<code>a</code>')} ${link('b', 'bee')} ${link('c', 'sea')} ${link('b', 'bee again')} ${link('source', 'self')}</p>`,
    links: ['a', 'b', 'c', 'b'].map((t) => ({ targetUrl: `https://docs.example.test/${t}/`, anchorText: t, inCode: false })),
  };
  const targets = ['a', 'b', 'c'].map((t): CorpusPage => ({ url: `https://docs.example.test/${t}/`, title: t, content: '<p>x</p>', links: [] }));
  const corpus: Corpus = { formatVersion: 1, packageName: 'test', packageVersion: '1', domain: DOMAIN, pages: [page, ...targets] };

  it('when every link is removed, then links to corpus pages are unwrapped keeping their markup and become the truth', () => {
    const source = buildVariant(corpus, 'all-removed').pages[0];
    expect(source?.content).toBe('<p><code>a</code> bee sea bee again <a href="https://docs.example.test/source/">self</a></p>');
    expect([...(source?.truth.keys() ?? [])]).toHaveLength(3);
    expect(source?.truth.get('https://docs.example.test/b/')).toEqual([
      { text: 'bee', inCode: false },
      { text: 'bee again', inCode: false },
    ]);
    expect(source?.truth.get('https://docs.example.test/a/')).toEqual([{ text: 'a', inCode: true }]);
  });

  it('when half is removed, then half the targets (rounded up) are truth, the rest stay linked, and the choice is repeatable', () => {
    const source = buildVariant(corpus, 'half-removed').pages[0];
    expect(source?.truth.size).toBe(2);
    expect(source?.keptTargets.size).toBe(1);
    const kept = [...(source?.keptTargets ?? [])][0] ?? '';
    expect(source?.content).toContain(`href="${kept}"`);
    expect(targetsToRemove(page, 'half-removed')).toEqual(targetsToRemove(structuredClone(page), 'half-removed'));
  });
});
