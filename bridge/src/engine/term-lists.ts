import { ensureLength } from './typed-arrays.js';

export interface TermListsSnapshot {
  data: Int32Array<ArrayBuffer>;
  used: number;
  live: number;
  offsets: Int32Array<ArrayBuffer>;
  lengths: Uint16Array<ArrayBuffer>;
}

/**
 * Short lists of integers per document (term ids, or their counts), packed into one growable array. Hundreds of thousands of tiny typed
 * arrays would each be a separate allocation that pins memory between the short-lived ones of every sync; one
 * array does not. A replaced list leaves a hole; the array is repacked when holes make up half of it.
 */
export class TermLists {
  private data = new Int32Array(4096);
  private used = 0;
  private live = 0;
  private offsets = new Int32Array(1024).fill(-1);
  private lengths = new Uint16Array(1024);

  set(docNo: number, terms: ArrayLike<number>): void {
    this.clear(docNo);
    if (this.used - this.live > this.live && this.used > 65_536) this.repack();
    this.ensureDoc(docNo);
    this.data = ensureLength(this.data, this.used + terms.length);
    for (let i = 0; i < terms.length; i += 1) this.data[this.used + i] = terms[i]!;
    this.offsets[docNo] = this.used;
    this.lengths[docNo] = terms.length;
    this.used += terms.length;
    this.live += terms.length;
  }

  /** The document's list as a view (valid until the next `set`), or undefined. */
  get(docNo: number): Int32Array | undefined {
    const offset = this.offsets[docNo] ?? -1;
    return offset === -1 ? undefined : this.data.subarray(offset, offset + this.lengths[docNo]!);
  }

  /**
   * Where the document's list starts in `entries`, or -1: the cosine reads hundreds of targets' lists a request, and
   * a view each (`get`) was an allocation each.
   */
  offsetOf(docNo: number): number {
    return this.offsets[docNo] ?? -1;
  }

  lengthOf(docNo: number): number {
    return this.lengths[docNo] ?? 0;
  }

  /** Every list's entries, at `offsetOf`; valid until the next `set`. */
  get entries(): Int32Array {
    return this.data;
  }

  clear(docNo: number): void {
    if ((this.offsets[docNo] ?? -1) === -1) return;
    this.live -= this.lengths[docNo]!;
    this.offsets[docNo] = -1;
    this.lengths[docNo] = 0;
  }

  private ensureDoc(docNo: number): void {
    if (docNo < this.offsets.length) return;
    const oldLength = this.offsets.length;
    this.offsets = ensureLength(this.offsets, docNo + 1);
    this.offsets.fill(-1, oldLength);
    this.lengths = ensureLength(this.lengths, docNo + 1);
  }

  snapshot(): TermListsSnapshot {
    return { data: this.data.slice(0, this.used), used: this.used, live: this.live, offsets: this.offsets.slice(), lengths: this.lengths.slice() };
  }

  restoreSnapshot(snapshot: TermListsSnapshot): void {
    ({ data: this.data, used: this.used, live: this.live, offsets: this.offsets, lengths: this.lengths } = snapshot);
  }

  private repack(): void {
    const packed = new Int32Array(Math.max(4096, this.live * 2));
    let used = 0;
    for (let docNo = 0; docNo < this.offsets.length; docNo += 1) {
      const offset = this.offsets[docNo]!;
      if (offset === -1) continue;
      const length = this.lengths[docNo]!;
      packed.set(this.data.subarray(offset, offset + length), used);
      this.offsets[docNo] = used;
      used += length;
    }
    this.data = packed;
    this.used = used;
  }
}
