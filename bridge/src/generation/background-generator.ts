import type { Logger } from 'pino';
import type { GenerationQueue } from './generation.service.js';

export interface BackgroundGenerationTiming {
  /** How often an idle generator looks for work (pages whose syncs went quiet). */
  intervalMs: number;
  /** How long a project's syncs must have been quiet before its queued pages are generated (generation.service.ts). */
  quietMs: number;
}

export const DEFAULT_GENERATION_TIMING: BackgroundGenerationTiming = { intervalMs: 1_000, quietMs: 3_000 };

/** Requests that wait on the engine (ForegroundRequests), which background generation gives way to. */
export interface ForegroundActivity {
  waitBefore: (quietMs: number) => number;
}

/** A chunk starts only once foreground requests have paused this long: the next one of a series finds the thread free. */
export const FOREGROUND_PAUSE_MS = 50;
/** While foreground requests never pause, one page is still generated this often: the queue is never starved. */
export const MAX_FOREGROUND_DEFERRAL_MS = 1_000;

/**
 * Runs the generation queue in the bridge's own process, one small chunk at a time (GenerationQueue.generateChunk:
 * a few pages, about 25 ms), yielding to the event loop between chunks so that requests are answered in between.
 * With nothing ready it looks again after `intervalMs`. While requests that wait on the engine keep coming
 * (`foreground`), it waits for them to pause for FOREGROUND_PAUSE_MS, generating a single page at most every
 * MAX_FOREGROUND_DEFERRAL_MS meanwhile. Started by the entry point (server.ts) or a test; `stop()`
 * ends it between two chunks, so nothing is cut half-way: each page is generated and stored in one transaction.
 */
export class BackgroundGenerator {
  private running = false;
  private timer: { soon: NodeJS.Immediate } | { later: NodeJS.Timeout } | undefined;
  /** When the generator began waiting for foreground requests to pause (undefined while it is not waiting). */
  private deferredSince: number | undefined;
  /** The chunk in progress, which stop() waits for. */
  private chunk: Promise<void> | undefined;

  constructor(
    private readonly queue: GenerationQueue,
    private readonly logger: Logger,
    private readonly intervalMs: number,
    private readonly foreground?: ForegroundActivity,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get isRunning(): boolean {
    return this.running;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule(true);
  }

  /** Stops before the next chunk; resolves once the chunk in progress, if any, has committed or rolled back. */
  stop(): Promise<void> {
    this.running = false;
    if (this.timer !== undefined) {
      // Each kind cleared by its own function: clearImmediate given a timeout corrupts Node's count of immediates.
      if ('soon' in this.timer) clearImmediate(this.timer.soon);
      else clearTimeout(this.timer.later);
      this.timer = undefined;
    }
    return this.chunk ?? Promise.resolve();
  }

  /** The next tick at once (`soon`), after `intervalMs`, or after the given milliseconds. */
  private schedule(when: boolean | number): void {
    // Unreferenced: the generator alone never keeps the process alive.
    this.timer =
      when === true
        ? { soon: setImmediate(() => this.tick()).unref() }
        : { later: setTimeout(() => this.tick(), when === false ? this.intervalMs : when).unref() };
  }

  private tick(): void {
    this.timer = undefined;
    if (!this.running) return;
    const wait = this.foreground?.waitBefore(FOREGROUND_PAUSE_MS) ?? 0;
    let maxPages: number | undefined;
    if (wait > 0) {
      // deferredSince stays set until a chunk runs, so that a series of requests defers the queue for a bounded time.
      this.deferredSince ??= this.now();
      const deferred = this.now() - this.deferredSince;
      if (deferred < MAX_FOREGROUND_DEFERRAL_MS) {
        this.schedule(Math.ceil(Math.min(wait, MAX_FOREGROUND_DEFERRAL_MS - deferred)));
        return;
      }
      maxPages = 1;
    }
    this.deferredSince = undefined;
    this.chunk = this.runChunk(maxPages).finally(() => {
      this.chunk = undefined;
    });
  }

  private async runChunk(maxPages: number | undefined): Promise<void> {
    let worked = false;
    try {
      worked = await this.queue.generateChunk(
        (projectId, pageId, error) =>
          this.logger.error({ err: error, projectId, pageId }, 'background generation of a page failed: page skipped'),
        maxPages,
      );
    } catch (error) {
      // A database held by another writer (a backup): the pages wait for the next try.
      this.logger.warn({ err: error }, 'background generation paused');
    }
    if (this.running) this.schedule(worked);
  }
}
