export interface TrieEdgesSnapshot {
  nodes: Int32Array<ArrayBuffer>;
  terms: Int32Array<ArrayBuffer>;
  children: Int32Array<ArrayBuffer>;
  size: number;
}

/**
 * The edges (node, term) → child of a word trie, in an open-addressing hash table of typed arrays. A Map keyed by
 * node × 2²² + term needs a heap number per key once nodes pass 512, and hashing those dominated text scans;
 * this table hashes two small integers and costs 12 bytes per slot. Edges are never removed.
 */
export class TrieEdges {
  private nodes = new Int32Array(1024).fill(-1);
  private terms = new Int32Array(1024);
  private children = new Int32Array(1024);
  private size = 0;
  /**
   * One bit per hash value modulo 4 × the slots, set for every edge stored: a text scan asks mostly for edges that do
   * not exist, and this filter (128 KB for a million slots, where the table is 12 MB) answers ~9 in 10 of those
   * without reading the table, whose slots are each a cache miss at 100,000 pages. Derived, never stored.
   */
  private filter = new Int32Array(128);

  get(node: number, termId: number): number {
    const h = hash(node, termId);
    const bit = h & (this.filter.length * 32 - 1);
    if ((this.filter[bit >>> 5]! & (1 << (bit & 31))) === 0) return -1;
    const mask = this.nodes.length - 1;
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      const stored = this.nodes[slot]!;
      if (stored === -1) return -1;
      if (stored === node && this.terms[slot] === termId) return this.children[slot]!;
    }
  }

  /** Calls `visit` with every edge's node and term, in no particular order. */
  forEachEdge(visit: (node: number, termId: number) => void): void {
    const { nodes, terms } = this;
    for (let slot = 0; slot < nodes.length; slot += 1) {
      if (nodes[slot] !== -1) visit(nodes[slot]!, terms[slot]!);
    }
  }

  snapshot(): TrieEdgesSnapshot {
    return { nodes: this.nodes.slice(), terms: this.terms.slice(), children: this.children.slice(), size: this.size };
  }

  restoreSnapshot(snapshot: TrieEdgesSnapshot): void {
    ({ nodes: this.nodes, terms: this.terms, children: this.children, size: this.size } = snapshot);
    this.filter = new Int32Array(this.nodes.length / 8);
    for (let slot = 0; slot < this.nodes.length; slot += 1) {
      if (this.nodes[slot] !== -1) this.markFilter(hash(this.nodes[slot]!, this.terms[slot]!));
    }
  }

  /** Adds an edge that is not in the table yet. */
  set(node: number, termId: number, child: number): void {
    if ((this.size + 1) * 2 > this.nodes.length) this.grow();
    this.place(node, termId, child);
    this.size += 1;
  }

  private place(node: number, termId: number, child: number): void {
    const mask = this.nodes.length - 1;
    const h = hash(node, termId);
    this.markFilter(h);
    let slot = h & mask;
    while (this.nodes[slot] !== -1) slot = (slot + 1) & mask;
    this.nodes[slot] = node;
    this.terms[slot] = termId;
    this.children[slot] = child;
  }

  private grow(): void {
    const { nodes, terms, children } = this;
    this.nodes = new Int32Array(nodes.length * 2).fill(-1);
    this.terms = new Int32Array(nodes.length * 2);
    this.children = new Int32Array(nodes.length * 2);
    this.filter = new Int32Array((nodes.length * 2) / 8);
    for (let slot = 0; slot < nodes.length; slot += 1) {
      if (nodes[slot] !== -1) this.place(nodes[slot]!, terms[slot]!, children[slot]!);
    }
  }

  private markFilter(h: number): void {
    const bit = h & (this.filter.length * 32 - 1);
    this.filter[bit >>> 5] = this.filter[bit >>> 5]! | (1 << (bit & 31));
  }
}

function hash(node: number, termId: number): number {
  return (Math.imul(node, 0x9e3779b1) ^ Math.imul(termId + 0x7f4a7c15, 0x85ebca77)) >>> 0;
}
