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
  private byDoc: Map<number, { termId: number; weight: number }[]> | null = null;

  constructor(
    private readonly corpus: SiteCorpus,
    private readonly positions: ReadonlyMap<number, number[]>,
    private readonly targets: readonly number[],
  ) {}

  /** The shared words of one of the targets given to the constructor. */
  of(docNo: number): Int32Array {
    if (!this.targets.includes(docNo)) throw new Error(`page ${docNo} is not one of the targets of this search`);
    this.byDoc ??= this.collect();
    return Int32Array.from(this.byDoc.get(docNo) ?? [], (shared) => shared.termId);
  }

  private collect(): Map<number, { termId: number; weight: number }[]> {
    const { corpus } = this;
    const maxFrequency = Math.max(2, Math.min(corpus.documentCount * MAX_DOCUMENT_SHARE, MAX_DOCUMENT_FREQUENCY));
    const rare = corpus.idfOfFrequency(maxFrequency);
    const terms = [...this.positions.keys()]
      .filter((termId) => corpus.idf(termId) >= rare)
      .sort((a, b) => corpus.idf(b) - corpus.idf(a) || a - b)
      .slice(0, LOOKED_UP_TERMS);
    const wanted = docMarksOf(corpus);
    wanted.reset([this.targets]);
    const byDoc = new Map<number, { termId: number; weight: number }[]>();
    for (const termId of terms) {
      const idf = corpus.idf(termId);
      corpus.index.forEachPostingRun(termId, (docs, impacts, from, to) => {
        for (let i = from; i < to; i += 1) {
          const docNo = docs[i]!;
          if (!wanted.has(docNo)) continue;
          const list = byDoc.get(docNo) ?? [];
          list.push({ termId, weight: impacts[i]! * idf });
          byDoc.set(docNo, list);
        }
      });
    }
    for (const list of byDoc.values()) {
      list.sort((a, b) => b.weight - a.weight || a.termId - b.termId);
      list.length = Math.min(list.length, TERMS_PER_TARGET);
    }
    return byDoc;
  }
}
