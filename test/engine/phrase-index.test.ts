import { describe, expect, test } from 'vitest';
import { OTHER_DOCS, PhraseIndex, PhraseKind } from '../../bridge/src/engine/phrase-index.js';

function lookup(index: PhraseIndex, termIds: number[]): number {
  let node = PhraseIndex.root;
  for (const id of termIds) {
    node = index.child(node, id);
    if (node === -1) return -1;
  }
  return node;
}

describe('PhraseIndex', () => {
  test('when phrases are added, then each ends at its own node with its entries', () => {
    const index = new PhraseIndex();
    index.add(3, PhraseKind.title, [1, 2]);
    index.add(4, PhraseKind.heading, [1]);
    expect(index.entries(lookup(index, [1, 2]))).toEqual([{ docNo: 3, kind: PhraseKind.title, count: 1 }]);
    expect(index.entries(lookup(index, [1]))).toEqual([{ docNo: 4, kind: PhraseKind.heading, count: 1 }]);
    expect(lookup(index, [2])).toBe(-1);
  });

  test('when the same anchor is added by several pages, then its count grows and removal lowers it', () => {
    const index = new PhraseIndex();
    index.add(9, PhraseKind.anchor, [5]);
    index.add(9, PhraseKind.anchor, [5]);
    index.remove(9, PhraseKind.anchor, [5]);
    expect(index.entries(lookup(index, [5]))).toEqual([{ docNo: 9, kind: PhraseKind.anchor, count: 1 }]);
    index.remove(9, PhraseKind.anchor, [5]);
    expect(index.hasEntries(lookup(index, [5]))).toBe(false);
  });

  test('when a phrase names several pages, then distinctDocs counts the pages once each', () => {
    const index = new PhraseIndex();
    index.add(1, PhraseKind.title, [8]);
    index.add(1, PhraseKind.anchor, [8]);
    index.add(2, PhraseKind.heading, [8]);
    expect(index.distinctDocs(lookup(index, [8]))).toBe(2);
  });
});

describe('PhraseIndex ambiguity', () => {
  test('when a page stops naming a phrase in one way, then it still counts once while another way remains', () => {
    const index = new PhraseIndex();
    index.add(1, PhraseKind.title, [8]);
    index.add(1, PhraseKind.anchor, [8]);
    index.add(2, PhraseKind.heading, [8]);
    const node = index.child(PhraseIndex.root, 8);
    index.remove(1, PhraseKind.anchor, [8]);
    expect(index.distinctDocs(node)).toBe(2);
    index.remove(1, PhraseKind.title, [8]);
    expect(index.distinctDocs(node)).toBe(1);
  });
});

describe('PhraseIndex generic phrases', () => {
  test('when a phrase names very many pages, then it lists none of them but still counts them', () => {
    const index = new PhraseIndex();
    for (let doc = 0; doc < 100; doc += 1) index.add(doc, PhraseKind.heading, [3]);
    const node = index.child(PhraseIndex.root, 3);
    expect(index.distinctDocs(node)).toBe(100);
    expect(index.entries(node)).toEqual([]);
    expect(index.hasEntries(node)).toBe(true);
    index.remove(0, PhraseKind.heading, [3]);
    expect(index.distinctDocs(node)).toBe(99);
  });
});

describe('PhraseIndex snapshot', () => {
  test('when an index is restored from its snapshot, then it names the same pages and keeps changing alike', () => {
    const build = (index: PhraseIndex): void => {
      index.add(1, PhraseKind.title, [4, 5]);
      index.add(2, PhraseKind.anchor, [4, 5], 3);
      index.add(2, PhraseKind.heading, [4]);
      for (let doc = 10; doc < 50; doc += 1) index.add(doc, PhraseKind.heading, [6]);
      index.add(3, PhraseKind.title, [7]);
      index.remove(3, PhraseKind.title, [7]);
    };
    const original = new PhraseIndex();
    build(original);
    const restored = new PhraseIndex();
    restored.restoreSnapshot(original.snapshot());
    // Further changes reuse the freed entry and grow the arrays in both.
    for (const index of [original, restored]) {
      index.add(8, PhraseKind.definition, [7]);
      index.add(9, PhraseKind.title, [4, 5, 6]);
    }
    for (const path of [[4], [4, 5], [4, 5, 6], [6], [7]]) {
      const node = lookup(restored, path);
      expect(node).toBe(lookup(original, path));
      expect(restored.entries(node)).toEqual(original.entries(node));
      expect(restored.distinctDocs(node)).toBe(original.distinctDocs(node));
      expect(restored.hasEntries(node)).toBe(original.hasEntries(node));
    }
    expect(restored.entries(lookup(restored, [4, 5]))).toEqual([
      { docNo: 2, kind: PhraseKind.anchor, count: 3 },
      { docNo: 1, kind: PhraseKind.title, count: 1 },
    ]);
    expect(restored.entries(lookup(restored, [6]))).toEqual([]);
    expect(restored.distinctDocs(lookup(restored, [6]))).toBe(40);
    expect(restored.snapshot()).toEqual(original.snapshot());
  });
});

describe('PhraseIndex node fields read by text scans', () => {
  /**
   * Whether the node's copy of its first entry (and whether more follow) agrees with its list, and so do the other
   * pages it lists (each page after the first entry's once, in the list's order, up to OTHER_DOCS).
   */
  function firstEntryCopyHolds(index: PhraseIndex, node: number): boolean {
    const head = index.firstEntry(node);
    const others = Array.from({ length: OTHER_DOCS }, (_, i) => index.otherDocNo(node, i));
    if (head === -1) return others.every((docNo) => docNo === -1);
    const pages = [...new Set(index.entries(node).map((entry) => entry.docNo))];
    const expected = Array.from({ length: OTHER_DOCS }, (_, i) => pages[i + 1] ?? -1);
    return (
      index.firstEntryDocNo(node) === index.entryDocNo(head) &&
      index.firstEntryKind(node) === index.entryKindOf(head) &&
      index.firstEntryIsLast(node) === (index.nextEntry(head) === -1) &&
      others.every((docNo, i) => docNo === expected[i])
    );
  }

  test('when phrases are added, removed and saturate, then every phrase is found and its node copies its first entry, restored too', () => {
    let seed = 7;
    const random = (n: number): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    const kinds = [PhraseKind.title, PhraseKind.titlePart, PhraseKind.heading, PhraseKind.anchor, PhraseKind.definition];
    const index = new PhraseIndex();
    const added: { docNo: number; kind: PhraseKind; terms: number[] }[] = [];
    for (let step = 0; step < 4000; step += 1) {
      if (added.length > 0 && random(4) === 0) {
        const { docNo, kind, terms } = added.splice(random(added.length), 1)[0]!;
        index.remove(docNo, kind, terms);
        continue;
      }
      // Few first words and many pages: nodes get many children, lists of several entries, some saturate.
      const terms = Array.from({ length: 1 + random(4) }, (_, i) => (i === 0 ? random(20) : random(3000)));
      const phrase = { docNo: random(1 << 27), kind: kinds[random(kinds.length)]!, terms };
      if (random(3) === 0 && added.length > 0) {
        // Another way a listed page is named, or another page named the same way: nodes list a page several times.
        const other = added[random(added.length)]!;
        phrase.terms = other.terms;
        if (random(2) === 0) phrase.docNo = other.docNo;
      }
      index.add(phrase.docNo, phrase.kind, phrase.terms);
      added.push(phrase);
    }
    const restored = new PhraseIndex();
    restored.restoreSnapshot(index.snapshot());
    let listed = 0;
    let several = 0;
    let severalPages = 0;
    let manyPages = 0;
    let repeatedPage = 0;
    for (const { terms } of added) {
      for (const each of [index, restored]) {
        const node = lookup(each, terms);
        expect(node).not.toBe(-1);
        expect(firstEntryCopyHolds(each, node)).toBe(true);
      }
      const node = lookup(index, terms);
      if (index.firstEntry(node) !== -1) listed += 1;
      if (index.firstEntry(node) !== -1 && !index.firstEntryIsLast(node)) several += 1;
      const pages = new Set(index.entries(node).map((entry) => entry.docNo)).size;
      if (pages > 1 && pages <= 1 + OTHER_DOCS) severalPages += 1;
      if (pages > 1 + OTHER_DOCS) manyPages += 1;
      if (index.entries(node).length > pages && pages > 1) repeatedPage += 1;
    }
    expect(severalPages).toBeGreaterThan(0);
    expect(manyPages).toBeGreaterThan(0);
    expect(repeatedPage).toBeGreaterThan(0);
    // The phrases checked include nodes listing one entry and several.
    expect(listed).toBeGreaterThan(several);
    expect(several).toBeGreaterThan(0);
    expect(restored.snapshot()).toEqual(index.snapshot());
  });

  test('when a word follows a node that has no such child, then child answers -1', () => {
    const index = new PhraseIndex();
    for (let term = 0; term < 100; term += 1) index.add(1, PhraseKind.title, [1, term * 7]);
    const node = lookup(index, [1]);
    for (let term = 0; term < 700; term += 1) expect(index.child(node, term) !== -1).toBe(term % 7 === 0);
  });

  test('when a page number is too large to pack, then add refuses it', () => {
    expect(() => new PhraseIndex().add(1 << 27, PhraseKind.title, [1])).toThrow('too many pages');
  });
});
