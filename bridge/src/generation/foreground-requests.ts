/**
 * When requests that wait on the engine (a generate, an inbound generate) were last answered. Background generation
 * gives way to them (BackgroundGenerator): a chunk of it takes up to CHUNK_BUDGET_MS of the one JavaScript thread, and
 * a chunk started between two requests of an editor (or a client asking for many pages in a row) was waited for by
 * the next one: the fixed cost that dominated a request's latency whatever the size of the site.
 */
export class ForegroundRequests {
  private lastEnded = Number.NEGATIVE_INFINITY;
  /** Requests in progress: background work waits while any is. */
  private inProgress = 0;

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Runs a foreground request's work, noting when it ended, also when it throws. */
  async serve<T>(work: () => Promise<T>): Promise<T> {
    this.inProgress += 1;
    try {
      return await work();
    } finally {
      this.inProgress -= 1;
      this.lastEnded = this.now();
    }
  }

  /**
   * How long background work should still wait for the requests to have paused for `quietMs`: 0 when they have. While
   * one is in progress (waiting for the database), a full pause.
   */
  waitBefore(quietMs: number): number {
    if (this.inProgress > 0) return quietMs;
    return Math.max(0, this.lastEnded + quietMs - this.now());
  }
}
