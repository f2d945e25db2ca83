import type { CorpusDocument, SiteCorpus } from './site-corpus.js';
import { countOf, MAX_VECTOR_COUNT, termOf, VECTOR_TERM_LIMIT, VECTOR_TERMS } from './term-vectors.js';

/** Slots of a page's term table: a power of two over twice POSTINGS_PER_DOCUMENT, so probes stay short. */
const SLOT_BITS = 9;
const SLOTS = 1 << SLOT_BITS;
/** Bits of the filter in front of it: at 160 terms of 4,096 bits, a term the page lacks is nearly always told at once. */
const FILTER_BITS = 12;

/**
 * TF-IDF cosine of a source page with a target: raw term counts × idf over each page's postings (its 160 strongest
 * terms; of the target's, the dot product reads the VECTOR_TERMS strongest, those the corpus keeps), close to the measure of the quality
 * benchmark's TF-IDF baseline. "More like this" scores a target by BM25, which saturates a term's count and does not
 * normalise by the target, so a long page sharing a few rare words ranks with a page about the same thing; the cosine
 * tells them apart. Held out on the quality benchmark, as an input beside BM25's similarity it raised recall@10 most
 * where plain TF-IDF ranked better than the engine (bench/quality/README.md).
 *
 * One page's terms go into a small open-addressed table with a one-bit filter in front; the other page's are looked
 * up in it, so a pair costs a look-up per term read. Forward generation tables the source's postings (its stored
 * document) once and reads each candidate's term vector (SourceTerms); inbound generation, one target and many
 * sources, tables the target's vector once and reads each source's postings (TargetTerms). Both add the same
 * products in the target's order, so a pair's cosine is the same to the last bit either way. The two lengths are
 * those stored with the pages (CorpusDocument's vectorNorm).
 */
abstract class TermTable {
  protected readonly slotTerms = new Int32Array(SLOTS).fill(-1);
  protected readonly slotCounts = new Int32Array(SLOTS);
  /** The term's position in the tabled page's vector. */
  protected readonly slotPositions = new Int32Array(SLOTS);
  /** idf², computed at the first pair sharing the term: inbound asks one pair per source, most terms never need it. */
  private readonly slotIdfSquared = new Float64Array(SLOTS).fill(Number.NaN);
  private readonly filter = new Int32Array(1 << (FILTER_BITS - 5));
  protected readonly norm: number;

  constructor(
    protected readonly corpus: SiteCorpus,
    docNo: number,
  ) {
    this.norm = corpus.termVectorNorm(docNo);
  }

  /** Tables a term of the page, its `position`-th as the target's terms are read. */
  protected put(termId: number, count: number, position: number): void {
    const hash = hashOf(termId);
    this.filter[hash >>> (32 - FILTER_BITS + 5)]! |= 1 << ((hash >>> (32 - FILTER_BITS)) & 31);
    let slot = hash >>> (32 - SLOT_BITS);
    while (this.slotTerms[slot] !== -1) slot = (slot + 1) & (SLOTS - 1);
    this.slotTerms[slot] = termId;
    this.slotCounts[slot] = count;
    this.slotPositions[slot] = position;
  }

  /** The slot of `termId`, or -1 when the tabled page's terms (as read) lack it. */
  protected slotOf(termId: number): number {
    const hash = hashOf(termId);
    if (((this.filter[hash >>> (32 - FILTER_BITS + 5)]! >>> ((hash >>> (32 - FILTER_BITS)) & 31)) & 1) === 0) return -1;
    for (let slot = hash >>> (32 - SLOT_BITS); this.slotTerms[slot] !== -1; slot = (slot + 1) & (SLOTS - 1)) {
      if (this.slotTerms[slot] === termId) return slot;
    }
    return -1;
  }

  /** The term's part of the dot product: both counts × idf², the counts multiplied first (exact) on either side. */
  protected part(slot: number, otherCount: number): number {
    let idfSquared = this.slotIdfSquared[slot]!;
    if (Number.isNaN(idfSquared)) {
      const idf = this.corpus.idf(this.slotTerms[slot]!);
      idfSquared = idf * idf;
      this.slotIdfSquared[slot] = idfSquared;
    }
    return this.slotCounts[slot]! * otherCount * idfSquared;
  }

  protected cosine(dot: number, otherDocNo: number): number {
    return dot === 0 ? 0 : Math.min(1, dot / (this.corpus.termVectorNorm(otherDocNo) * this.norm));
  }
}

/** The source's postings, all of them, for its cosine with each candidate target. */
export class SourceTerms extends TermTable {
  constructor(corpus: SiteCorpus, source: CorpusDocument) {
    super(corpus, source.docNo);
    forEachVectorTerm(source, (termId, count) => this.put(termId, count, 0));
  }

  /** In [0, 1]; 0 when the two share no term or either has none. */
  cosineWith(targetDocNo: number): number {
    const vectors = this.corpus.termVectors;
    const offset = vectors.offsetOf(targetDocNo);
    if (offset === -1 || this.norm === 0) return 0;
    const entries = vectors.entries;
    const end = offset + vectors.lengthOf(targetDocNo);
    let dot = 0;
    for (let i = offset; i < end; i += 1) {
      const slot = this.slotOf(termOf(entries[i]!));
      if (slot !== -1) dot += this.part(slot, countOf(entries[i]!));
    }
    return this.cosine(dot, targetDocNo);
  }
}

/** The target's term vector (its VECTOR_TERMS strongest terms), for its cosine with each candidate source. */
export class TargetTerms extends TermTable {
  /** Each shared term's part, by its position in the target's vector: summed in that order, as SourceTerms does. */
  private readonly parts = new Float64Array(VECTOR_TERMS);
  private readonly tabled: boolean;

  constructor(corpus: SiteCorpus, targetDocNo: number) {
    super(corpus, targetDocNo);
    const vector = corpus.termVectorOf(targetDocNo);
    this.tabled = vector !== undefined;
    vector?.forEach((entry, i) => this.put(termOf(entry), countOf(entry), i));
  }

  /** The same value as `new SourceTerms(corpus, source).cosineWith(target)`. */
  cosineWith(source: CorpusDocument): number {
    if (!this.tabled || this.norm === 0) return 0;
    const { parts } = this;
    parts.fill(0);
    let shared = false;
    const { postingTermIds, postingCounts } = source;
    for (let i = 0; i < postingTermIds.length; i += 1) {
      // As forEachVectorTerm reads it, without a call per posting for each of hundreds of sources.
      const termId = postingTermIds[i]!;
      const slot = termId < VECTOR_TERM_LIMIT ? this.slotOf(termId) : -1;
      if (slot === -1) continue;
      parts[this.slotPositions[slot]!] = this.part(slot, Math.min(MAX_VECTOR_COUNT, postingCounts[i]!));
      shared = true;
    }
    if (!shared) return 0;
    let dot = 0;
    for (let i = 0; i < parts.length; i += 1) dot += parts[i]!;
    return this.cosine(dot, source.docNo);
  }
}

/** The page's postings as its term vector's length counts them (packTermVector): counts capped, huge term ids left out. */
function forEachVectorTerm(document: CorpusDocument, visit: (termId: number, count: number) => void): void {
  const { postingTermIds, postingCounts } = document;
  for (let i = 0; i < postingTermIds.length; i += 1) {
    if (postingTermIds[i]! < VECTOR_TERM_LIMIT) visit(postingTermIds[i]!, Math.min(MAX_VECTOR_COUNT, postingCounts[i]!));
  }
}

/** Fibonacci hashing: the high bits of the product are well mixed. */
const hashOf = (termId: number): number => Math.imul(termId, 0x9e3779b1) >>> 0;
