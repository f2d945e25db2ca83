/** Cells of the shared buffer: the sequence number of the page being analysed (-1 between pages), and since when. */
const PAGE = 0;
const STARTED_AT = 1;

/**
 * What an analysis worker is analysing and since when (its own clock), in memory it shares with the pool. The pool's
 * watchdog reads it without a message, so the time a page is charged is the time the worker spent on it: never a
 * busy main thread, a reply waiting in the queue or a worker still loading.
 */
export class AnalysisProgress {
  private readonly cells: BigInt64Array;

  constructor(readonly buffer: SharedArrayBuffer) {
    this.cells = new BigInt64Array(buffer);
  }

  /** A new progress, between pages. */
  static create(): AnalysisProgress {
    const progress = new AnalysisProgress(new SharedArrayBuffer(2 * BigInt64Array.BYTES_PER_ELEMENT));
    progress.end();
    return progress;
  }

  /** Worker side: the page numbered `sequence` starts now. */
  begin(sequence: number): void {
    // Stored before the page number, so that a reader seeing the number sees its start.
    Atomics.store(this.cells, STARTED_AT, BigInt(Date.now()));
    Atomics.store(this.cells, PAGE, BigInt(sequence));
  }

  /** Worker side: the page is answered. */
  end(): void {
    Atomics.store(this.cells, PAGE, -1n);
  }

  /** Pool side: the page being analysed and when it started, or null between pages. */
  current(): { sequence: number; startedAt: number } | null {
    const sequence = Number(Atomics.load(this.cells, PAGE));
    return sequence === -1 ? null : { sequence, startedAt: Number(Atomics.load(this.cells, STARTED_AT)) };
  }
}
