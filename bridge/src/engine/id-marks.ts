import type { SiteCorpus } from './site-corpus.js';
import { ensureLength } from './typed-arrays.js';

/**
 * One set of term marks and one of document marks per corpus, reused by every request: a fresh one would clear a
 * slot per term (or page) of the site each time. Requests run one at a time, and each use is over before the next.
 */
const termMarks = new WeakMap<SiteCorpus, IdMarks>();
const docMarks = new WeakMap<SiteCorpus, IdMarks>();

export function termMarksOf(corpus: SiteCorpus): IdMarks {
  return marksOf(termMarks, corpus);
}

export function docMarksOf(corpus: SiteCorpus): IdMarks {
  return marksOf(docMarks, corpus);
}

function marksOf(cache: WeakMap<SiteCorpus, IdMarks>, corpus: SiteCorpus): IdMarks {
  let marks = cache.get(corpus);
  if (marks === undefined) {
    marks = new IdMarks();
    cache.set(corpus, marks);
  }
  return marks;
}

/**
 * A set of small non-negative ids (term ids, document numbers) that is emptied in O(1): each `reset` starts a new
 * generation. Reused for every target's vocabulary instead of a Set per target.
 */
export class IdMarks {
  private marks = new Int32Array(0);
  private generation = 0;

  /** Empties the set, then adds the ids of `lists` (growing to the largest one). */
  reset(lists: readonly ArrayLike<number>[]): void {
    if (this.generation === 0x7fffffff) {
      this.marks.fill(0);
      this.generation = 0;
    }
    this.generation += 1;
    for (const list of lists) {
      for (let i = 0; i < list.length; i += 1) {
        const id = list[i]!;
        if (id >= this.marks.length) this.marks = ensureLength(this.marks, id + 1);
        this.marks[id] = this.generation;
      }
    }
  }

  has(id: number): boolean {
    return id >= 0 && id < this.marks.length && this.marks[id] === this.generation;
  }
}
