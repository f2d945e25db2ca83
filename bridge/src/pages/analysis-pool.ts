import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import type { PageInput } from '../engine/types.js';
import { AnalysisLimitError, InternalError } from '../errors.js';
import { AnalysisProgress } from './analysis-progress.js';
import { workerForChunk } from './chunk-placement.js';
import { PAGE_NOT_ANALYSED, type AnalysisResult, type PageAnalyzer } from './page-analyzer.js';
import { RoundRobinQueue } from './round-robin-queue.js';
import { StemDecoder, type EncodedAnalyses } from './stem-lexicon.js';

/** Pages `first`, `first + 1`, … of a worker's numbering. */
export interface AnalysisRequest {
  first: number;
  inputs: PageInput[];
}

export interface AnalysisWorkerData {
  progress: SharedArrayBuffer;
}

/**
 * What a worker posts: `ready` once its modules have loaded, then the results of pages `first` … `first + count - 1`
 * in order: their analyses, except the pages in `errors` (offset from `first`, and why).
 */
export type WorkerMessage = { ready: true } | { first: number; count: number; encoded: EncodedAnalyses; errors: [number, string][] };

/**
 * Limits of one page's analysis. Analysis takes linear time and bounded memory (engine/README.md), so a 2 MiB page of
 * any shape is analysed in under 2 s on a slow core: a page over these limits is not worth analysing, and a bug that
 * loops or leaks costs one page, never a worker for good or the bridge's memory.
 */
export interface AnalysisLimits {
  /** Longest one page may take; its worker is then ended and replaced, and the page fails. */
  timeoutMs: number;
  /** Heap of each worker (V8's old generation); a page that needs more ends its worker and fails. */
  memoryMb: number;
}

/**
 * 5 s: several times the slowest 2 MiB page (0.9 s on two loaded cores, `npm run bench:hostile`). 512 MB: a worker
 * holds two chunks of pages (as large as the request body limit lets a batch be), one analysis at a time (the
 * heaviest 2 MiB page needs 24–32 MB) and its stem caches.
 */
export const DEFAULT_ANALYSIS_LIMITS: AnalysisLimits = { timeoutMs: 5_000, memoryMb: 512 };

export interface AnalysisPoolOptions {
  size?: number;
  /** The compiled worker (analysis-worker.js beside this module unless given). */
  script?: URL;
  limits?: Partial<AnalysisLimits>;
  /** Where pages that failed are reported, with the reason (never shown to the client). */
  logger?: Pick<Logger, 'warn' | 'error'>;
  /** How long a worker that analysed pages may sit idle before it is replaced by a fresh one (DEFAULT_WORKER_IDLE_MS). */
  idleMs?: number;
}

/**
 * 30 s. A worker's heap grows with the pages it analysed (their text, its stem caches and numbering: tens of MB after
 * a large sync) and V8 keeps it while the worker is idle: ended and replaced by a fresh one (about 10 MB), a quiet
 * bridge gives that memory back. A sync after it pays the new worker's start (tens of milliseconds) and caches.
 */
export const DEFAULT_WORKER_IDLE_MS = 30_000;

/**
 * A worker's space for new objects. Analysis makes much short-lived garbage, and with V8's default the two workers
 * held 55–60 MB more resident after 2,000–6,000 realistic pages (313 → 256 MB at 6,000) for the same CPU time within
 * the noise of a shared machine (5.7–7.0 s against 6.2–6.7 s for 3,000 pages).
 */
const WORKER_YOUNG_GENERATION_MB = 8;

/** Fewer pages than this are not worth a second worker's messaging. */
const MIN_PAGES_PER_CHUNK = 16;

/** Several chunks per worker: the main thread unpacks the first replies while the workers analyse the rest. */
const CHUNKS_PER_WORKER = 4;

/**
 * Times a page is sent again because its worker died before analysing it (another page's fault, or a crash between
 * pages): a page that keeps coming back fails instead of ending workers for ever.
 */
const MAX_RESENDS = 2;

/**
 * The transaction after analysis runs on the main thread, so more workers than this only add memory (each has its
 * own heap and stem caches).
 */
const MAX_WORKERS = 4;

/** A page's URL for a log line: without its query string, which may carry anything. */
function pageForLog(url: string): string {
  const parsed = URL.parse(url);
  return parsed === null ? '' : `${parsed.origin}${parsed.pathname}`;
}

interface Task {
  input: PageInput;
  /** Whose work it is (analyzeAll's `owner`): waiting chunks are served one owner after another. */
  owner: string;
  resolve: (result: AnalysisResult) => void;
  reject: (error: Error) => void;
  resends: number;
}

interface PoolWorker {
  worker: Worker;
  progress: AnalysisProgress;
  stems: StemDecoder;
  /** It loaded its modules: it takes work, and one that dies later is replaced; one that never did (no script) is not. */
  started: boolean;
  /** It was ended, or exited: its messages are ignored and its pages are sent elsewhere. */
  gone: boolean;
  /** Pages sent and not answered, by sequence number; answered in that order, several at a time. */
  pending: Map<number, Task>;
  nextSequence: number;
  /** Each chunk sent and not fully answered: its last sequence number and whose it is. */
  chunks: { end: number; owner: string }[];
  /** Why it exited, when the 'error' event said. */
  failure: Error | undefined;
  watchdog: NodeJS.Timeout | undefined;
  /** It analysed pages since it started: only then does replacing it when idle give memory back. */
  analysed: boolean;
  idleTimer: NodeJS.Timeout | undefined;
}

/**
 * Page analysis on worker threads (analysis-worker.js, compiled JavaScript): a batch is cut into chunks spread over
 * the workers so that a sync uses every core, while the main thread keeps serving requests. Each page has a time
 * limit and each worker a memory limit: a page over one fails alone (AnalysisLimitError), its worker is replaced, and
 * the other pages it held are analysed by the others.
 */
export class AnalysisPool implements PageAnalyzer {
  readonly size: number;
  readonly limits: AnalysisLimits;
  private readonly script: URL;
  private readonly logger: AnalysisPoolOptions['logger'];
  private readonly idleMs: number;
  private readonly workers: PoolWorker[] = [];
  /**
   * Chunks waiting for a worker, per owner (the account), the owners served in turn and sent ahead to a busy worker
   * only behind their own owner's chunk (chunk-placement.ts): an account's large sync cannot keep another's pages
   * waiting for more than a chunk per account ahead of them and the chunks in flight on the first worker to be free.
   */
  private readonly queue = new RoundRobinQueue<Task[]>();
  private closing = false;
  /** Why the last worker that could not start failed, reported once no worker is left. */
  private startFailure: Error | undefined;

  constructor(options: AnalysisPoolOptions = {}) {
    this.size = options.size ?? Math.min(MAX_WORKERS, os.availableParallelism());
    this.script = options.script ?? new URL('./analysis-worker.js', import.meta.url);
    this.limits = { ...DEFAULT_ANALYSIS_LIMITS, ...options.limits };
    this.logger = options.logger;
    this.idleMs = options.idleMs ?? DEFAULT_WORKER_IDLE_MS;
    for (let i = 0; i < this.size; i += 1) this.workers.push(this.spawn());
  }

  async analyzeAll(inputs: readonly PageInput[], owner = ''): Promise<AnalysisResult[]> {
    if (this.closing) throw new Error('the analysis pool is closed');
    if (this.workers.length === 0) throw new Error(`no analysis worker could start: ${this.startFailure?.message}`);
    const tasks: Task[] = [];
    const results = inputs.map(
      (input) => new Promise<AnalysisResult>((resolve, reject) => tasks.push({ input, owner, resolve, reject, resends: 0 })),
    );
    const chunks = Math.max(1, Math.min(this.workers.length * CHUNKS_PER_WORKER, Math.floor(inputs.length / MIN_PAGES_PER_CHUNK)));
    const chunkSize = Math.ceil(inputs.length / chunks);
    for (let first = 0; first < tasks.length; first += chunkSize) this.queue.push(owner, tasks.slice(first, first + chunkSize));
    this.dispatch();
    return Promise.all(results);
  }

  async close(): Promise<void> {
    this.closing = true;
    const closed = new Error('the analysis pool is closed');
    for (const chunk of this.queue.drain()) for (const task of chunk) task.reject(closed);
    await Promise.all(
      this.workers.map((entry) => {
        this.retire(entry);
        for (const task of entry.pending.values()) task.reject(closed);
        entry.pending.clear();
        return entry.worker.terminate();
      }),
    );
  }

  /** Sends waiting chunks, in turn, to the workers that may take them; stops at the first that none may. */
  private dispatch(): void {
    while (!this.queue.isEmpty) {
      const slots = this.workers.map((entry) => ({ available: entry.started && !entry.gone, owners: entry.chunks.map((chunk) => chunk.owner) }));
      const target = workerForChunk(slots, this.queue.nextOwner!);
      if (target === undefined) return;
      this.send(this.workers[target]!, this.queue.shift()!);
    }
  }

  private send(entry: PoolWorker, chunk: Task[]): void {
    const first = entry.nextSequence;
    entry.nextSequence += chunk.length;
    chunk.forEach((task, i) => entry.pending.set(first + i, task));
    entry.chunks.push({ end: first + chunk.length - 1, owner: chunk[0]!.owner });
    entry.analysed = true;
    clearTimeout(entry.idleTimer);
    entry.idleTimer = undefined;
    entry.worker.postMessage({ first, inputs: chunk.map((task) => task.input) } satisfies AnalysisRequest);
    if (entry.watchdog === undefined) this.watch(entry);
  }

  /**
   * Ends the worker when the page it analyses has run past the time limit, by the worker's own clock; otherwise looks
   * again when that page would reach it (or after a whole limit between pages), as long as pages are pending.
   */
  private watch(entry: PoolWorker): void {
    entry.watchdog = undefined;
    if (entry.gone || entry.pending.size === 0) return;
    const { timeoutMs } = this.limits;
    let wait = timeoutMs;
    const current = entry.progress.current();
    if (current !== null && entry.pending.has(current.sequence)) {
      const left = current.startedAt + timeoutMs - Date.now();
      if (left <= 0) {
        const message = `Analysing the page took longer than ${timeoutMs} ms, the bridge's limit: its content is too large or too complex.`;
        this.replace(entry, current.sequence, new AnalysisLimitError(message), `page analysis over ${timeoutMs} ms: worker ended`);
        return;
      }
      wait = left;
    }
    entry.watchdog = setTimeout(() => this.watch(entry), wait + 1);
    entry.watchdog.unref();
  }

  private onReply(entry: PoolWorker, reply: WorkerMessage): void {
    if (entry.gone) return;
    if ('ready' in reply) {
      entry.started = true;
      this.dispatch();
      return;
    }
    // Decoded even for pages no longer waited for: the stems it brings are numbered for later replies.
    const analyses = entry.stems.decode(reply.encoded);
    const errors = new Map(reply.errors);
    let next = 0;
    for (let offset = 0; offset < reply.count; offset += 1) {
      const sequence = reply.first + offset;
      const error = errors.get(offset);
      const analysis = error === undefined ? analyses[next++]! : undefined;
      const task = entry.pending.get(sequence);
      if (task === undefined) continue;
      entry.pending.delete(sequence);
      if (sequence === entry.chunks[0]?.end) entry.chunks.shift();
      if (analysis !== undefined) {
        task.resolve({ analysis });
      } else {
        this.logger?.error({ page: pageForLog(task.input.url), err: error }, 'page analysis failed');
        task.resolve({ failure: new InternalError(PAGE_NOT_ANALYSED) });
      }
    }
    this.dispatch();
    if (entry.pending.size === 0) this.replaceWhenIdle(entry);
  }

  /** Replaces the idle workers that analysed pages by fresh ones now (a project was deleted: its words are garbage). */
  releaseMemory(): void {
    for (const entry of [...this.workers]) this.renewIfIdle(entry);
  }

  /** Replaces the worker by a fresh one after `idleMs` without work (DEFAULT_WORKER_IDLE_MS says why). */
  private replaceWhenIdle(entry: PoolWorker): void {
    clearTimeout(entry.idleTimer);
    entry.idleTimer = setTimeout(() => this.renewIfIdle(entry), this.idleMs);
    entry.idleTimer.unref();
  }

  private renewIfIdle(entry: PoolWorker): void {
    if (entry.gone || !entry.analysed || this.closing || entry.pending.size > 0 || !this.queue.isEmpty) return;
    this.retire(entry);
    void entry.worker.terminate();
    this.workers[this.workers.indexOf(entry)] = this.spawn();
  }

  /** A worker that exited on its own: out of memory, or crashed. The page it was analysing fails; the others go on. */
  private onExit(entry: PoolWorker, code: number): void {
    if (entry.gone) return;
    const current = entry.progress.current();
    const culprit = current === null ? undefined : current.sequence;
    const outOfMemory = (entry.failure as { code?: string } | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
    const failure = outOfMemory
      ? new AnalysisLimitError(
          `Analysing the page needed more than ${this.limits.memoryMb} MB, the bridge's limit: its content is too large or too complex.`,
        )
      : new InternalError(PAGE_NOT_ANALYSED);
    const reason = entry.failure?.message ?? `exit code ${code}`;
    if (!entry.started) {
      // It never loaded (no script, no memory to start): not replaced, or a broken install would respawn for ever.
      this.retire(entry);
      this.startFailure = entry.failure ?? new Error(`analysis worker exited with code ${code}`);
      this.workers.splice(this.workers.indexOf(entry), 1);
      this.resend(entry, undefined);
      if (this.workers.length === 0) {
        for (const chunk of this.queue.drain()) for (const task of chunk) task.reject(this.startFailure);
      }
      return;
    }
    this.replace(entry, culprit, failure, `analysis worker died (${reason})`);
  }

  /** Ends a worker for good and puts a new one in its place; the page `culprit` fails, its other pages go elsewhere. */
  private replace(entry: PoolWorker, culprit: number | undefined, failure: AnalysisLimitError | InternalError, why: string): void {
    this.retire(entry);
    void entry.worker.terminate();
    this.workers[this.workers.indexOf(entry)] = this.spawn();
    const task = culprit === undefined ? undefined : entry.pending.get(culprit);
    if (task !== undefined) {
      entry.pending.delete(culprit!);
      this.logger?.warn({ page: pageForLog(task.input.url), code: failure.code }, `${why}; the page fails`);
      task.resolve({ failure });
    } else {
      this.logger?.warn(`${why} between pages`);
    }
    this.resend(entry, task);
  }

  /** The pages a gone worker held, sent again ahead of the queue (those sent too often fail). */
  private resend(entry: PoolWorker, culprit: Task | undefined): void {
    const again = new Map<string, Task[]>();
    for (const task of [...entry.pending.entries()].sort(([a], [b]) => a - b).map(([, pending]) => pending)) {
      // A page the worker had not reached when another one ended it is not to blame for that.
      if (culprit === undefined) task.resends += 1;
      if (task.resends > MAX_RESENDS) task.resolve({ failure: new InternalError(PAGE_NOT_ANALYSED) });
      else if (again.has(task.owner)) again.get(task.owner)!.push(task);
      else again.set(task.owner, [task]);
    }
    entry.pending.clear();
    for (const [owner, tasks] of again) this.queue.pushFirst(owner, tasks);
    this.dispatch();
  }

  private retire(entry: PoolWorker): void {
    entry.gone = true;
    clearTimeout(entry.watchdog);
    entry.watchdog = undefined;
    clearTimeout(entry.idleTimer);
    entry.idleTimer = undefined;
  }

  private spawn(): PoolWorker {
    const progress = AnalysisProgress.create();
    const worker = new Worker(this.script, {
      workerData: { progress: progress.buffer } satisfies AnalysisWorkerData,
      resourceLimits: { maxOldGenerationSizeMb: this.limits.memoryMb, maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
    });
    const entry: PoolWorker = {
      worker,
      progress,
      stems: new StemDecoder(),
      started: false,
      gone: false,
      pending: new Map(),
      nextSequence: 0,
      chunks: [],
      failure: undefined,
      watchdog: undefined,
      analysed: false,
      idleTimer: undefined,
    };
    worker.on('message', (reply: WorkerMessage) => this.onReply(entry, reply));
    worker.on('error', (error) => (entry.failure = error));
    worker.on('exit', (code) => {
      if (!this.closing) this.onExit(entry, code);
    });
    return entry;
  }
}
