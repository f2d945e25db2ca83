import { describe, expect, test } from 'vitest';
import { PhraseIndex, PhraseKind } from '../../bridge/src/engine/phrase-index.js';

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
