import { ensureLength } from './typed-arrays.js';

export interface TermDictionarySnapshot {
  stems: string[];
  frequencies: Int32Array<ArrayBuffer>;
}

/**
 * A project's vocabulary: each stem gets a small integer id, used by the inverted index and the phrase index,
 * with its document frequency over the pages that can be targets.
 */
export class TermDictionary {
  private readonly ids = new Map<string, number>();
  private readonly stems: string[] = [];
  private frequencies = new Int32Array(1024);

  get size(): number {
    return this.stems.length;
  }

  idOf(stem: string): number | undefined {
    return this.ids.get(stem);
  }

  stemOf(id: number): string {
    return this.stems[id]!;
  }

  /** The id of a stem, added when new. */
  intern(stem: string): number {
    let id = this.ids.get(stem);
    if (id === undefined) {
      id = this.stems.length;
      this.ids.set(stem, id);
      this.stems.push(stem);
      this.frequencies = ensureLength(this.frequencies, id + 1);
    }
    return id;
  }

  /** Restores a stored vocabulary entry (ids are dense and loaded in order). */
  restore(id: number, stem: string): void {
    if (id !== this.stems.length) throw new Error(`term ids must be restored in order: got ${id}, expected ${this.stems.length}`);
    this.intern(stem);
  }

  documentFrequency(id: number): number {
    return this.frequencies[id] ?? 0;
  }

  adjustDocumentFrequency(id: number, delta: number): void {
    this.frequencies[id] = (this.frequencies[id] ?? 0) + delta;
  }

  /** Document frequencies of all terms, for persistence. */
  documentFrequencies(): Int32Array {
    return this.frequencies.subarray(0, this.stems.length);
  }

  snapshot(): TermDictionarySnapshot {
    return { stems: this.stems.slice(), frequencies: this.frequencies.slice(0, this.stems.length) };
  }

  /** Takes the state of a snapshot; the dictionary must be empty. */
  restoreSnapshot(snapshot: TermDictionarySnapshot): void {
    if (this.stems.length !== 0) throw new Error('restoreSnapshot needs an empty dictionary');
    for (const stem of snapshot.stems) {
      this.ids.set(stem, this.stems.length);
      this.stems.push(stem);
    }
    this.frequencies = snapshot.frequencies;
  }

  restoreDocumentFrequencies(values: Int32Array): void {
    this.frequencies = ensureLength(this.frequencies, values.length);
    this.frequencies.set(values.subarray(0, Math.min(values.length, this.frequencies.length)));
  }
}
