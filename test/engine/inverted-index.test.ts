import { describe, expect, test } from 'vitest';
import { InvertedIndex } from '../../bridge/src/engine/inverted-index.js';

const all = (): boolean => true;

describe('InvertedIndex', () => {
  test('when documents share query terms, then they rank by the sum of weight × impact', () => {
    const index = new InvertedIndex();
    index.add(0, [1, 2], [10, 10]);
    index.add(1, [1], [200]);
    index.add(2, [2, 3], [50, 255]);
    expect(index.search([1, 2], [1, 1], 10, all)).toEqual([
      { docNo: 1, score: 200 },
      { docNo: 2, score: 50 },
      { docNo: 0, score: 20 },
    ]);
  });

  test('when k is smaller than the matches, then only the k best are returned', () => {
    const index = new InvertedIndex();
    for (let doc = 0; doc < 500; doc += 1) index.add(doc, [7], [1 + (doc % 255)]);
    const top = index.search([7], [1], 3, all);
    expect(top.map((hit) => hit.score)).toEqual([255, 254, 253]);
  });

  test('when a filter refuses a document, then it is not returned', () => {
    const index = new InvertedIndex();
    index.add(0, [1], [100]);
    index.add(1, [1], [50]);
    expect(index.search([1], [1], 10, (doc) => doc !== 0)).toEqual([{ docNo: 1, score: 50 }]);
  });

  test('when a document is removed, then its postings are gone and the others remain', () => {
    const index = new InvertedIndex();
    for (let doc = 0; doc < 40; doc += 1) index.add(doc, [1, 2], [doc + 1, 1]);
    index.remove(5, [1, 2]);
    index.remove(39, [1, 2]);
    const hits = index.search([1], [1], 100, all);
    expect(hits).toHaveLength(38);
    expect(hits.map((hit) => hit.docNo)).not.toContain(5);
    expect(hits.map((hit) => hit.docNo)).not.toContain(39);
    expect(index.postingCount(2)).toBe(38);
  });

  test('when a removed document is added again, then it is found with its new impacts', () => {
    const index = new InvertedIndex();
    index.add(0, [1], [10]);
    index.add(1, [1], [20]);
    index.remove(0, [1]);
    index.add(0, [1], [30]);
    expect(index.search([1], [1], 10, all)).toEqual([
      { docNo: 0, score: 30 },
      { docNo: 1, score: 20 },
    ]);
  });

  test('when searches repeat, then scores do not leak from one search into the next', () => {
    const index = new InvertedIndex();
    index.add(0, [1], [10]);
    index.search([1], [1], 10, all);
    expect(index.search([1], [2], 10, all)).toEqual([{ docNo: 0, score: 20 }]);
  });
});

describe('InvertedIndex at scale', () => {
  test('when postings outgrow one storage page, then every posting is still found', () => {
    const index = new InvertedIndex();
    const terms = 2_500;
    const docs = 500;
    for (let doc = 0; doc < docs; doc += 1) {
      index.add(doc, Array.from({ length: terms }, (_, t) => t), new Uint8Array(terms).fill(1 + (doc % 200)));
    }
    expect(index.postingCount(0)).toBe(docs);
    expect(index.postingCount(terms - 1)).toBe(docs);
    const hits = index.search([terms - 1], [1], docs, () => true);
    expect(hits).toHaveLength(docs);
    expect(hits[0]!.score).toBe(200);
  });
});

describe('InvertedIndex.reserve', () => {
  test('when an index reserves stored posting counts and is refilled, then it answers like the original', () => {
    const documents = Array.from({ length: 300 }, (_, doc) => ({
      docNo: doc,
      termIds: [doc % 7, 7 + (doc % 11), 20],
      impacts: [1 + (doc % 50), 2, 1 + (doc % 3)],
    }));
    const original = new InvertedIndex();
    for (const d of documents) original.add(d.docNo, d.termIds, d.impacts);
    const reloaded = new InvertedIndex();
    reloaded.reserve(original.postingCounts(21));
    for (const d of documents) reloaded.add(d.docNo, d.termIds, d.impacts);
    for (const query of [[3], [9, 20], [0, 1, 2, 20]]) {
      const weights = query.map(() => 1);
      expect(reloaded.search(query, weights, 50, () => true)).toEqual(original.search(query, weights, 50, () => true));
    }
    reloaded.add(999, [3], [255]);
    reloaded.remove(3, [3, 10, 20]);
    expect(reloaded.search([3], [1], 1, () => true)).toEqual([{ docNo: 999, score: 255 }]);
    expect(reloaded.postingCount(20)).toBe(299);
  });
});

describe('InvertedIndex repacking', () => {
  /** Document `doc`'s terms (80 of 600, some shared by many documents) and impacts, a pure function of doc and version. */
  const postingsOf = (doc: number, version: number) => {
    const termIds = [...new Set(Array.from({ length: 80 }, (_, i) => (Math.imul(doc + 1, 2654435761) ^ Math.imul(i + version, 40503)) >>> 0).map((h) => h % 600))];
    return { termIds, impacts: termIds.map((t) => 1 + ((t * 31 + doc + version) % 255)) };
  };
  /** Σ weight × impact in query-term order, rounded to float32 at each step as the index's accumulator does. */
  const bruteForce = (live: Map<number, ReturnType<typeof postingsOf>>, query: number[], weights: number[]) => {
    const scores = new Map<number, number>();
    query.forEach((term, t) => {
      for (const [doc, { termIds, impacts }] of live) {
        const i = termIds.indexOf(term);
        if (i !== -1) scores.set(doc, Math.fround((scores.get(doc) ?? 0) + weights[t]! * impacts[i]!));
      }
    });
    return [...scores].map(([docNo, score]) => ({ docNo, score })).sort((a, b) => b.score - a.score || a.docNo - b.docNo);
  };

  test('when the index outgrows its repacking points while pages are replaced, then every search scores as summed by hand', () => {
    const index = new InvertedIndex();
    const live = new Map<number, ReturnType<typeof postingsOf>>();
    const put = (doc: number, version: number) => {
      const previous = live.get(doc);
      if (previous) index.remove(doc, previous.termIds);
      const next = postingsOf(doc, version);
      index.add(doc, next.termIds, next.impacts);
      live.set(doc, next);
    };
    // ≈ 80 postings a page: past 65,536 postings (the first repack) at ~820 pages, past twice that at ~1,640.
    for (let doc = 0; doc < 1_000; doc += 1) put(doc, 0);
    for (let doc = 0; doc < 1_000; doc += 3) put(doc, 1);
    for (let doc = 1_000; doc < 2_000; doc += 1) put(doc, 0);
    for (let doc = 500; doc < 1_500; doc += 7) {
      index.remove(doc, live.get(doc)!.termIds);
      live.delete(doc);
    }
    for (const query of [[5], [17, 300, 599], Array.from({ length: 60 }, (_, i) => i * 10)]) {
      const weights = query.map((_, i) => 0.5 + i / 7);
      expect(index.search(query, weights, live.size, () => true)).toEqual(bruteForce(live, query, weights));
    }
    expect(index.postingCount(5)).toBe([...live.values()].filter(({ termIds }) => termIds.includes(5)).length);
  });
});

describe('InvertedIndex.placeOf', () => {
  const index = new InvertedIndex();
  // Scores with term weights 1: doc 0 → 50, 1 → 40, 2 → 40, 3 → 30, 4 → 40, 5 → 10.
  [50, 40, 40, 30, 40, 10].forEach((impact, doc) => index.add(doc, [1], [impact]));

  test.each([
    ['a document with ties above and below it', 2, 10, { score: 40, above: 2, best: 50 }],
    ['the best document', 0, 10, { score: 50, above: 0, best: 50 }],
    ['a document whose ties all come after it', 1, 10, { score: 40, above: 1, best: 50 }],
  ])('when it is asked about %s, then it counts those above it (ties to the lower number) and the best score', (_, doc, k, expected) => {
    expect(index.placeOf([1], [1], doc, k, () => true)).toEqual(expected);
  });

  test('when documents are refused, then they are not counted', () => {
    expect(index.placeOf([1], [1], 4, 10, (doc) => doc !== 0 && doc !== 2)).toEqual({ score: 40, above: 1, best: 40 });
  });

  test('when k or more documents score at least as much, or the document scores 0, then it cannot say', () => {
    expect(index.placeOf([1], [1], 3, 4, () => true)).toBeNull();
    expect(index.placeOf([1], [1], 3, 5, () => true)).toEqual({ score: 30, above: 4, best: 50 });
    expect(index.placeOf([1], [1], 9, 10, () => true)).toBeNull();
  });
});
