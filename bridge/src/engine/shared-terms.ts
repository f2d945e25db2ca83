import { docMarksOf } from './id-marks.js';
import type { SiteCorpus } from './site-corpus.js';

/** Distinct eligible words of the source looked up in the index, the most specific first. */
const LOOKED_UP_TERMS = 80;
/** A word on more than this share of the pages names no page in particular… */
const MAX_DOCUMENT_SHARE = 0.1;
/**
 * … nor one on more than this many pages, whatever the site's size. It bounds what one request reads: at 100,000
 * pages a 10 % share let the looked-up words bring hundreds of thousands of postings (15 ms a request).
 */
const MAX_DOCUMENT_FREQUENCY = 200;
/** Shared words kept per target, strongest first. */
const TERMS_PER_TARGET = 3;

/**
 * For each target, the specific words it has among its strongest terms (its postings) that the source also has in
 * eligible text, strongest first: anchor words for a target the source resembles but never names.
 * Computed on first use, once per request: one pass over the postings of at most LOOKED_UP_TERMS words, keeping
 * only the postings of the targets (a few dozen pages of the thousands those words are on).
 */
export class SharedTerms {
  /** Per target (in the order given), its best shared words: TERMS_PER_TARGET slots, strongest first. */
  private readonly termIds: Int32Array;
  private readonly weights: Float64Array;
  private readonly counts: Uint8Array;
  private readonly slotOf = new Map<number, number>();
  private collected = false;

  constructor(
    private readonly corpus: SiteCorpus,
    private readonly positions: ReadonlyMap<number, number[]>,
    targets: readonly number[],
  ) {
    targets.forEach((docNo, slot) => {
      if (!this.slotOf.has(docNo)) this.slotOf.set(docNo, slot);
    });
    this.termIds = new Int32Array(targets.length * TERMS_PER_TARGET);
    this.weights = new Float64Array(targets.length * TERMS_PER_TARGET);
    this.counts = new Uint8Array(targets.length);
  }

  /** The shared words of one of the targets given to the constructor. */
  of(docNo: number): Int32Array {
    const slot = this.slotOf.get(docNo);
    if (slot === undefined) throw new Error(`page ${docNo} is not one of the targets of this search`);
    if (!this.collected) this.collect();
    const first = slot * TERMS_PER_TARGET;
    return this.termIds.slice(first, first + this.counts[slot]!);
  }

  private collect(): void {
    this.collected = true;
    const { corpus } = this;
    const maxFrequency = Math.max(2, Math.min(corpus.documentCount * MAX_DOCUMENT_SHARE, MAX_DOCUMENT_FREQUENCY));
    const rare = corpus.idfOfFrequency(maxFrequency);
    const terms = [...this.positions.keys()]
      .filter((termId) => corpus.idf(termId) >= rare)
      .sort((a, b) => corpus.idf(b) - corpus.idf(a) || a - b)
      .slice(0, LOOKED_UP_TERMS);
    const wanted = docMarksOf(corpus);
    wanted.reset([[...this.slotOf.keys()]]);
    for (const termId of terms) {
      const idf = corpus.idf(termId);
      corpus.index.forEachPostingRun(termId, (docs, impacts, from, to) => {
        for (let i = from; i < to; i += 1) {
          if (wanted.has(docs[i]!)) this.offer(this.slotOf.get(docs[i]!)!, termId, impacts[i]! * idf);
        }
      });
    }
  }

  /** Keeps the word among the target's strongest (heaviest first, then the lower term id). */
  private offer(slot: number, termId: number, weight: number): void {
    const { termIds, weights, counts } = this;
    const first = slot * TERMS_PER_TARGET;
    let at = first + counts[slot]!;
    const before = (k: number): boolean => weights[k]! > weight || (weights[k] === weight && termIds[k]! < termId);
    while (at > first && !before(at - 1)) at -= 1;
    if (at === first + TERMS_PER_TARGET) return;
    const last = Math.min(first + counts[slot]!, first + TERMS_PER_TARGET - 1);
    for (let k = last; k > at; k -= 1) {
      termIds[k] = termIds[k - 1]!;
      weights[k] = weights[k - 1]!;
    }
    termIds[at] = termId;
    weights[at] = weight;
    counts[slot] = Math.min(TERMS_PER_TARGET, counts[slot]! + 1);
  }
}
