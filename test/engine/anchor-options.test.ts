import { describe, expect, test } from 'vitest';
import { anchorOptions, anchorSearch } from '../../bridge/src/engine/anchor-options.js';
import { analyzePage } from '../../bridge/src/engine/page-analysis.js';
import { SiteCorpus, type CorpusDocument } from '../../bridge/src/engine/site-corpus.js';
import { readSourceText, type SourceText } from '../../bridge/src/engine/source-text.js';
import { stemEnglish } from '../../bridge/src/engine/stemmer.js';
import { findTargets } from '../../bridge/src/engine/target-candidates.js';
import type { GenerateRequest, IndexedPage } from '../../bridge/src/engine/types.js';

const SITE = 'https://docs.example';

/** Thirteen words the codec page repeats, so they fill its key terms and "surrogateescape" is only a posting. */
const CODEC_WORDS = 'registry lookup encoder decoder incremental streamreader streamwriter bom utf16 utf32 latin1 cp1252 punycode';

const PAGES = [
  { path: '/codecs', title: 'Codec registry', html: `<p>${`${CODEC_WORDS} `.repeat(3)} surrogateescape xmlcharrefreplace</p>` },
  { path: '/files', title: 'Reading files', html: '<p>Open a file and read its lines. Undecodable bytes can use surrogateescape when reading.</p>' },
  { path: '/errors', title: 'Error handlers', html: '<p>Handlers are kept in a registry; xmlcharrefreplace writes references.</p>' },
  { path: '/loops', title: 'Loops', html: '<p>A for loop repeats a block over the items of a sequence.</p>' },
  { path: '/classes', title: 'Classes', html: '<p>A class bundles data and functions that act on it.</p>' },
];

interface Site {
  corpus: SiteCorpus;
  documents: Map<string, CorpusDocument>;
  texts: Map<string, SourceText>;
}

/** Indexes the pages in memory as one sync batch does: count every page, then choose postings. */
function indexSite(): Site {
  const corpus = new SiteCorpus();
  const pages: IndexedPage[] = PAGES.map((page) => {
    const url = `${SITE}${page.path}`;
    const analysis = analyzePage({ url, title: page.title, html: page.html });
    return { pageId: page.path, url, title: page.title, statusCode: 200, analysis, linkedUrls: [] };
  });
  const prepared = pages.map((page) => corpus.prepare(page, stemEnglish));
  for (const next of prepared) corpus.countDocument(200, next.document.length, next.termIds, 1);
  const documents = new Map<string, CorpusDocument>();
  for (const next of prepared) {
    const document = corpus.finalize(next);
    corpus.add(document);
    documents.set(document.pageId, document);
  }
  const texts = new Map(
    pages.map((page, i) => [
      page.pageId,
      readSourceText({ text: page.analysis.text, eligible: page.analysis.eligible, wordTermIds: prepared[i]!.wordTermIds }, corpus, stemEnglish),
    ]),
  );
  return { corpus, documents, texts };
}

const REQUEST: GenerateRequest = {
  projectId: 'prj',
  sourcePageId: '/files',
  limit: 10,
  minRelevanceScore: 0,
  excludedTargetIds: new Set(),
  isTargetUrlAllowed: () => true,
};

function anchorTexts(site: Site, sourcePath: string, targetPath: string): string[] {
  const text = site.texts.get(sourcePath)!;
  const targets = findTargets(site.corpus, site.documents.get(sourcePath)!, text, { ...REQUEST, sourcePageId: sourcePath });
  const target = targets.find((candidate) => candidate.docNo === site.documents.get(targetPath)!.docNo);
  if (target === undefined) return [];
  return anchorOptions(anchorSearch(site.corpus, text), target).map((option) => text.text.slice(option.start, option.end));
}

describe('anchorOptions', () => {
  test('when the source never uses a similar target\'s title or key words, then a specific word both share is its anchor', () => {
    const site = indexSite();
    const codecKeyTerms = Array.from(site.corpus.keyTermIds(site.documents.get('/codecs')!.docNo)!);
    expect(codecKeyTerms).not.toContain(site.corpus.termIdOfWord('surrogateescape', stemEnglish));
    expect(anchorTexts(site, '/files', '/codecs')).toEqual(['surrogateescape']);
  });

  test('when the source uses a target\'s own words, then those are its anchors and shared words are not added', () => {
    const site = indexSite();
    expect(anchorTexts(site, '/errors', '/codecs')).toEqual(['registry']);
  });
});
