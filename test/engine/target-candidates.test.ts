import { describe, expect, test } from 'vitest';
import { analyzePage } from '../../bridge/src/engine/page-analysis.js';
import { SiteCorpus, type CorpusDocument } from '../../bridge/src/engine/site-corpus.js';
import { readSourceText } from '../../bridge/src/engine/source-text.js';
import { stemEnglish } from '../../bridge/src/engine/stemmer.js';
import { findTargets } from '../../bridge/src/engine/target-candidates.js';
import type { IndexedPage } from '../../bridge/src/engine/types.js';

const SITE = 'https://docs.example';

const PAGES = [
  { path: '/codecs', title: 'Codec registry', html: '<p>Encoders and decoders are looked up by name.</p>', links: [] },
  { path: '/loops', title: 'Loops', html: '<p>A for loop repeats a block over a sequence.</p>', links: [] },
  {
    path: '/source',
    title: 'Reading files',
    html:
      '<p>Decoding uses the <code>codec registry</code> of the runtime; see <a href="/loops">loops</a>.</p>' +
      '<pre>codec registry\nmore code</pre><p>The codec registry holds decoders.</p>',
    links: ['/loops'],
  },
];

function indexSite(): { corpus: SiteCorpus; documents: Map<string, CorpusDocument>; pages: IndexedPage[] } {
  const corpus = new SiteCorpus();
  const pages: IndexedPage[] = PAGES.map((page) => {
    const url = `${SITE}${page.path}`;
    const analysis = analyzePage({ url, title: page.title, html: page.html });
    return { pageId: page.path, url, title: page.title, statusCode: 200, analysis, linkedUrls: page.links.map((p) => `${SITE}${p}`) };
  });
  const prepared = pages.map((page) => corpus.prepare(page, stemEnglish));
  for (const next of prepared) corpus.countDocument(200, next.document.length, next.termIds, 1);
  const documents = new Map<string, CorpusDocument>();
  for (const next of prepared) {
    const document = corpus.finalize(next);
    corpus.add(document);
    documents.set(document.pageId, document);
  }
  return { corpus, documents, pages };
}

describe('findTargets', () => {
  test('when the source names a page in prose, in inline code and in a code block, then each kind of mention is counted', () => {
    const { corpus, documents, pages } = indexSite();
    const source = pages[2]!;
    const text = readSourceText({ text: source.analysis.text, eligible: source.analysis.eligible, wordTermIds: null }, corpus, stemEnglish);
    const targets = findTargets(corpus, documents.get('/source')!, text, {
      projectId: 'prj',
      sourcePageId: '/source',
      limit: 10,
      minRelevanceScore: 0,
      excludedTargetIds: new Set(['/source']),
      isTargetUrlAllowed: () => true,
    });
    const codecs = targets.find((t) => corpus.pageIdOf(t.docNo) === '/codecs')!;
    expect(codecs.features).toMatchObject({ mentions: 3, inlineMentions: 1, namedTargets: 1, sourceLinks: 1 });
  });
});
