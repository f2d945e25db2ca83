import { describe, expect, test } from 'vitest';
import { analyzePage } from '../../bridge/src/engine/page-analysis.js';

const page = (title: string, html: string) => analyzePage({ url: 'https://docs.example/p', title, html });

describe('analyzePage', () => {
  test('when the title has a site-name suffix and numbering, then the clean title and its phrase drop them', () => {
    const analysis = page('3.1. The Boot Loader – Docs', '<p>text</p>');
    expect(analysis.cleanTitle).toBe('The Boot Loader');
    expect(analysis.keyphrases[0]).toEqual({ kind: 'title', stems: ['boot', 'loader'] });
  });

  test('when the title has a subtitle, then its head is a phrase of its own', () => {
    const analysis = page('os.path — Common pathname manipulations — Python docs', '<p>text</p>');
    expect(analysis.keyphrases).toContainEqual({ kind: 'title-part', stems: ['os', 'path'] });
  });

  test('when the page has headings, then h1–h3 become phrases and deeper ones do not', () => {
    const analysis = page('Page', '<h2>Kernel modules</h2><h4>Minor detail</h4><p>text</p>');
    expect(analysis.keyphrases).toContainEqual({ kind: 'heading', stems: ['kernel', 'modul'] });
    expect(analysis.keyphrases.some((phrase) => phrase.stems.includes('minor'))).toBe(false);
  });

  test('when the body repeats a word pair, then it is no phrase of the page: only titles and headings name it', () => {
    const analysis = page('Page', '<p>The package manager works. A package manager helps.</p>');
    expect(analysis.keyphrases.map((phrase) => phrase.kind)).toEqual(['title']);
  });

  test('when elements carry ids, then each id is a definition phrase of the page', () => {
    const analysis = page('json — JSON encoder – Docs', '<dl><dt id="json.dumps">json.dumps(obj)</dt></dl>');
    expect(analysis.keyphrases).toContainEqual({ kind: 'definition', stems: ['json', 'dump'] });
  });

  test('when stems are counted, then stopwords are left out and title words weigh more than body words', () => {
    const analysis = page('Kernel', '<p>The kernel and the modules.</p>');
    const count = (stem: string) => analysis.stemCounts[analysis.stems.indexOf(stem)];
    expect(analysis.stems).not.toContain('the');
    expect(count('kernel')).toBeGreaterThan(count('modul')!);
    expect(analysis.tokenCount).toBe(2);
  });

  test('when the content has links, then every href is returned with its text', () => {
    expect(page('Page', '<p>See <a href="/a">the A page</a>.</p>').links).toEqual([{ href: '/a', anchorText: 'the A page' }]);
  });
});
