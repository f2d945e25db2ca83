import { describe, expect, test } from 'vitest';
import { analyzePage } from '../../bridge/src/engine/page-analysis.js';
import { SiteCorpus, type CorpusDocument } from '../../bridge/src/engine/site-corpus.js';
import { SourceTerms, TargetTerms } from '../../bridge/src/engine/term-cosine.js';
import { countOf, packTermVector, termOf, VECTOR_TERM_LIMIT, VECTOR_TERMS } from '../../bridge/src/engine/term-vectors.js';
import { indexSite, SITE } from '../support/in-memory-site.js';

const paragraph = (words: string): string => `<p>${words}</p>`;

const site = indexSite([
  {
    path: '/kettle/',
    title: 'Descaling a kettle',
    html: paragraph('Descale the kettle with vinegar. Limescale builds up in a kettle where water is hard; vinegar dissolves limescale.'),
  },
  {
    path: '/kettle-again/',
    title: 'Kettle limescale',
    html: paragraph('Hard water leaves limescale in the kettle. Vinegar and citric acid remove limescale from a kettle element.'),
  },
  {
    path: '/boiler/',
    title: 'Boiler pressure',
    html: paragraph('Hard water also leaves limescale in a boiler, whose pressure gauge should read one bar when cold.'),
  },
  {
    path: '/kettles-at-length/',
    title: 'Everything about kettles',
    // More distinct words than the dot product reads of a target, so that the cut is exercised.
    html: paragraph(`Kettle limescale vinegar descale water hard. ${Array.from({ length: 90 }, (_, i) => `word${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`).join(' ')}`),
  },
  { path: '/roses/', title: 'Pruning roses', html: paragraph('Prune roses in early spring, above an outward-facing bud, with clean secateurs.') },
]);

const documentOf = (path: string): CorpusDocument => site.documents.get(path)!;
const docNoOf = (path: string): number => documentOf(path).docNo;

/**
 * The definition, from the stored documents: counts × idf over each page's postings, the dot product over the
 * target's VECTOR_TERMS strongest, each vector's length over all of its postings.
 */
function expectedCosine(corpus: SiteCorpus, source: CorpusDocument, target: CorpusDocument): number {
  const vector = (document: CorpusDocument): [number, number][] =>
    Array.from(document.postingTermIds, (termId, i) => [termId, document.postingCounts[i]! * corpus.idf(termId)]);
  const norm = (weights: [number, number][]): number => Math.sqrt(weights.reduce((sum, [, w]) => sum + w * w, 0));
  const [a, b] = [vector(source), vector(target)];
  const sourceWeights = new Map(a);
  let dot = 0;
  for (const [termId, weight] of b.slice(0, VECTOR_TERMS)) dot += weight * (sourceWeights.get(termId) ?? 0);
  return dot / (norm(a) * norm(b));
}

describe('SourceTerms', () => {
  const kettle = new SourceTerms(site.corpus, documentOf('/kettle/'));

  test('when a target is compared, then the cosine is of counts × idf over both pages\' postings, the dot over the target\'s strongest', () => {
    expect(documentOf('/kettles-at-length/').postingTermIds.length).toBeGreaterThan(VECTOR_TERMS);
    for (const path of ['/kettle-again/', '/boiler/', '/roses/', '/kettles-at-length/']) {
      expect(kettle.cosineWith(docNoOf(path))).toBeCloseTo(expectedCosine(site.corpus, documentOf('/kettle/'), documentOf(path)), 12);
    }
  });

  test('when pages share more of their strongest terms, then their cosine is higher, and 0 when they share none', () => {
    const sameTopic = kettle.cosineWith(docNoOf('/kettle-again/'));
    const oneSharedWord = kettle.cosineWith(docNoOf('/boiler/'));
    expect(sameTopic).toBeGreaterThan(oneSharedWord);
    expect(oneSharedWord).toBeGreaterThan(0);
    expect(kettle.cosineWith(docNoOf('/roses/'))).toBe(0);
    expect(sameTopic).toBeLessThanOrEqual(1);
  });

  test('when the corpus is restored from a snapshot, then the term vectors and so the cosine are the same', () => {
    const restored = SiteCorpus.fromSnapshot(site.corpus.snapshot());
    const again = new SourceTerms(restored, documentOf('/kettle/'));
    expect(restored.termVectorOf(docNoOf('/kettle-again/'))).toEqual(site.corpus.termVectorOf(docNoOf('/kettle-again/')));
    expect(again.cosineWith(docNoOf('/kettle-again/'))).toBe(kettle.cosineWith(docNoOf('/kettle-again/')));
  });

  test('when a sync changes document frequencies, then a page keeps the length it was added with, as its impacts do', () => {
    const corpus = SiteCorpus.fromSnapshot(site.corpus.snapshot());
    const target = documentOf('/kettle-again/');
    const added = corpus.termVectorNorm(target.docNo);
    expect(added).toBeGreaterThan(0);
    expect(target.vectorNorm).toBe(added);
    const url = `${SITE}/descaling-again/`;
    const html = paragraph('Limescale and vinegar again: descale a kettle monthly where the water is hard.');
    corpus.indexBatch([{ pageId: '/descaling-again/', url, title: 'Descaling', statusCode: 200, analysis: analyzePage({ url, title: 'Descaling', html }), linkedUrls: [] }]);
    const lengthNow = Math.sqrt(Array.from(target.postingTermIds, (termId, i) => (target.postingCounts[i]! * corpus.idf(termId)) ** 2).reduce((a, b) => a + b, 0));
    expect(lengthNow).not.toBeCloseTo(added, 6);
    expect(corpus.termVectorNorm(target.docNo)).toBe(added);
    expect(SiteCorpus.fromSnapshot(corpus.snapshot()).termVectorNorm(target.docNo)).toBe(added);
  });

  test('when a target is taken out of the corpus, then it has no term vector and its cosine is 0', () => {
    const corpus = SiteCorpus.fromSnapshot(site.corpus.snapshot());
    corpus.remove(documentOf('/kettle-again/'));
    expect(corpus.termVectorOf(docNoOf('/kettle-again/'))).toBeUndefined();
    expect(new SourceTerms(corpus, documentOf('/kettle/')).cosineWith(docNoOf('/kettle-again/'))).toBe(0);
    expect(new TargetTerms(corpus, docNoOf('/kettle-again/')).cosineWith(documentOf('/kettle/'))).toBe(0);
  });
});

describe('TargetTerms', () => {
  test('when a target is compared with each source, then every pair\'s cosine is the forward one to the last bit', () => {
    const paths = ['/kettle/', '/kettle-again/', '/boiler/', '/kettles-at-length/', '/roses/'];
    let shared = 0;
    for (const target of paths) {
      const targetTerms = new TargetTerms(site.corpus, docNoOf(target));
      for (const source of paths.filter((path) => path !== target)) {
        const forward = new SourceTerms(site.corpus, documentOf(source)).cosineWith(docNoOf(target));
        expect(targetTerms.cosineWith(documentOf(source))).toBe(forward);
        if (forward > 0) shared += 1;
      }
    }
    expect(shared).toBeGreaterThan(6);
  });
});

describe('packTermVector', () => {
  test('when postings are packed, then each keeps its term and count in order, a count over 255 reading 255', () => {
    const packed = packTermVector([7, 0, VECTOR_TERM_LIMIT - 1], [3, 1000, 255]);
    expect(Array.from(packed, termOf)).toEqual([7, 0, VECTOR_TERM_LIMIT - 1]);
    expect(Array.from(packed, countOf)).toEqual([3, 255, 255]);
  });

  test('when a page has more postings than VECTOR_TERMS, then its vector keeps the first, strongest ones', () => {
    const termIds = Array.from({ length: VECTOR_TERMS + 20 }, (_, i) => i);
    expect(Array.from(packTermVector(termIds, termIds), termOf)).toEqual(termIds.slice(0, VECTOR_TERMS));
  });

  test('when a term id does not fit in 24 bits, then that posting is left out', () => {
    expect(Array.from(packTermVector([5, VECTOR_TERM_LIMIT, 6], [1, 2, 3]), termOf)).toEqual([5, 6]);
  });
});

describe('keyTermIds', () => {
  test('when a page is indexed, then its key terms are its first postings', () => {
    const kettle = documentOf('/kettle/');
    expect(Array.from(site.corpus.keyTermIds(kettle.docNo)!)).toEqual(Array.from(kettle.postingTermIds.subarray(0, 12)));
  });
});
