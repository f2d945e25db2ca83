import { TermLists, type TermListsSnapshot } from './term-lists.js';
import { ensureLength } from './typed-arrays.js';

/** Term ids this high do not fit in 24 bits: such a term is left out of the page's vector (more than 16 million terms). */
export const VECTOR_TERM_LIMIT = 1 << 24;
const TERM_MASK = VECTOR_TERM_LIMIT - 1;
/** Counts beyond it read as it (8 bits). */
export const MAX_VECTOR_COUNT = 255;

export const termOf = (entry: number): number => entry & TERM_MASK;
export const countOf = (entry: number): number => entry >>> 24;

/**
 * A page's strongest terms kept in its vector: what the TF-IDF cosine reads of a target (the source's are read from its
 * stored document, all POSTINGS_PER_DOCUMENT). All 160 cost 1.6 ms of a forward request at 100,000 pages (hundreds of
 * candidates each) and 64 MB; 64 keep most of what the cosine adds to the order (held out, recall@10 +0.007 / +0.008
 * without / with links, against +0.010 / +0.011 for all) at 40 % of the time and 26 MB.
 */
export const VECTOR_TERMS = 64;

/** Packs a page's first VECTOR_TERMS postings (term ids and counts, in order) into its vector. */
export function packTermVector(termIds: ArrayLike<number>, counts: ArrayLike<number>): Int32Array {
  const packed: number[] = [];
  for (let i = 0; i < termIds.length && packed.length < VECTOR_TERMS; i += 1) {
    const termId = termIds[i]!;
    if (termId < VECTOR_TERM_LIMIT) packed.push((Math.min(MAX_VECTOR_COUNT, counts[i]!) << 24) | termId);
  }
  return Int32Array.from(packed);
}

/** What a snapshot keeps of TermVectors. */
export interface TermVectorsSnapshot {
  lists: TermListsSnapshot;
  norms: Float64Array<ArrayBuffer>;
}

/** The length of a page's vector (counts × idf over all its postings, capped and left out as packed), as the cosine divides by it. */
export function termVectorNorm(termIds: ArrayLike<number>, counts: ArrayLike<number>, idf: (termId: number) => number): number {
  let sumOfSquares = 0;
  for (let i = 0; i < termIds.length; i += 1) {
    const termId = termIds[i]!;
    if (termId >= VECTOR_TERM_LIMIT) continue;
    const weight = Math.min(MAX_VECTOR_COUNT, counts[i]!) * idf(termId);
    sumOfSquares += weight * weight;
  }
  return Math.sqrt(sumOfSquares);
}

/**
 * Each page's VECTOR_TERMS strongest postings (strongest first) with their counts, one 32-bit integer each: the term
 * id in the low 24 bits, the count (at most 255) in the high 8, and the length of the whole vector (all its postings).
 * The inverted index holds the same postings by term; a page's own list is what the TF-IDF cosine (term-cosine.ts)
 * reads of each candidate target, 256 bytes a page (26 MB at 100,000 pages), where a pass over the index would read
 * every posting of the source's terms, several times what "more like this" reads.
 */
export class TermVectors {
  private readonly lists = new TermLists();
  /**
   * Per page, the length of its vector (counts × idf) under the idf that chose its postings (CorpusDocument's
   * vectorNorm): like the index's impacts, which read the average length of that moment. Computed at query time it
   * read 160 idf values scattered over megabytes for each of hundreds of candidates, most of the cosine's cost,
   * whenever a sync had changed idf.
   */
  private norms = new Float64Array(0);

  /** `norm`: the length of the page's whole vector (termVectorNorm), NaN when not known yet (see setNorm). */
  set(docNo: number, termIds: ArrayLike<number>, counts: ArrayLike<number>, norm: number): void {
    this.lists.set(docNo, packTermVector(termIds, counts));
    this.norms = ensureLength(this.norms, docNo + 1);
    this.norms[docNo] = norm;
  }

  /** Sets a length not known when the page was set (a document stored before lengths were). */
  setNorm(docNo: number, norm: number): void {
    if (docNo < this.norms.length) this.norms[docNo] = norm;
  }

  clear(docNo: number): void {
    this.lists.clear(docNo);
    if (docNo < this.norms.length) this.norms[docNo] = 0;
  }

  /** The page's vector's start in `entries` (packed), or -1 without one. */
  offsetOf(docNo: number): number {
    return this.lists.offsetOf(docNo);
  }

  lengthOf(docNo: number): number {
    return this.lists.lengthOf(docNo);
  }

  /** Every page's packed entries, valid until the next change. */
  get entries(): Int32Array {
    return this.lists.entries;
  }

  /** The page's vector (packed entries) as a view valid until the next change, or undefined. */
  get(docNo: number): Int32Array | undefined {
    return this.lists.get(docNo);
  }

  /** The length of the page's vector when it was added; 0 without one. */
  norm(docNo: number): number {
    return this.norms[docNo] ?? 0;
  }

  snapshot(): TermVectorsSnapshot {
    return { lists: this.lists.snapshot(), norms: this.norms.slice() };
  }

  restoreSnapshot(snapshot: TermVectorsSnapshot): void {
    this.lists.restoreSnapshot(snapshot.lists);
    this.norms = snapshot.norms;
  }
}
