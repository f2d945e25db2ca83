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

describe('InvertedIndex.placeOf against the full count', () => {
  /** A document's terms among 300 (the low ones shared by many documents) and impacts, a pure function of its seed. */
  const postingsOf = (seed: number) => {
    const termIds = [...new Set(Array.from({ length: 40 }, (_, i) => ((Math.imul(seed + 1, 2654435761) ^ Math.imul(i + 7, 40503)) >>> 0) % (i < 10 ? 20 : 300)))];
    return { termIds, impacts: termIds.map((t) => 1 + ((t * 31 + seed * 17) % 255)) };
  };
  /** What placeOf answered before it split terms: every document summed, those scoring as much counted. */
  const fullCount = (index: InvertedIndex, query: number[], weights: number[], docNo: number, k: number, accept: (doc: number) => boolean) => {
    const all = index.searchWithScoresOf(query, weights, 100_000, () => true, []).top;
    const score = all.find((hit) => hit.docNo === docNo)?.score ?? 0;
    const counted = all.filter((hit) => hit.docNo !== docNo && hit.score >= score && accept(hit.docNo));
    if (score === 0 || counted.length >= k) return null;
    const above = counted.filter((hit) => hit.score > score || hit.docNo < docNo).length;
    return { score, above, best: Math.max(score, ...counted.map((hit) => hit.score)) };
  };

  test('when query weights leave some terms too weak to reach the document alone, then the place is the one a full count gives', () => {
    const index = new InvertedIndex();
    const live = new Map<number, ReturnType<typeof postingsOf>>();
    for (let doc = 0; doc < 1_500; doc += 1) {
      live.set(doc, postingsOf(doc));
      index.add(doc, live.get(doc)!.termIds, live.get(doc)!.impacts);
    }
    let weakQueries = 0;
    let placed = 0;
    for (let q = 0; q < 120; q += 1) {
      // A "more like this" query: a few strong terms, then many weak common ones (as idf × term frequency gives).
      const query = [...new Set(Array.from({ length: 30 }, (_, i) => ((q * 97 + i * 13) % (i < 20 ? 20 : 300))))];
      const weights = query.map((_, i) => (i < 5 ? 3 + (q % 4) : 0.05 + ((i * q) % 7) / 50));
      // Mostly a document near the top (ranked 0 to 89, as an inbound target is), sometimes one past the last: it scores 0.
      const ranked = index.search(query, weights, 90, () => true);
      const docNo = q % 12 === 11 ? 1_600 + q : ranked[(q * 7) % ranked.length]!.docNo;
      const accept = (doc: number) => doc % 5 !== q % 5;
      for (const k of [10, 80]) {
        const expected = fullCount(index, query, weights, docNo, k, accept);
        expect(index.placeOf(query, weights, docNo, k, accept)).toEqual(expected);
        if (expected !== null) placed += 1;
      }
      // Pages replaced between queries: the document's impacts and each term's largest impact must follow.
      if (q % 10 === 9) {
        const doc = ranked[0]!.docNo;
        index.remove(doc, live.get(doc)!.termIds);
        live.set(doc, postingsOf(doc + 10_000 * q));
        index.add(doc, live.get(doc)!.termIds, live.get(doc)!.impacts);
        expect(index.placeOf(query, weights, doc, 80, accept)).toEqual(fullCount(index, query, weights, doc, 80, accept));
      }
      if (weights.some((w) => w < 0.2)) weakQueries += 1;
    }
    expect(weakQueries).toBeGreaterThan(100);
    expect(placed).toBeGreaterThan(60);
  });

  test('when the best other documents tie with the document, then they count above it only with a lower number', () => {
    const index = new InvertedIndex();
    // Term 1 is strong and decides; term 2 is weak (weight 0.001) and lists every document.
    for (let doc = 0; doc < 200; doc += 1) index.add(doc, doc % 50 === 0 ? [1, 2] : [2], doc % 50 === 0 ? [100, 7] : [1 + (doc % 255)]);
    expect(index.placeOf([1, 2], [1, 0.001], 100, 10, () => true)).toEqual({ score: Math.fround(100 + 0.007), above: 2, best: Math.fround(100 + 0.007) });
  });

  test('when postings change after a place was asked, then the document\'s new impacts and each term\'s new largest one count', () => {
    const index = new InvertedIndex();
    // Document 0 scores 150; document 1 only by term 3 (80), too weak to reach 150 alone.
    index.add(0, [1, 3], [100, 50]);
    index.add(1, [3], [80]);
    expect(index.placeOf([1, 2, 3], [1, 1, 1], 0, 10, all)).toEqual({ score: 150, above: 0, best: 150 });
    // Without term 1 document 0 scores 50, below document 1.
    index.remove(0, [1]);
    expect(index.placeOf([1, 2, 3], [1, 1, 1], 0, 10, all)).toEqual({ score: 50, above: 1, best: 80 });
    // Term 1 back: 150 again; then a posting of term 3 above its largest so far (200) beats it alone.
    index.add(0, [1], [100]);
    expect(index.placeOf([1, 2, 3], [1, 1, 1], 0, 10, all)).toEqual({ score: 150, above: 0, best: 150 });
    index.add(2, [3], [200]);
    expect(index.placeOf([1, 2, 3], [1, 1, 1], 0, 10, all)).toEqual({ score: 150, above: 1, best: 200 });
    // A document asked about before it is indexed scores once it is.
    expect(index.placeOf([1, 2, 3], [1, 1, 1], 3, 10, all)).toBeNull();
    index.add(3, [1], [90]);
    expect(index.placeOf([1, 2, 3], [1, 1, 1], 3, 10, all)).toEqual({ score: 90, above: 2, best: 200 });
  });

  test('when postings outgrow the small first page and then a full page, then every posting is found, before and after a snapshot', () => {
    const index = new InvertedIndex();
    // 1,300 documents × 1,000 terms: 1.3 M postings, past the first 1 M-entry page; the last page grows from 4,096.
    const terms = Array.from({ length: 1000 }, (_, i) => i);
    for (let doc = 0; doc < 1300; doc += 1) index.add(doc, terms, terms.map((term) => 1 + ((doc + term) % 255)));
    const expectTerm = (target: InvertedIndex, term: number) => {
      const hits = target.search([term], [1], 2000, all);
      expect(hits).toHaveLength(1300);
      for (const hit of hits) expect(hit.score).toBe(1 + ((hit.docNo + term) % 255));
    };
    for (const term of [0, 499, 999]) expectTerm(index, term);
    const restored = new InvertedIndex();
    restored.restoreSnapshot(structuredClone(index.snapshot()));
    for (const term of [0, 999]) expectTerm(restored, term);
    // Growing after a restore: the restored last page (cut to its used part) grows again.
    for (let doc = 1300; doc < 1400; doc += 1) restored.add(doc, terms, terms.map((term) => 1 + ((doc + term) % 255)));
    expect(restored.search([5], [1], 2000, all)).toHaveLength(1400);
  });
});
