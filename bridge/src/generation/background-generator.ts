import type { Logger } from 'pino';
import type { GenerationQueue } from './generation.service.js';

export interface BackgroundGenerationTiming {
  /** How often an idle generator looks for work (pages whose syncs went quiet). */
  intervalMs: number;
  /** How long a project's syncs must have been quiet before its queued pages are generated (generation.service.ts). */
  quietMs: number;
}

export const DEFAULT_GENERATION_TIMING: BackgroundGenerationTiming = { intervalMs: 1_000, quietMs: 3_000 };

/**
 * Runs the generation queue in the bridge's own process, one small chunk at a time (GenerationQueue.generateChunk:
 * a few pages, about 25 ms), yielding to the event loop between chunks so that requests are answered in between.
 * With nothing ready it looks again after `intervalMs`. Started by the entry point (server.ts) or a test; `stop()`
 * ends it between two chunks, so nothing is cut half-way: each page is generated and stored in one transaction.
 */
export class BackgroundGenerator {
  private running = false;
  private timer: { soon: NodeJS.Immediate } | { later: NodeJS.Timeout } | undefined;

  constructor(
    private readonly queue: GenerationQueue,
    private readonly logger: Logger,
    private readonly intervalMs: number,
  ) {}

  get isRunning(): boolean {
    return this.running;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule(true);
  }

  /** Stops before the next chunk. Chunks are synchronous, so none is in progress when this runs. */
  stop(): void {
    this.running = false;
    if (this.timer !== undefined) {
      // Each kind cleared by its own function: clearImmediate given a timeout corrupts Node's count of immediates.
      if ('soon' in this.timer) clearImmediate(this.timer.soon);
      else clearTimeout(this.timer.later);
      this.timer = undefined;
    }
  }

  private schedule(soon: boolean): void {
    // Unreferenced: the generator alone never keeps the process alive.
    this.timer = soon
      ? { soon: setImmediate(() => this.tick()).unref() }
      : { later: setTimeout(() => this.tick(), this.intervalMs).unref() };
  }

  private tick(): void {
    this.timer = undefined;
    if (!this.running) return;
    let worked = false;
    try {
      worked = this.queue.generateChunk((projectId, pageId, error) =>
        this.logger.error({ err: error, projectId, pageId }, 'background generation of a page failed: page skipped'),
      );
    } catch (error) {
      // A database held by another writer (a backup): the pages wait for the next try.
      this.logger.warn({ err: error }, 'background generation paused');
    }
    if (this.running) this.schedule(worked);
  }
}
