import { describe, expect, it } from 'vitest';
import { analyzePage } from '../../bridge/src/engine/page-analysis.js';
import { SiteCorpus } from '../../bridge/src/engine/site-corpus.js';
import { readSourceText } from '../../bridge/src/engine/source-text.js';
import { stemEnglish } from '../../bridge/src/engine/stemmer.js';

const SITE = 'https://site.test';

/** A corpus of the given pages, prepared as a sync does, with the word term ids each page's sync stores. */
function indexed(pages: { path: string; title: string; html: string }[]) {
  const corpus = new SiteCorpus();
  return pages.map((page) => {
    const url = `${SITE}${page.path}`;
    const analysis = analyzePage({ url, title: page.title, html: page.html });
    const prepared = corpus.prepare({ pageId: page.path, url, title: page.title, statusCode: 200, analysis, linkedUrls: [] });
    return { corpus, analysis, wordTermIds: prepared.wordTermIds };
  });
}

describe('readSourceText', () => {
  it.each([
    ['plain prose', '<p>Running the boot loader installs the kernel images.</p>'],
    ['stopwords, numbers and one-letter words', '<p>In 2024 a user of x and the 3 servers ran it.</p>'],
    ['repeated words in several blocks', '<h2>Boot loader</h2><p>The boot loader boots.</p><p>Loaders: boot, loader.</p>'],
    ['code, links and entities', '<p>Use <code>apt-get</code> or <a href="/x">the manual</a> &amp; more’s text.</p>'],
    ['non-ASCII words', '<p>Çà et là, the naïve café’s crème brûlée.</p>'],
  ])('when a page (%s) has its word term ids stored, then its tokens get the same term ids as a word-by-word look-up', (_, html) => {
    const [page] = indexed([{ path: '/a', title: 'A page', html }]);
    const { corpus, analysis, wordTermIds } = page!;
    const stored = readSourceText({ text: analysis.text, eligible: analysis.eligible, wordTermIds }, corpus, stemEnglish);
    const lookedUp = readSourceText({ text: analysis.text, eligible: analysis.eligible, wordTermIds: null }, corpus, stemEnglish);
    expect(Array.from(stored.termIds)).toEqual(Array.from(lookedUp.termIds));
    expect(Array.from(stored.termIds).every((id) => id >= 0)).toBe(true);
  });

  it('when the stored ids do not fit the text (a page indexed by another tokenizer), then the words are looked up', () => {
    const [page] = indexed([{ path: '/a', title: 'A page', html: '<p>Boot loaders and kernels.</p>' }]);
    const { corpus, analysis } = page!;
    const text = readSourceText({ text: analysis.text, eligible: analysis.eligible, wordTermIds: Int32Array.of(7) }, corpus, stemEnglish);
    expect(Array.from(text.termIds)).toEqual(['boot', 'loader', 'and', 'kernel'].map((stem) => corpus.terms.idOf(stem) ?? -1));
  });
});
