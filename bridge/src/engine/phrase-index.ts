import { TrieEdges, type TrieEdgesSnapshot } from './trie-edges.js';
import { ensureLength } from './typed-arrays.js';

/** Why a phrase names a page. Order matters nowhere; values are stored, so never renumber them. */
export const PhraseKind = {
  title: 0,
  titlePart: 1,
  heading: 2,
  // 3 was repeated word n-grams: on the quality benchmark they named pages too loosely and lowered recall.
  /** Text other pages use when they link to the page. */
  anchor: 4,
  /** An element id of the page: what it defines ("json.dumps", "TypeError"). */
  definition: 5,
} as const;
export type PhraseKind = (typeof PhraseKind)[keyof typeof PhraseKind];

/** Pages a phrase may name before it counts as generic; far above the ambiguity any suggestion accepts. */
const SATURATION = 32;

/** Term ids above this are refused: a vocabulary that large means the input is not text. */
const MAX_TERM_ID = (1 << 22) - 1;

export interface PhraseIndexSnapshot {
  edges: TrieEdgesSnapshot;
  rootChildren: Int32Array<ArrayBuffer>;
  nodeCount: number;
  nodeHead: Int32Array<ArrayBuffer>;
  nodeDocs: Int32Array<ArrayBuffer>;
  saturated: Uint8Array<ArrayBuffer>;
  entryDoc: Int32Array<ArrayBuffer>;
  entryKind: Uint8Array<ArrayBuffer>;
  entryCount: Int32Array<ArrayBuffer>;
  entryNext: Int32Array<ArrayBuffer>;
  entryTotal: number;
  freeEntry: number;
}

/** One page a phrase names, and how. */
export interface PhraseEntry {
  docNo: number;
  kind: PhraseKind;
  /** How many times this (page, kind) pair was added: for anchors, the number of linking pages. */
  count: number;
}

/**
 * Every phrase that names a page of the site (titles, headings, repeated n-grams, anchor texts of existing links),
 * as a word-level trie over term ids. Scanning a text walks the trie from each word, so all mentions of all phrases
 * are found in one pass (the word-level form of Aho–Corasick's dictionary matching) without a per-phrase cost.
 */
export class PhraseIndex {
  private readonly edges = new TrieEdges();
  /**
   * Children of the root by term id: a text scan starts a walk at every word, so the root's edges are looked up
   * ~100× more often than deeper ones, and an array index costs far less than a Map lookup with a non-Smi key.
   */
  private rootChildren = new Int32Array(1024).fill(-1);
  private nodeCount = 1;
  private nodeHead = new Int32Array(1024).fill(-1);
  /** Distinct pages per node, kept up to date so ambiguity costs nothing at query time. */
  private nodeDocs = new Int32Array(1024);
  /**
   * 1 once a phrase has named more than SATURATION pages ("Introduction", "See also"): it can never single out a
   * target, so its entries are dropped and further pages are only counted. Keeps adds O(1) for such phrases.
   */
  private saturated = new Uint8Array(1024);

  private entryDoc = new Int32Array(1024);
  private entryKind = new Uint8Array(1024);
  private entryCount = new Int32Array(1024);
  private entryNext = new Int32Array(1024);
  private entryTotal = 0;
  private freeEntry = -1;

  snapshot(): PhraseIndexSnapshot {
    return {
      edges: this.edges.snapshot(),
      rootChildren: this.rootChildren.slice(),
      nodeCount: this.nodeCount,
      nodeHead: this.nodeHead.slice(0, this.nodeCount),
      nodeDocs: this.nodeDocs.slice(0, this.nodeCount),
      saturated: this.saturated.slice(0, this.nodeCount),
      entryDoc: this.entryDoc.slice(0, this.entryTotal),
      entryKind: this.entryKind.slice(0, this.entryTotal),
      entryCount: this.entryCount.slice(0, this.entryTotal),
      entryNext: this.entryNext.slice(0, this.entryTotal),
      entryTotal: this.entryTotal,
      freeEntry: this.freeEntry,
    };
  }

  restoreSnapshot(snapshot: PhraseIndexSnapshot): void {
    this.edges.restoreSnapshot(snapshot.edges);
    ({
      rootChildren: this.rootChildren,
      nodeCount: this.nodeCount,
      nodeHead: this.nodeHead,
      nodeDocs: this.nodeDocs,
      saturated: this.saturated,
      entryDoc: this.entryDoc,
      entryKind: this.entryKind,
      entryCount: this.entryCount,
      entryNext: this.entryNext,
      entryTotal: this.entryTotal,
      freeEntry: this.freeEntry,
    } = snapshot);
  }

  add(docNo: number, kind: PhraseKind, termIds: ArrayLike<number>, count = 1): void {
    let node = 0;
    for (let i = 0; i < termIds.length; i += 1) node = this.childOrCreate(node, termIds[i]!);
    if (this.saturated[node] === 1) {
      this.nodeDocs[node] = this.nodeDocs[node]! + 1;
      return;
    }
    let docSeen = false;
    for (let e = this.nodeHead[node]!; e !== -1; e = this.entryNext[e]!) {
      if (this.entryDoc[e] !== docNo) continue;
      if (this.entryKind[e] === kind) {
        this.entryCount[e] = this.entryCount[e]! + count;
        return;
      }
      docSeen = true;
    }
    if (!docSeen) this.nodeDocs[node] = this.nodeDocs[node]! + 1;
    if (this.nodeDocs[node]! > SATURATION) {
      this.saturate(node);
      return;
    }
    const entry = this.allocateEntry();
    this.entryDoc[entry] = docNo;
    this.entryKind[entry] = kind;
    this.entryCount[entry] = count;
    this.entryNext[entry] = this.nodeHead[node]!;
    this.nodeHead[node] = entry;
  }

  remove(docNo: number, kind: PhraseKind, termIds: ArrayLike<number>, count = 1): void {
    const node = this.find(termIds);
    if (node === -1) return;
    if (this.saturated[node] === 1) {
      this.nodeDocs[node] = Math.max(0, this.nodeDocs[node]! - 1);
      return;
    }
    let previous = -1;
    for (let e = this.nodeHead[node]!; e !== -1; previous = e, e = this.entryNext[e]!) {
      if (this.entryDoc[e] !== docNo || this.entryKind[e] !== kind) continue;
      const left = this.entryCount[e]! - count;
      if (left > 0) {
        this.entryCount[e] = left;
        return;
      }
      if (previous === -1) this.nodeHead[node] = this.entryNext[e]!;
      else this.entryNext[previous] = this.entryNext[e]!;
      this.entryNext[e] = this.freeEntry;
      this.freeEntry = e;
      if (!this.hasDoc(node, docNo)) this.nodeDocs[node] = this.nodeDocs[node]! - 1;
      return;
    }
  }

  /** The trie node reached from `node` by one more word, or -1. */
  child(node: number, termId: number): number {
    if (node === 0) return termId < this.rootChildren.length ? this.rootChildren[termId]! : -1;
    return this.edges.get(node, termId);
  }

  /** Whether any phrase ends at this node (a generic phrase counts: its pages are counted, not listed). */
  hasEntries(node: number): boolean {
    return this.nodeHead[node] !== -1 || this.saturated[node] === 1;
  }

  /** The entries of a node as objects (the text scan reads them in place: firstEntry, nextEntry). */
  entries(node: number): PhraseEntry[] {
    const result: PhraseEntry[] = [];
    for (let e = this.firstEntry(node); e !== -1; e = this.nextEntry(e)) {
      result.push({ docNo: this.entryDocNo(e), kind: this.entryKindOf(e), count: this.entryCountOf(e) });
    }
    return result;
  }

  /**
   * The entries of a node one by one (`firstEntry`, then `nextEntry` until -1), in the order `entries` lists them:
   * a text scan reads them where they are stored instead of building an object per entry at each node it reaches.
   */
  firstEntry(node: number): number {
    return this.nodeHead[node]!;
  }

  nextEntry(entry: number): number {
    return this.entryNext[entry]!;
  }

  entryDocNo(entry: number): number {
    return this.entryDoc[entry]!;
  }

  entryKindOf(entry: number): PhraseKind {
    return this.entryKind[entry] as PhraseKind;
  }

  entryCountOf(entry: number): number {
    return this.entryCount[entry]!;
  }

  /** Number of distinct pages a phrase names: a phrase naming many is ambiguous. */
  distinctDocs(node: number): number {
    return this.nodeDocs[node]!;
  }

  private saturate(node: number): void {
    this.saturated[node] = 1;
    for (let e = this.nodeHead[node]!; e !== -1; ) {
      const next = this.entryNext[e]!;
      this.entryNext[e] = this.freeEntry;
      this.freeEntry = e;
      e = next;
    }
    this.nodeHead[node] = -1;
  }

  private hasDoc(node: number, docNo: number): boolean {
    for (let e = this.nodeHead[node]!; e !== -1; e = this.entryNext[e]!) if (this.entryDoc[e] === docNo) return true;
    return false;
  }

  static readonly root = 0;

  private find(termIds: ArrayLike<number>): number {
    let node = 0;
    for (let i = 0; i < termIds.length; i += 1) {
      node = this.child(node, termIds[i]!);
      if (node === -1) return -1;
    }
    return node;
  }

  private childOrCreate(node: number, termId: number): number {
    if (termId > MAX_TERM_ID) throw new Error('vocabulary too large for the phrase index');
    const existing = this.child(node, termId);
    if (existing !== -1) return existing;
    const created = this.nodeCount;
    this.nodeCount += 1;
    if (node === 0) {
      if (termId >= this.rootChildren.length) {
        const oldLength = this.rootChildren.length;
        this.rootChildren = ensureLength(this.rootChildren, termId + 1);
        this.rootChildren.fill(-1, oldLength);
      }
      this.rootChildren[termId] = created;
    } else {
      this.edges.set(node, termId, created);
    }
    if (created >= this.nodeHead.length) {
      const oldLength = this.nodeHead.length;
      this.nodeHead = ensureLength(this.nodeHead, created + 1);
      this.nodeHead.fill(-1, oldLength);
      this.nodeDocs = ensureLength(this.nodeDocs, created + 1);
      this.saturated = ensureLength(this.saturated, created + 1);
    }
    return created;
  }

  private allocateEntry(): number {
    if (this.freeEntry !== -1) {
      const entry = this.freeEntry;
      this.freeEntry = this.entryNext[entry]!;
      return entry;
    }
    const entry = this.entryTotal;
    this.entryTotal += 1;
    this.entryDoc = ensureLength(this.entryDoc, entry + 1);
    this.entryKind = ensureLength(this.entryKind, entry + 1);
    this.entryCount = ensureLength(this.entryCount, entry + 1);
    this.entryNext = ensureLength(this.entryNext, entry + 1);
    return entry;
  }
}
