import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TfidfCosineBaseline } from '../../bench/quality/baselines/tfidf-cosine.js';
import { TitleWordMatchBaseline } from '../../bench/quality/baselines/title-word-match.js';
import type { BaselinePage } from '../../bench/quality/baselines/types.js';
import { baselineWords, ENGLISH_WORDS } from '../../bench/quality/baselines/words.js';
import { debianReferenceFormat, splitDebianReferenceChapters } from '../../bench/quality/corpus/debian-reference-site.js';
import { LANGUAGE_CORPUS_SOURCES, selectLanguageSources } from '../../bench/quality/corpus/language-sources.js';
import { isLibreOfficeDeNavigationPage, readLibreOfficeDeWriterFiles } from '../../bench/quality/corpus/libreoffice-de-docs.js';
import { withLiteralCharacters } from '../../bench/quality/corpus/literal-characters.js';
import { CORPUS_SOURCES } from '../../bench/quality/corpus/sources.js';
import { buildSitePages } from '../../bench/quality/corpus/static-site.js';
import { analysePageText } from '../../bench/quality/html/page-text.js';

function page(slug: string, title: string, html: string): BaselinePage {
  const url = `https://docs.example.test/${slug}/`;
  return { url, title, text: analysePageText(html, url) };
}

describe('sites in other languages', () => {
  it('when the language sites are listed, then none is among the English sites the model is fitted on, and each names its language', () => {
    const fitted = new Set(CORPUS_SOURCES.map((source) => source.id));
    for (const source of LANGUAGE_CORPUS_SOURCES) {
      expect(fitted.has(source.id)).toBe(false);
      expect(source.language).toMatch(/^[a-z]{2}(-[A-Z]{2})?$/);
      if (source.englishTwin !== undefined) expect(fitted.has(source.englishTwin)).toBe(true);
    }
    expect(selectLanguageSources('libreoffice-de').map((source) => source.id)).toEqual(['libreoffice-de']);
    expect(() => selectLanguageSources('python')).toThrow(/unknown language corpus/);
  });

  it("when German help pages are sorted, then the same pages are navigation as in the English help's layout", () => {
    expect(isLibreOfficeDeNavigationPage('de/text/swriter/main0000.html')).toBe(true);
    expect(isLibreOfficeDeNavigationPage('de/text/shared/00/00000004.html')).toBe(true);
    expect(isLibreOfficeDeNavigationPage('de/text/shared/00/00000002.html')).toBe(false);
    expect(isLibreOfficeDeNavigationPage('de/text/swriter/guide/autocorr_except.html')).toBe(false);
    expect(typeof readLibreOfficeDeWriterFiles).toBe('function');
  });

  it('when a page writes letters beyond ASCII as references, then they become the letters and ASCII references stay', () => {
    expect(withLiteralCharacters('<p>schlie&#xdf;en &#xF6;ffnen &#252;ber &lt;b&gt; &#x3c; &amp; &#x9f; &#xd800;</p>')).toBe(
      '<p>schließen öffnen über &lt;b&gt; &#x3c; &amp; &#x9f; &#xd800;</p>',
    );
  });
});

/** A DocBook section as the Debian Reference's XHTML writes it: its own title block, then its content. */
const section = (level: number, id: string, title: string, content: string) =>
  `<div class="section"><div class="titlepage"><div><div><h${level} class="title"><a id="${id}"/>${title}</h${level}></div></div></div>${content}</div>`;

describe('the Debian Reference, one page per section', () => {
  it('when chapters are split, then each section of the first two levels is a page, deeper ones stay inside, and cross-references link pages', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'debian-reference-'));
    try {
      writeFileSync(
        path.join(root, 'ch01.de.html'),
        `<html><body><div class="chapter"><div class="titlepage"><h1 class="title"><a id="_one"/>Kapitel 1. Eins</h1></div>` +
          section(2, '_konsole', '1.1. Die Konsole', `<p>Siehe <a class="xref" href="ch02.de.html#_tiefer">Abschnitt 2.1.1, „Tiefer“</a>.</p>` +
            section(3, '_shell', '1.1.1. Die Shell', `<p>Über die Shell <a class="xref" href="#_konsole">Abschnitt 1.1</a>.</p>` +
              section(4, '_prompt', '1.1.1.1. Der Prompt', '<p>Ein Prompt.</p>'))) +
          '</div></body></html>',
      );
      writeFileSync(
        path.join(root, 'ch02.de.html'),
        `<html><body><div class="chapter">` +
          section(2, '_zwei', '2.1. Zwei', '<p>Einleitung.</p>' + section(3, '_tiefer', '2.1.1. Tiefer', `<p>Zurück zum <a class="xref" href="ch01.de.html#_prompt">Prompt</a>.</p>`)) +
          '</div></body></html>',
      );
      writeFileSync(path.join(root, 'ch01.fr.html'), '<html><body><div class="chapter"></div></body></html>');
      const files = splitDebianReferenceChapters(root, 'de');
      expect(files.map((file) => file.relPath)).toEqual(['ch01/_konsole.html', 'ch01/_shell.html', 'ch02/_tiefer.html', 'ch02/_zwei.html']);
      const pages = buildSitePages(files, 'https://dr.example.test/', debianReferenceFormat);
      const byUrl = new Map(pages.map((page) => [page.url.replace('https://dr.example.test/', ''), page]));
      expect(byUrl.get('ch01/_konsole/')!.title).toBe('Die Konsole');
      expect(byUrl.get('ch01/_konsole/')!.content).not.toContain('Die Shell');
      expect(byUrl.get('ch01/_shell/')!.content).toContain('Ein Prompt.');
      expect(byUrl.get('ch01/_konsole/')!.links.map((link) => link.targetUrl)).toEqual(['https://dr.example.test/ch02/_tiefer/']);
      expect(byUrl.get('ch01/_shell/')!.links.map((link) => link.targetUrl)).toEqual(['https://dr.example.test/ch01/_konsole/']);
      // A link to a deeper section goes to the page that holds it.
      expect(byUrl.get('ch02/_tiefer/')!.links.map((link) => link.targetUrl)).toEqual(['https://dr.example.test/ch01/_shell/']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('baselines in the site language', () => {
  it('when the site is German, then German function words are dropped and words are stemmed in German', () => {
    const german = baselineWords('de-DE');
    expect(german.contentWords('Die Häuser und das Haus')).toEqual(['häuser', 'haus']);
    expect(german.stem('häuser')).toBe(german.stem('haus'));
    expect(baselineWords(undefined)).toBe(ENGLISH_WORDS);
    expect(baselineWords('en-GB')).toBe(ENGLISH_WORDS);
  });

  const pages = [
    page('garten', 'Garten', '<p>Im Garten stehen kleine Häuser für Werkzeug.</p>'),
    page('haus', 'Haus', '<p>Ein Haus hat ein Dach.</p>'),
    page('kochen', 'Kochen', '<p>Rezepte mit Mehl und Zucker.</p>'),
  ];

  it('when a German page names another page\'s title in a plural, then the German title-word baseline finds it and the English one does not', () => {
    expect(new TitleWordMatchBaseline(pages, baselineWords('de')).rank(0, 10).map((r) => r.targetUrl)).toEqual(['https://docs.example.test/haus/']);
    expect(new TitleWordMatchBaseline(pages).rank(0, 10)).toEqual([]);
  });

  it('when German pages share a word in two forms, then the German TF-IDF baseline relates them and the English one does not', () => {
    expect(new TfidfCosineBaseline(pages, baselineWords('de')).rank(0, 10).map((r) => r.targetUrl)).toEqual(['https://docs.example.test/haus/']);
    expect(new TfidfCosineBaseline(pages).rank(0, 10)).toEqual([]);
  });
});
