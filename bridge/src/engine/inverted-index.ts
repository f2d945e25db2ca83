import { ensureLength } from './typed-arrays.js';

const PAGE_BITS = 20;
const PAGE_SIZE = 1 << PAGE_BITS;
/** The last page starts this small and doubles as blocks fill it: a small site's index does not hold 5 MB of pool. */
const FIRST_PAGE_SIZE = 1 << 12;
const MAX_BLOCK = 4096;
const FIRST_BLOCK = 2;
/** Below this many postings the pool is never repacked: a small site's chains are short and cache-resident. */
const MIN_REPACK = 1 << 16;

/** Quantised impact: a posting's BM25 term-frequency part scaled to 1–255, one byte per posting. */
export const IMPACT_SCALE = 255;

export interface InvertedIndexSnapshot {
  docPages: Int32Array<ArrayBuffer>[];
  impactPages: Uint8Array<ArrayBuffer>[];
  poolEnd: number;
  blockStart: Int32Array<ArrayBuffer>;
  blockCapacity: Int32Array<ArrayBuffer>;
  blockNext: Int32Array<ArrayBuffer>;
  blockCount: number;
  termHead: Int32Array<ArrayBuffer>;
  termTail: Int32Array<ArrayBuffer>;
  termLength: Int32Array<ArrayBuffer>;
  termCapacity: Int32Array<ArrayBuffer>;
}

/** The power of two from FIRST_PAGE_SIZE to PAGE_SIZE that holds `entries`. */
function pageSizeFor(entries: number): number {
  let size = FIRST_PAGE_SIZE;
  while (size < entries && size < PAGE_SIZE) size *= 2;
  return size;
}

/** One scored document of a search. */
export interface ScoredDocument {
  docNo: number;
  score: number;
}

/**
 * Term → (document number, impact) postings in typed arrays.
 *
 * Postings live in 1 M-entry pages, each term's list in a chain of blocks that double in size, so adding a page
 * never copies the index and a vocabulary of hundreds of thousands of terms costs no object per term. A term's
 * postings are unordered: search accumulates scores per document, so order does not matter, and removal swaps the
 * removed posting with the term's last one.
 */
export class InvertedIndex {
  private docPages: Int32Array[] = [];
  private impactPages: Uint8Array[] = [];
  private poolEnd = 0;

  private blockStart = new Int32Array(1024);
  private blockCapacity = new Int32Array(1024);
  private blockNext = new Int32Array(1024);
  private blockCount = 0;

  private termHead = new Int32Array(1024).fill(-1);
  private termTail = new Int32Array(1024).fill(-1);
  private termLength = new Int32Array(1024);
  private termCapacity = new Int32Array(1024);

  /** Postings held, and held when the pool was last repacked: repacking when they have doubled keeps adds O(1). */
  private postingTotal = 0;
  private packedTotal = 0;

  private scores = new Float32Array(1024);
  private touched = new Int32Array(1024);
  /** One bit per document: the candidates of a `placeOf` (all clear between calls). */
  private candidateBits: Int32Array = new Int32Array(1024);
  /** Per term, the largest impact of its postings or more, 0 until read (`largestImpact`). Not stored in snapshots. */
  private termMaxImpact = new Uint8Array(1024);
  /** `impactOf`'s answers for one document (impactsDoc), by term; forgotten at any change of the postings. */
  private impactsDoc = -1;
  private readonly impactsOfDoc = new Map<number, number>();

  snapshot(): InvertedIndexSnapshot {
    const used = (page: number): number => Math.min(PAGE_SIZE, this.poolEnd - page * PAGE_SIZE);
    return {
      docPages: this.docPages.map((page, i) => page.slice(0, used(i))),
      impactPages: this.impactPages.map((page, i) => page.slice(0, used(i))),
      poolEnd: this.poolEnd,
      blockStart: this.blockStart.slice(0, this.blockCount),
      blockCapacity: this.blockCapacity.slice(0, this.blockCount),
      blockNext: this.blockNext.slice(0, this.blockCount),
      blockCount: this.blockCount,
      termHead: this.termHead.slice(),
      termTail: this.termTail.slice(),
      termLength: this.termLength.slice(),
      termCapacity: this.termCapacity.slice(),
    };
  }

  /**
   * Takes the state of a snapshot. Pages were cut to their used part: all but the last get their full size back (a
   * position is its page and offset); the last grows as blocks are added (addBlock).
   */
  restoreSnapshot(snapshot: InvertedIndexSnapshot): void {
    if (this.blockCount !== 0) throw new Error('restoreSnapshot needs an empty index');
    const last = snapshot.docPages.length - 1;
    const sized = <T extends Int32Array | Uint8Array>(page: T, i: number, make: (size: number) => T): T => {
      const size = i < last ? PAGE_SIZE : pageSizeFor(page.length);
      if (page.length === size) return page;
      const grown = make(size);
      grown.set(page);
      return grown;
    };
    this.docPages = snapshot.docPages.map((page, i) => sized(page, i, (size) => new Int32Array(size)));
    this.impactPages = snapshot.impactPages.map((page, i) => sized(page, i, (size) => new Uint8Array(size)));
    ({
      poolEnd: this.poolEnd,
      blockStart: this.blockStart,
      blockCapacity: this.blockCapacity,
      blockNext: this.blockNext,
      blockCount: this.blockCount,
      termHead: this.termHead,
      termTail: this.termTail,
      termLength: this.termLength,
      termCapacity: this.termCapacity,
    } = snapshot);
    this.termMaxImpact = new Uint8Array(this.termHead.length);
    this.impactsDoc = -1;
    this.postingTotal = this.termLength.reduce((sum, length) => sum + length, 0);
    this.packedTotal = this.postingTotal;
  }

  /** Number of postings of a term. */
  postingCount(termId: number): number {
    return this.termLength[termId] ?? 0;
  }

  add(docNo: number, termIds: ArrayLike<number>, impacts: ArrayLike<number>): void {
    this.impactsDoc = -1;
    for (let i = 0; i < termIds.length; i += 1) this.append(termIds[i]!, docNo, impacts[i]!);
    this.postingTotal += termIds.length;
    if (this.postingTotal >= MIN_REPACK && this.postingTotal >= 2 * this.packedTotal) this.repack();
  }

  /** Postings per term for terms 0..termCount-1, stored so that a restart can `reserve` exactly. */
  postingCounts(termCount: number): Int32Array {
    const counts = new Int32Array(termCount);
    counts.set(this.termLength.subarray(0, Math.min(termCount, this.termLength.length)));
    return counts;
  }

  /**
   * Gives each term of an empty index one block of exactly its stored posting count, so that loading 100,000
   * pages appends into place instead of growing block chains.
   */
  reserve(counts: Int32Array): void {
    if (this.blockCount !== 0) throw new Error('reserve needs an empty index');
    this.ensureTerm(Math.max(0, counts.length - 1));
    for (let termId = 0; termId < counts.length; termId += 1) {
      const count = counts[termId]!;
      if (count > 0) this.addBlock(termId, Math.min(PAGE_SIZE, Math.max(FIRST_BLOCK, count)));
    }
    // Loading appends into these blocks: nothing to repack until the index has doubled again.
    this.packedTotal = counts.reduce((sum, count) => sum + count, 0);
  }

  remove(docNo: number, termIds: ArrayLike<number>): void {
    this.impactsDoc = -1;
    for (let i = 0; i < termIds.length; i += 1) this.removePosting(termIds[i]!, docNo);
  }

  /**
   * Top `k` documents by Σ weight(term) × impact(term, doc), over documents `accept` allows.
   * Term-at-a-time into a dense accumulator: fast for the 25–30 term queries of "more like this".
   */
  search(termIds: ArrayLike<number>, weights: ArrayLike<number>, k: number, accept: (docNo: number) => boolean): ScoredDocument[] {
    return this.searchWithScoresOf(termIds, weights, k, accept, []).top;
  }

  /**
   * `search`, plus the scores of the given documents whether they make the top k or not (0 when no query term
   * reaches them): read straight from the accumulator instead of a callback per matching document.
   */
  searchWithScoresOf(
    termIds: ArrayLike<number>,
    weights: ArrayLike<number>,
    k: number,
    accept: (docNo: number) => boolean,
    docNos: readonly number[],
  ): { top: ScoredDocument[]; scores: Float64Array } {
    const touchedCount = this.accumulate(termIds, weights);
    const { touched } = this;
    const accumulator = this.scores;
    const scores = Float64Array.from(docNos, (docNo) => accumulator[docNo] ?? 0);
    const top = new TopK(k);
    for (let i = 0; i < touchedCount; i += 1) {
      const docNo = touched[i]!;
      const score = accumulator[docNo]!;
      accumulator[docNo] = 0;
      if (score > top.threshold && accept(docNo)) top.offer(docNo, score);
    }
    return { top: top.sorted(), scores };
  }

  /**
   * Where `docNo` stands in `searchWithScoresOf(termIds, weights, k, accept, …)` when it is among the top k: its
   * score, the documents above it (on a tie, the lower document number first) and the best score, counted without
   * ranking anything. null when it scores 0 or k other documents score as much: which of those a top-k search keeps
   * then turns on ties, so the caller searches in full. `accept` is asked only about documents scoring as much.
   *
   * Only documents scoring at least as much as `docNo` count, so its score is found first (its impacts looked up
   * in the postings) and the query's terms are split as MaxScore splits them: the weak terms, whose largest
   * contributions together stay below that score, cannot lift a document to it alone. A document is a candidate when
   * another term lists it (or it is `docNo`); the weak terms' postings, two in three of a "more like this" at 100,000
   * pages, then only add to candidates: a test of a bit (12 KB for 100,000 pages) where every posting was added into
   * the 400 KB accumulator and listed as touched. A candidate is summed over every term in query order, as
   * `accumulate` sums it, so the scores compared are the very same float32 numbers, and the counting loop below reads
   * the candidates (a third of the documents touched) in the order it read all of them.
   */
  placeOf(
    termIds: ArrayLike<number>,
    weights: ArrayLike<number>,
    docNo: number,
    k: number,
    accept: (docNo: number) => boolean,
  ): { score: number; above: number; best: number } | null {
    const weak = this.weakTerms(termIds, weights, docNo);
    if (weak === null) return null;
    const touchedCount = weak === NO_WEAK_TERMS ? this.accumulate(termIds, weights) : this.accumulateCandidates(termIds, weights, weak, docNo);
    const { touched } = this;
    const accumulator = this.scores;
    const score = accumulator[docNo] ?? 0;
    let atLeast = 0;
    let above = 0;
    let best = score;
    for (let i = 0; i < touchedCount; i += 1) {
      const other = touched[i]!;
      const otherScore = accumulator[other]!;
      accumulator[other] = 0;
      if (otherScore < score || other === docNo || atLeast >= k || !accept(other)) continue;
      atLeast += 1;
      if (otherScore > score || other < docNo) above += 1;
      if (otherScore > best) best = otherScore;
    }
    return score === 0 || atLeast >= k ? null : { score, above, best };
  }

  /**
   * Per query term, 1 when it is weak, else 0: the weak terms' largest contributions (weight × largest impact) sum
   * below `docNo`'s score (summed as `accumulate` sums it), rounding included, so a document they alone list scores
   * less. NO_WEAK_TERMS when none is; null when `docNo` scores 0 (no term lists it).
   */
  private weakTerms(termIds: ArrayLike<number>, weights: ArrayLike<number>, docNo: number): Uint8Array | null {
    const terms = termIds.length;
    const bounds = new Float64Array(terms);
    let score = 0;
    let signed = false;
    for (let t = 0; t < terms; t += 1) {
      const termId = termIds[t]!;
      const weight = weights[t]!;
      // A negative weight (never in "more like this": idf is never negative) would make a sum of bounds no bound.
      if (!(weight >= 0)) signed = true;
      bounds[t] = weight * this.largestImpact(termId);
      const own = this.impactOf(termId, docNo);
      if (own !== 0) score = Math.fround(score + weight * own);
    }
    if (score === 0) return null;
    if (signed) return NO_WEAK_TERMS;
    const weak = new Uint8Array(terms);
    const order = Array.from(bounds.keys()).sort((x, y) => bounds[x]! - bounds[y]!);
    const rounding = roundingOf(terms);
    let weakSum = 0;
    let weakCount = 0;
    for (const t of order) {
      if ((weakSum + bounds[t]!) * rounding >= score) break;
      weakSum += bounds[t]!;
      weak[t] = 1;
      weakCount += 1;
    }
    return weakCount === 0 ? NO_WEAK_TERMS : weak;
  }

  /**
   * The impact of `docNo` in a term's postings, 0 when it is not listed. Looked for once per term while the index is
   * unchanged and `docNo` stays the one asked about: the sources of one inbound request ask about one target, and
   * their queries share most terms (a posting list is read about six times per request at 100,000 pages).
   */
  private impactOf(termId: number, docNo: number): number {
    if (docNo !== this.impactsDoc) {
      this.impactsDoc = docNo;
      this.impactsOfDoc.clear();
    }
    const known = this.impactsOfDoc.get(termId);
    if (known !== undefined) return known;
    let impact = 0;
    let remaining = this.termLength[termId] ?? 0;
    search: for (let block = this.termHead[termId] ?? -1; block !== -1 && remaining > 0; block = this.blockNext[block]!) {
      const start = this.blockStart[block]!;
      const offset = start & (PAGE_SIZE - 1);
      const end = offset + Math.min(this.blockCapacity[block]!, remaining);
      const docs = this.docPages[start >>> PAGE_BITS]!;
      for (let i = offset; i < end; i += 1) {
        if (docs[i] !== docNo) continue;
        impact = this.impactPages[start >>> PAGE_BITS]![i]!;
        break search;
      }
      remaining -= end - offset;
    }
    this.impactsOfDoc.set(termId, impact);
    return impact;
  }

  /** The largest impact among a term's postings, or more (a removal leaves it as it was): read once, then kept. */
  private largestImpact(termId: number): number {
    const known = this.termMaxImpact[termId] ?? 0;
    if (known !== 0 || (this.termLength[termId] ?? 0) === 0) return known;
    let largest = 0;
    this.forEachPostingRun(termId, (_docs, impacts, from, to) => {
      for (let i = from; i < to; i += 1) if (impacts[i]! > largest) largest = impacts[i]!;
    });
    this.termMaxImpact[termId] = largest;
    return largest;
  }

  /**
   * `accumulate` for the candidates only: documents listed by a term that is not weak, and `docNo`. Each is summed over
   * every term in query order, as `accumulate` sums it; the others are left at 0 and not listed in `touched`.
   */
  private accumulateCandidates(termIds: ArrayLike<number>, weights: ArrayLike<number>, weak: Uint8Array, docNo: number): number {
    let postingCount = 1;
    for (let t = 0; t < termIds.length; t += 1) postingCount += this.termLength[termIds[t]!] ?? 0;
    this.touched = ensureLength(this.touched, postingCount);
    const { touched } = this;
    let candidates: Int32Array = this.candidateBits;
    if (docNo >>> 5 >= candidates.length) candidates = this.growCandidates(docNo);
    candidates[docNo >>> 5] = candidates[docNo >>> 5]! | (1 << (docNo & 31));
    for (let t = 0; t < termIds.length; t += 1) {
      if (weak[t] === 1) continue;
      const termId = termIds[t]!;
      let remaining = this.termLength[termId] ?? 0;
      for (let block = this.termHead[termId] ?? -1; block !== -1 && remaining > 0; block = this.blockNext[block]!) {
        const start = this.blockStart[block]!;
        const offset = start & (PAGE_SIZE - 1);
        const end = offset + Math.min(this.blockCapacity[block]!, remaining);
        const docs = this.docPages[start >>> PAGE_BITS]!;
        for (let i = offset; i < end; i += 1) {
          const doc = docs[i]!;
          if (doc >>> 5 >= candidates.length) candidates = this.growCandidates(doc);
          candidates[doc >>> 5] = candidates[doc >>> 5]! | (1 << (doc & 31));
        }
        remaining -= end - offset;
      }
    }
    let accumulator: Float32Array = this.scores;
    let touchedCount = 0;
    for (let t = 0; t < termIds.length; t += 1) {
      const termId = termIds[t]!;
      const weight = weights[t]!;
      const onlyCandidates = weak[t] === 1;
      let remaining = this.termLength[termId] ?? 0;
      for (let block = this.termHead[termId] ?? -1; block !== -1 && remaining > 0; block = this.blockNext[block]!) {
        const start = this.blockStart[block]!;
        const page = start >>> PAGE_BITS;
        const offset = start & (PAGE_SIZE - 1);
        const end = offset + Math.min(this.blockCapacity[block]!, remaining);
        const docs = this.docPages[page]!;
        const impacts = this.impactPages[page]!;
        for (let i = offset; i < end; i += 1) {
          const doc = docs[i]!;
          if (onlyCandidates && ((candidates[doc >>> 5] ?? 0) & (1 << (doc & 31))) === 0) continue;
          if (doc >= accumulator.length) accumulator = this.growAccumulator(doc + 1);
          const before = accumulator[doc]!;
          if (before === 0) touched[touchedCount++] = doc;
          accumulator[doc] = before + weight * impacts[i]!;
        }
        remaining -= end - offset;
      }
    }
    // Every candidate is listed in touched (a term that is not weak lists it, or it is docNo, whose score is not 0).
    for (let i = 0; i < touchedCount; i += 1) candidates[touched[i]! >>> 5] = 0;
    return touchedCount;
  }

  /**
   * Σ weight(term) × impact(term, doc) into the dense accumulator, term at a time; returns how many documents it
   * touched, listed first in `touched`. The caller reads their scores and sets them back to 0.
   */
  private accumulate(termIds: ArrayLike<number>, weights: ArrayLike<number>): number {
    // Locals rather than fields in the loop over postings (tens of thousands at 100,000 pages): the touched list
    // is sized up front, as no query touches more documents than it has postings.
    let postingCount = 0;
    for (let t = 0; t < termIds.length; t += 1) postingCount += this.termLength[termIds[t]!] ?? 0;
    this.touched = ensureLength(this.touched, postingCount);
    const touched = this.touched;
    let accumulator: Float32Array = this.scores;
    let touchedCount = 0;
    for (let t = 0; t < termIds.length; t += 1) {
      const termId = termIds[t]!;
      const weight = weights[t]!;
      let remaining = this.termLength[termId] ?? 0;
      for (let block = this.termHead[termId] ?? -1; block !== -1 && remaining > 0; block = this.blockNext[block]!) {
        const start = this.blockStart[block]!;
        const page = start >>> PAGE_BITS;
        const offset = start & (PAGE_SIZE - 1);
        const end = offset + Math.min(this.blockCapacity[block]!, remaining);
        const docs = this.docPages[page]!;
        const impacts = this.impactPages[page]!;
        for (let i = offset; i < end; i += 1) {
          const docNo = docs[i]!;
          if (docNo >= accumulator.length) accumulator = this.growAccumulator(docNo + 1);
          const before = accumulator[docNo]!;
          if (before === 0) touched[touchedCount++] = docNo;
          accumulator[docNo] = before + weight * impacts[i]!;
        }
        remaining -= end - offset;
      }
    }
    return touchedCount;
  }

  /**
   * Visits the postings of a term as runs of parallel arrays, `docs[i]` and `impacts[i]` for `from <= i < to`: for
   * loops over thousands of postings that a call per posting would slow down.
   */
  forEachPostingRun(termId: number, visit: (docs: Int32Array, impacts: Uint8Array, from: number, to: number) => void): void {
    let remaining = this.termLength[termId] ?? 0;
    for (let block = this.termHead[termId] ?? -1; block !== -1 && remaining > 0; block = this.blockNext[block]!) {
      const start = this.blockStart[block]!;
      const offset = start & (PAGE_SIZE - 1);
      const n = Math.min(this.blockCapacity[block]!, remaining);
      visit(this.docPages[start >>> PAGE_BITS]!, this.impactPages[start >>> PAGE_BITS]!, offset, offset + n);
      remaining -= n;
    }
  }

  private growCandidates(docNo: number): Int32Array {
    this.candidateBits = ensureLength(this.candidateBits, (docNo >>> 5) + 1);
    return this.candidateBits;
  }

  private growAccumulator(length: number): Float32Array {
    this.scores = ensureLength(this.scores, length);
    return this.scores;
  }

  private ensureTerm(termId: number): void {
    if (termId < this.termHead.length) return;
    const oldLength = this.termHead.length;
    this.termHead = ensureLength(this.termHead, termId + 1);
    this.termTail = ensureLength(this.termTail, termId + 1);
    this.termHead.fill(-1, oldLength);
    this.termTail.fill(-1, oldLength);
    this.termLength = ensureLength(this.termLength, termId + 1);
    this.termCapacity = ensureLength(this.termCapacity, termId + 1);
    this.termMaxImpact = ensureLength(this.termMaxImpact, termId + 1);
  }

  private append(termId: number, docNo: number, impact: number): void {
    this.ensureTerm(termId);
    const length = this.termLength[termId]!;
    if (length === this.termCapacity[termId]!) this.addBlock(termId, Math.min(MAX_BLOCK, Math.max(FIRST_BLOCK, length)));
    const slot = this.slotOf(termId, length);
    this.docPages[slot >>> PAGE_BITS]![slot & (PAGE_SIZE - 1)] = docNo;
    this.impactPages[slot >>> PAGE_BITS]![slot & (PAGE_SIZE - 1)] = impact;
    this.termLength[termId] = length + 1;
    if (impact > this.termMaxImpact[termId]! && this.termMaxImpact[termId] !== 0) this.termMaxImpact[termId] = impact;
  }

  private removePosting(termId: number, docNo: number): void {
    const length = this.termLength[termId] ?? 0;
    let position = 0;
    for (let block = this.termHead[termId] ?? -1; block !== -1 && position < length; block = this.blockNext[block]!) {
      const start = this.blockStart[block]!;
      const n = Math.min(this.blockCapacity[block]!, length - position);
      const docs = this.docPages[start >>> PAGE_BITS]!;
      const offset = start & (PAGE_SIZE - 1);
      for (let i = 0; i < n; i += 1) {
        if (docs[offset + i] !== docNo) continue;
        const found = start + i;
        const last = this.slotOf(termId, length - 1);
        this.docPages[found >>> PAGE_BITS]![found & (PAGE_SIZE - 1)] = this.docPages[last >>> PAGE_BITS]![last & (PAGE_SIZE - 1)]!;
        this.impactPages[found >>> PAGE_BITS]![found & (PAGE_SIZE - 1)] = this.impactPages[last >>> PAGE_BITS]![last & (PAGE_SIZE - 1)]!;
        this.termLength[termId] = length - 1;
        this.postingTotal -= 1;
        return;
      }
      position += n;
    }
  }

  /**
   * Copies each term's postings, in their order, into one block of their length in a new pool. Grown by appends, a
   * term's list is a chain of blocks doubling from 2 postings, scattered over the pool (≈ 9 a term at 100,000 pages):
   * a "more like this" search waited on memory at each block. One run per term is read at the speed of a stream,
   * and the space of removed postings is given back. Search results are unchanged (same postings, same order).
   */
  private repack(): void {
    const { docPages, impactPages, blockStart, blockCapacity, blockNext, termHead, termLength } = this;
    const terms = termHead.length;
    this.docPages = [];
    this.impactPages = [];
    this.poolEnd = 0;
    this.blockStart = new Int32Array(1024);
    this.blockCapacity = new Int32Array(1024);
    this.blockNext = new Int32Array(1024);
    this.blockCount = 0;
    this.termHead = new Int32Array(terms).fill(-1);
    this.termTail = new Int32Array(terms).fill(-1);
    this.termCapacity = new Int32Array(terms);
    for (let termId = 0; termId < terms; termId += 1) {
      const length = termLength[termId]!;
      // A block never spans two pages of the pool, so a list longer than a page takes several.
      for (let reserved = 0; reserved < length; reserved += PAGE_SIZE) {
        this.addBlock(termId, Math.max(FIRST_BLOCK, Math.min(PAGE_SIZE, length - reserved)));
      }
      let written = 0;
      let remaining = length;
      for (let block = termHead[termId]!; block !== -1 && remaining > 0; block = blockNext[block]!) {
        const start = blockStart[block]!;
        const offset = start & (PAGE_SIZE - 1);
        const n = Math.min(blockCapacity[block]!, remaining);
        for (let i = 0; i < n; ) {
          const slot = this.slotOf(termId, written);
          const run = Math.min(n - i, PAGE_SIZE - (slot & (PAGE_SIZE - 1)));
          this.docPages[slot >>> PAGE_BITS]!.set(docPages[start >>> PAGE_BITS]!.subarray(offset + i, offset + i + run), slot & (PAGE_SIZE - 1));
          this.impactPages[slot >>> PAGE_BITS]!.set(impactPages[start >>> PAGE_BITS]!.subarray(offset + i, offset + i + run), slot & (PAGE_SIZE - 1));
          i += run;
          written += run;
        }
        remaining -= n;
      }
    }
    this.packedTotal = this.postingTotal;
  }

  /** Pool slot of the posting at `position` in a term's list. */
  private slotOf(termId: number, position: number): number {
    // Appends land in the tail block; only removals look further back.
    const tail = this.termTail[termId]!;
    const tailFirst = this.termCapacity[termId]! - this.blockCapacity[tail]!;
    if (position >= tailFirst) return this.blockStart[tail]! + (position - tailFirst);
    let remaining = position;
    for (let block = this.termHead[termId]!; block !== -1; block = this.blockNext[block]!) {
      const capacity = this.blockCapacity[block]!;
      if (remaining < capacity) return this.blockStart[block]! + remaining;
      remaining -= capacity;
    }
    throw new Error(`posting ${position} of term ${termId} is out of range`);
  }

  private addBlock(termId: number, capacity: number): void {
    const page = this.poolEnd >>> PAGE_BITS;
    const pageOffset = this.poolEnd & (PAGE_SIZE - 1);
    if (page >= this.docPages.length || pageOffset + capacity > PAGE_SIZE) {
      const size = pageSizeFor(capacity);
      this.docPages.push(new Int32Array(size));
      this.impactPages.push(new Uint8Array(size));
      this.poolEnd = (this.docPages.length - 1) * PAGE_SIZE;
    } else if (pageOffset + capacity > this.docPages[page]!.length) {
      // The last page is not at its full size yet: doubled (at least), so that filling it copies each posting O(1) times.
      const size = pageSizeFor(Math.max(pageOffset + capacity, this.docPages[page]!.length * 2));
      const docs = new Int32Array(size);
      docs.set(this.docPages[page]!);
      this.docPages[page] = docs;
      const impacts = new Uint8Array(size);
      impacts.set(this.impactPages[page]!);
      this.impactPages[page] = impacts;
    }
    const block = this.blockCount;
    this.blockCount += 1;
    this.blockStart = ensureLength(this.blockStart, block + 1);
    this.blockCapacity = ensureLength(this.blockCapacity, block + 1);
    this.blockNext = ensureLength(this.blockNext, block + 1);
    this.blockStart[block] = this.poolEnd;
    this.blockCapacity[block] = capacity;
    this.blockNext[block] = -1;
    this.poolEnd += capacity;
    const tail = this.termTail[termId]!;
    if (tail === -1) this.termHead[termId] = block;
    else this.blockNext[tail] = block;
    this.termTail[termId] = block;
    this.termCapacity[termId] = this.termCapacity[termId]! + capacity;
  }
}

/** `weakTerms` when no term is weak (shared, never written). */
const NO_WEAK_TERMS = new Uint8Array(0);

/**
 * A bound on how far a float32 sum of `terms` non-negative numbers, added one at a time, can stray from their exact
 * sum, as a factor: each addition rounds by at most 2^-24 of the sum so far; taken four times over.
 */
function roundingOf(terms: number): number {
  return 1 + terms * 2 ** -22;
}

/** A bounded min-heap keeping the k best scores. */
class TopK {
  private readonly docs: number[] = [];
  private readonly scores: number[] = [];
  threshold = 0;

  constructor(private readonly k: number) {}

  offer(docNo: number, score: number): void {
    if (this.docs.length < this.k) {
      this.docs.push(docNo);
      this.scores.push(score);
      this.siftUp(this.docs.length - 1);
      if (this.docs.length === this.k) this.threshold = this.scores[0]!;
      return;
    }
    this.docs[0] = docNo;
    this.scores[0] = score;
    this.siftDown(0);
    this.threshold = this.scores[0]!;
  }

  sorted(): ScoredDocument[] {
    return this.docs.map((docNo, i) => ({ docNo, score: this.scores[i]! })).sort((a, b) => b.score - a.score || a.docNo - b.docNo);
  }

  private siftUp(index: number): void {
    let i = index;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.scores[parent]! <= this.scores[i]!) return;
      this.swap(i, parent);
      i = parent;
    }
  }

  private siftDown(index: number): void {
    let i = index;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let smallest = i;
      if (left < this.docs.length && this.scores[left]! < this.scores[smallest]!) smallest = left;
      if (right < this.docs.length && this.scores[right]! < this.scores[smallest]!) smallest = right;
      if (smallest === i) return;
      this.swap(i, smallest);
      i = smallest;
    }
  }

  private swap(a: number, b: number): void {
    [this.docs[a], this.docs[b]] = [this.docs[b]!, this.docs[a]!];
    [this.scores[a], this.scores[b]] = [this.scores[b]!, this.scores[a]!];
  }
}
