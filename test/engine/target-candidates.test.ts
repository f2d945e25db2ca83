import { describe, expect, test } from 'vitest';
import { readSourceText } from '../../bridge/src/engine/source-text.js';
import { stemEnglish } from '../../bridge/src/engine/stemmer.js';
import { targetVector } from '../../bridge/src/engine/relevance.js';
import { findTargets } from '../../bridge/src/engine/target-candidates.js';
import { SourceTerms, TargetTerms } from '../../bridge/src/engine/term-cosine.js';
import { indexSite } from '../support/in-memory-site.js';


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

/** The features findTargets gives the /codecs page as a target of the /source page. */
function codecsFeatures(pages: typeof PAGES) {
  const { corpus, documents, pages: indexed } = indexSite(pages);
  const source = indexed[pages.findIndex((page) => page.path === '/source')]!;
  const text = readSourceText({ text: source.analysis.text, eligible: source.analysis.eligible, wordTermIds: null }, corpus, stemEnglish);
  const targets = findTargets(corpus, documents.get('/source')!, text, {
    projectId: 'prj',
    sourcePageId: '/source',
    limit: 10,
    minRelevanceScore: 0,
    excludedTargetIds: new Set(['/source']),
    isTargetUrlAllowed: () => true,
  });
  return targets.find((t) => corpus.pageIdOf(t.docNo) === '/codecs')!.features;
}

describe('findTargets', () => {
  test('when the source names a page in prose, in inline code and in a code block, then each kind of mention is counted', () => {
    expect(codecsFeatures(PAGES)).toMatchObject({ mentions: 3, inlineMentions: 1, wholeInlineMentions: 1, namedTargets: 1, sourceLinks: 1 });
  });

  test.each([
    { shape: 'the whole inline code', html: '<p>Decoding uses <code>codec registry</code> first.</p>', inline: 1, whole: 1 },
    { shape: 'the whole inline code but punctuation', html: '<p>Call <code>codec_registry()</code> first.</p>', inline: 1, whole: 1 },
    { shape: 'part of an inline expression', html: '<p>Call <code>lookup(codec registry)</code> first.</p>', inline: 1, whole: 0 },
    { shape: 'a code block', html: '<p>Decoding is below.</p><pre>codec registry</pre>', inline: 0, whole: 0 },
    { shape: 'prose', html: '<p>Decoding uses the codec registry first.</p>', inline: 0, whole: 0 },
  ])('when the source names a page in $shape, then it counts as $inline inline and $whole whole inline mention', ({ html, inline, whole }) => {
    const features = codecsFeatures([PAGES[0]!, { path: '/source', title: 'Reading files', html, links: [] }]);
    expect(features).toMatchObject({ inlineMentions: inline, wholeInlineMentions: whole });
  });
});

describe('findTargets: the TF-IDF cosine and the pages in the language', () => {
  /** PAGES and `extra` pages of filler on other topics, in one language. */
  const withFiller = (extra: number) => [
    ...PAGES,
    ...Array.from({ length: extra }, (_, i) => ({
      path: `/filler-${i}`,
      title: `Filler ${i}`,
      html: `<p>Topic ${i} covers gardening item${i} and weather${i % 7} in season${i % 5}.</p>`,
      links: [],
    })),
  ];

  test('when a candidate shares words with the source, then it has their TF-IDF cosine, the same in either direction', () => {
    const pages = withFiller(40);
    const { corpus, documents } = indexSite(pages);
    const cosine = codecsFeatures(pages).termCosine;
    expect(cosine).toBeGreaterThan(0);
    expect(cosine).toBeLessThanOrEqual(1);
    expect(cosine).toBe(new SourceTerms(corpus, documents.get('/source')!).cosineWith(corpus.docNoOfPage('/codecs')!));
    expect(cosine).toBe(new TargetTerms(corpus, corpus.docNoOfPage('/codecs')!).cosineWith(documents.get('/source')!));
  });

  test('when the site has more pages in the language, then every candidate reads it, and the inputs fall as one over its square root and one over it', () => {
    for (const extra of [0, 40]) {
      const features = codecsFeatures(withFiller(extra));
      expect(features.languagePages).toBe(PAGES.length + extra);
      expect(targetVector(features).at(-2)).toBeCloseTo(1 / Math.sqrt(PAGES.length + extra), 12);
      expect(targetVector(features).at(-1)).toBeCloseTo(1 / (PAGES.length + extra), 12);
    }
  });
});
