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
/** Document numbers above this are refused: a node packs its first entry's page with its kind in 31 bits. */
const MAX_DOC_NO = (1 << 27) - 1;

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

/** A node's fields in `nodes` (four: a node never straddles a cache line). */
const NODE_FIELDS = 4;
const HEAD = 0;
const DOCS = 1;
/** One bit per child, at a hash of the child's term id: most words a text scan asks a node for are not among them. */
const CHILD_TERMS = 2;
/** The first entry's page, kind and whether more entries follow, packed (FIRST_*), or NO_ENTRY when none is listed. */
const FIRST = 3;
const FIRST_MORE = 1;
const FIRST_KIND_SHIFT = 1;
const FIRST_KIND_MASK = 7;
const FIRST_DOC_SHIFT = 4;
/** A node's head when no phrase ends there, or when it ends there for too many pages to list them. */
const NO_ENTRY = -1;
const SATURATED = -2;

/** Pages a node lists in `otherDocs` (`otherDocNo`): those of a phrase naming up to four, less the first entry's. */
export const OTHER_DOCS = 3;

/** An entry's fields in `entryData`. */
const ENTRY_FIELDS = 4;
const DOC = 0;
const NEXT = 1;
const KIND = 2;
const COUNT = 3;

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
  /**
   * Per node, NODE_FIELDS numbers side by side: its first entry (NO_ENTRY, or SATURATED once a phrase has named more
   * than SATURATION pages — "Introduction", "See also" —, which can never single out a target, so its entries are
   * dropped and further pages only counted: adds stay O(1) for such phrases), its distinct pages, kept up to date
   * so ambiguity costs nothing at query time, a one-word filter of its children's terms and a copy of its first
   * entry's page and kind. Side by side, a text scan reaching a node at 100,000 pages (350,000 nodes) waits on memory
   * once for all of them: for most nodes (one entry, few children) it then reads neither the entries (a cache miss
   * each) nor the edge table and its filter (one more) to learn that the next word leads nowhere. Derived fields
   * (children's terms, the first entry's copy) are not stored in snapshots but rebuilt on restore.
   */
  private nodes = newNodes(1024);
  /**
   * Per node, OTHER_DOCS numbers: the pages its entries name after the first entry's, each once, in the order the
   * entries list them (NO_ENTRY after the last). A text scan that needs only which pages a node names (inbound
   * generation: every page but the target) reads them here, one cache miss, instead of each entry, one miss each: a
   * page's text reaches ≈ 190 nodes naming two to four pages. Derived like FIRST, not stored in snapshots.
   */
  private otherDocs = new Int32Array(1024 * OTHER_DOCS).fill(NO_ENTRY);
  /** Per entry, ENTRY_FIELDS numbers side by side (one cache line holds them): page, next entry, kind, count. */
  private entryData = new Int32Array(1024 * ENTRY_FIELDS);
  private entryTotal = 0;
  private freeEntry = -1;

  /** The stored form keeps one array per field (the format read by earlier builds). */
  snapshot(): PhraseIndexSnapshot {
    const { nodeCount, entryTotal, nodes, entryData: entries } = this;
    const nodeHead = new Int32Array(nodeCount);
    const nodeDocs = new Int32Array(nodeCount);
    const saturated = new Uint8Array(nodeCount);
    for (let node = 0; node < nodeCount; node += 1) {
      const head = nodes[node * NODE_FIELDS + HEAD]!;
      nodeHead[node] = head === SATURATED ? NO_ENTRY : head;
      saturated[node] = head === SATURATED ? 1 : 0;
      nodeDocs[node] = nodes[node * NODE_FIELDS + DOCS]!;
    }
    const entryDoc = new Int32Array(entryTotal);
    const entryKind = new Uint8Array(entryTotal);
    const entryCount = new Int32Array(entryTotal);
    const entryNext = new Int32Array(entryTotal);
    for (let entry = 0; entry < entryTotal; entry += 1) {
      const at = entry * ENTRY_FIELDS;
      entryDoc[entry] = entries[at + DOC]!;
      entryNext[entry] = entries[at + NEXT]!;
      entryKind[entry] = entries[at + KIND]!;
      entryCount[entry] = entries[at + COUNT]!;
    }
    return {
      edges: this.edges.snapshot(),
      rootChildren: this.rootChildren.slice(),
      nodeCount,
      nodeHead,
      nodeDocs,
      saturated,
      entryDoc,
      entryKind,
      entryCount,
      entryNext,
      entryTotal,
      freeEntry: this.freeEntry,
    };
  }

  restoreSnapshot(snapshot: PhraseIndexSnapshot): void {
    this.edges.restoreSnapshot(snapshot.edges);
    const { nodeCount, entryTotal } = snapshot;
    this.rootChildren = snapshot.rootChildren;
    this.nodeCount = nodeCount;
    this.nodes = newNodes(Math.max(1, nodeCount));
    for (let node = 0; node < nodeCount; node += 1) {
      this.nodes[node * NODE_FIELDS + HEAD] = snapshot.saturated[node] === 1 ? SATURATED : snapshot.nodeHead[node]!;
      this.nodes[node * NODE_FIELDS + DOCS] = snapshot.nodeDocs[node]!;
    }
    this.edges.forEachEdge((node, termId) => this.markChild(node, termId));
    this.entryData = new Int32Array(Math.max(1, entryTotal) * ENTRY_FIELDS);
    for (let entry = 0; entry < entryTotal; entry += 1) {
      const at = entry * ENTRY_FIELDS;
      this.entryData[at + DOC] = snapshot.entryDoc[entry]!;
      this.entryData[at + NEXT] = snapshot.entryNext[entry]!;
      this.entryData[at + KIND] = snapshot.entryKind[entry]!;
      this.entryData[at + COUNT] = snapshot.entryCount[entry]!;
    }
    this.entryTotal = entryTotal;
    this.freeEntry = snapshot.freeEntry;
    this.otherDocs = new Int32Array(Math.max(1, nodeCount) * OTHER_DOCS).fill(NO_ENTRY);
    for (let node = 0; node < nodeCount; node += 1) this.summariseEntries(node);
  }

  add(docNo: number, kind: PhraseKind, termIds: ArrayLike<number>, count = 1): void {
    if (docNo > MAX_DOC_NO) throw new Error('too many pages for the phrase index');
    let node = 0;
    for (let i = 0; i < termIds.length; i += 1) node = this.childOrCreate(node, termIds[i]!);
    const { nodes } = this;
    const at = node * NODE_FIELDS;
    if (nodes[at + HEAD] === SATURATED) {
      nodes[at + DOCS] = nodes[at + DOCS]! + 1;
      return;
    }
    let docSeen = false;
    for (let e = nodes[at + HEAD]!; e !== NO_ENTRY; e = this.entryData[e * ENTRY_FIELDS + NEXT]!) {
      if (this.entryData[e * ENTRY_FIELDS + DOC] !== docNo) continue;
      if (this.entryData[e * ENTRY_FIELDS + KIND] === kind) {
        this.entryData[e * ENTRY_FIELDS + COUNT] = this.entryData[e * ENTRY_FIELDS + COUNT]! + count;
        return;
      }
      docSeen = true;
    }
    if (!docSeen) nodes[at + DOCS] = nodes[at + DOCS]! + 1;
    if (nodes[at + DOCS]! > SATURATION) {
      this.saturate(node);
      return;
    }
    const entry = this.allocateEntry();
    const { entryData: entries } = this;
    entries[entry * ENTRY_FIELDS + DOC] = docNo;
    entries[entry * ENTRY_FIELDS + KIND] = kind;
    entries[entry * ENTRY_FIELDS + COUNT] = count;
    entries[entry * ENTRY_FIELDS + NEXT] = nodes[at + HEAD]!;
    nodes[at + HEAD] = entry;
    this.summariseEntries(node);
  }

  remove(docNo: number, kind: PhraseKind, termIds: ArrayLike<number>, count = 1): void {
    const node = this.find(termIds);
    if (node === -1) return;
    const { nodes, entryData: entries } = this;
    const at = node * NODE_FIELDS;
    if (nodes[at + HEAD] === SATURATED) {
      nodes[at + DOCS] = Math.max(0, nodes[at + DOCS]! - 1);
      return;
    }
    let previous = -1;
    for (let e = nodes[at + HEAD]!; e !== NO_ENTRY; previous = e, e = entries[e * ENTRY_FIELDS + NEXT]!) {
      if (entries[e * ENTRY_FIELDS + DOC] !== docNo || entries[e * ENTRY_FIELDS + KIND] !== kind) continue;
      const left = entries[e * ENTRY_FIELDS + COUNT]! - count;
      if (left > 0) {
        entries[e * ENTRY_FIELDS + COUNT] = left;
        return;
      }
      if (previous === -1) nodes[at + HEAD] = entries[e * ENTRY_FIELDS + NEXT]!;
      else entries[previous * ENTRY_FIELDS + NEXT] = entries[e * ENTRY_FIELDS + NEXT]!;
      entries[e * ENTRY_FIELDS + NEXT] = this.freeEntry;
      this.freeEntry = e;
      this.summariseEntries(node);
      if (!this.hasDoc(node, docNo)) nodes[at + DOCS] = nodes[at + DOCS]! - 1;
      return;
    }
  }

  /** The trie node reached from `node` by one more word, or -1. */
  child(node: number, termId: number): number {
    if (node === 0) return termId < this.rootChildren.length ? this.rootChildren[termId]! : -1;
    if ((this.nodes[node * NODE_FIELDS + CHILD_TERMS]! & childBit(termId)) === 0) return -1;
    return this.edges.get(node, termId);
  }

  /** Whether any phrase ends at this node (a generic phrase counts: its pages are counted, not listed). */
  hasEntries(node: number): boolean {
    return this.nodes[node * NODE_FIELDS + HEAD] !== NO_ENTRY;
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
   * The entries of a node one by one (`firstEntry`, then `nextEntry` until -1), in the order `entries` lists
   * them: a text scan reads them where they are stored instead of building an object per entry at each node it reaches.
   */
  firstEntry(node: number): number {
    const head = this.nodes[node * NODE_FIELDS + HEAD]!;
    return head === SATURATED ? -1 : head;
  }

  nextEntry(entry: number): number {
    return this.entryData[entry * ENTRY_FIELDS + NEXT]!;
  }

  /**
   * The page, kind and whether it is the last of `firstEntry(node)` (a listed entry), read from the node's own fields:
   * a scan that reads those of the first entry this way reads a node listing one entry without touching the entries.
   */
  firstEntryDocNo(node: number): number {
    return this.nodes[node * NODE_FIELDS + FIRST]! >>> FIRST_DOC_SHIFT;
  }

  firstEntryKind(node: number): PhraseKind {
    return ((this.nodes[node * NODE_FIELDS + FIRST]! >>> FIRST_KIND_SHIFT) & FIRST_KIND_MASK) as PhraseKind;
  }

  firstEntryIsLast(node: number): boolean {
    return (this.nodes[node * NODE_FIELDS + FIRST]! & FIRST_MORE) === 0;
  }

  /**
   * The `index`-th page (0 to 2) a node's entries name after the first entry's, each page once, in the order of the
   * entries; -1 past the last. A node naming at most four pages (a phrase naming more is ambiguous, see
   * `distinctDocs`) lists them all here with `firstEntryDocNo`.
   */
  otherDocNo(node: number, index: number): number {
    return this.otherDocs[node * OTHER_DOCS + index]!;
  }

  entryDocNo(entry: number): number {
    return this.entryData[entry * ENTRY_FIELDS + DOC]!;
  }

  entryKindOf(entry: number): PhraseKind {
    return this.entryData[entry * ENTRY_FIELDS + KIND] as PhraseKind;
  }

  entryCountOf(entry: number): number {
    return this.entryData[entry * ENTRY_FIELDS + COUNT]!;
  }

  /** Number of distinct pages a phrase names: a phrase naming many is ambiguous. */
  distinctDocs(node: number): number {
    return this.nodes[node * NODE_FIELDS + DOCS]!;
  }

  private saturate(node: number): void {
    const at = node * NODE_FIELDS;
    for (let e = this.nodes[at + HEAD]!; e !== NO_ENTRY; ) {
      const next = this.entryData[e * ENTRY_FIELDS + NEXT]!;
      this.entryData[e * ENTRY_FIELDS + NEXT] = this.freeEntry;
      this.freeEntry = e;
      e = next;
    }
    this.nodes[at + HEAD] = SATURATED;
    this.summariseEntries(node);
  }

  /**
   * Keeps the node's summary of its entries, the copy of its first (FIRST) and its other pages (otherDocs), in step
   * with its list; call after every change to the list. Reads the list (a phrase lists at most SATURATION pages, a few
   * entries each).
   */
  private summariseEntries(node: number): void {
    const at = node * NODE_FIELDS;
    const others = node * OTHER_DOCS;
    this.otherDocs.fill(NO_ENTRY, others, others + OTHER_DOCS);
    const head = this.nodes[at + HEAD]!;
    if (head < 0) {
      this.nodes[at + FIRST] = NO_ENTRY;
      return;
    }
    const { entryData: entries, otherDocs } = this;
    const entry = head * ENTRY_FIELDS;
    const first = entries[entry + DOC]!;
    const more = entries[entry + NEXT] === NO_ENTRY ? 0 : FIRST_MORE;
    this.nodes[at + FIRST] = (first << FIRST_DOC_SHIFT) | (entries[entry + KIND]! << FIRST_KIND_SHIFT) | more;
    let listed = 0;
    for (let e = entries[entry + NEXT]!; e !== NO_ENTRY && listed < OTHER_DOCS; e = entries[e * ENTRY_FIELDS + NEXT]!) {
      const docNo = entries[e * ENTRY_FIELDS + DOC]!;
      if (docNo === first) continue;
      let seen = false;
      for (let i = 0; i < listed; i += 1) if (otherDocs[others + i] === docNo) seen = true;
      if (seen) continue;
      otherDocs[others + listed] = docNo;
      listed += 1;
    }
  }

  private markChild(node: number, termId: number): void {
    const at = node * NODE_FIELDS + CHILD_TERMS;
    this.nodes[at] = this.nodes[at]! | childBit(termId);
  }

  private hasDoc(node: number, docNo: number): boolean {
    for (let e = this.firstEntry(node); e !== -1; e = this.nextEntry(e)) if (this.entryDocNo(e) === docNo) return true;
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
      this.markChild(node, termId);
    }
    if ((created + 1) * NODE_FIELDS > this.nodes.length) {
      const oldLength = this.nodes.length;
      this.nodes = ensureLength(this.nodes, (created + 1) * NODE_FIELDS);
      this.nodes.fill(NO_ENTRY, oldLength);
    }
    if ((created + 1) * OTHER_DOCS > this.otherDocs.length) {
      const oldLength = this.otherDocs.length;
      this.otherDocs = ensureLength(this.otherDocs, (created + 1) * OTHER_DOCS);
      this.otherDocs.fill(NO_ENTRY, oldLength);
    }
    this.nodes[created * NODE_FIELDS + HEAD] = NO_ENTRY;
    this.nodes[created * NODE_FIELDS + DOCS] = 0;
    this.nodes[created * NODE_FIELDS + CHILD_TERMS] = 0;
    this.nodes[created * NODE_FIELDS + FIRST] = NO_ENTRY;
    return created;
  }

  private allocateEntry(): number {
    if (this.freeEntry !== -1) {
      const entry = this.freeEntry;
      this.freeEntry = this.entryData[entry * ENTRY_FIELDS + NEXT]!;
      return entry;
    }
    const entry = this.entryTotal;
    this.entryTotal += 1;
    this.entryData = ensureLength(this.entryData, (entry + 1) * ENTRY_FIELDS);
    return entry;
  }
}

/** `count` nodes' fields, each node without entries or children. */
function newNodes(count: number): Int32Array {
  const nodes = new Int32Array(count * NODE_FIELDS).fill(NO_ENTRY);
  for (let node = 0; node < count; node += 1) nodes[node * NODE_FIELDS + CHILD_TERMS] = 0;
  return nodes;
}

/** A term's bit in a node's CHILD_TERMS (the top five bits of a multiplicative hash: term ids are dense). */
function childBit(termId: number): number {
  return 1 << (Math.imul(termId, 0x9e3779b1) >>> 27);
}
