import type { SiteCorpus } from './site-corpus.js';
import { ensureLength } from './typed-arrays.js';

/** One TermMarks per corpus, reused by every request: a fresh one would clear a slot per term of the site each time. */
const termMarks = new WeakMap<SiteCorpus, TermMarks>();

export function termMarksOf(corpus: SiteCorpus): TermMarks {
  let marks = termMarks.get(corpus);
  if (marks === undefined) {
    marks = new TermMarks();
    termMarks.set(corpus, marks);
  }
  marks.ensureTerms(corpus.terms.size);
  return marks;
}

/**
 * A set of term ids that is emptied in O(1): each `reset` starts a new generation. Reused for every target's
 * vocabulary instead of a Set per target.
 */
export class TermMarks {
  private marks = new Int32Array(0);
  private generation = 0;

  ensureTerms(termCount: number): void {
    this.marks = ensureLength(this.marks, termCount);
  }

  reset(lists: readonly Int32Array[]): void {
    if (this.generation === 0x7fffffff) {
      this.marks.fill(0);
      this.generation = 0;
    }
    this.generation += 1;
    for (const list of lists) for (let i = 0; i < list.length; i += 1) this.marks[list[i]!] = this.generation;
  }

  has(termId: number): boolean {
    return termId >= 0 && termId < this.marks.length && this.marks[termId] === this.generation;
  }
}
