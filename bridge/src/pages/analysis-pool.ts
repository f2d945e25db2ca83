import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { PageAnalysis, PageInput } from '../engine/types.js';
import type { PageAnalyzer } from './page-analyzer.js';
import { StemDecoder, type EncodedAnalyses } from './stem-lexicon.js';

export interface AnalysisRequest {
  id: number;
  inputs: PageInput[];
}

export type AnalysisReply = { id: number; encoded: EncodedAnalyses } | { id: number; error: string };

/** What a worker posts: `ready` once its modules have loaded, then one reply per request. */
export type WorkerMessage = { ready: true } | AnalysisReply;

/** Fewer pages than this are not worth a second worker's messaging. */
const MIN_PAGES_PER_CHUNK = 16;

/** Several chunks per worker: the main thread unpacks the first replies while the workers analyse the rest. */
const CHUNKS_PER_WORKER = 4;

/**
 * The transaction after analysis runs on the main thread, so more workers than this only add memory (each has its
 * own heap and stem caches).
 */
const MAX_WORKERS = 4;

interface Job {
  pages: number;
  resolve(analyses: PageAnalysis[]): void;
  reject(error: Error): void;
}

interface PoolWorker {
  worker: Worker;
  jobs: Map<number, Job>;
  /** Pages sent and not answered yet: new work goes to the least loaded worker. */
  load: number;
  stems: StemDecoder;
  /** It loaded its modules: one that dies later is replaced; one that never did (no script) is not. */
  started: boolean;
}

/**
 * Page analysis on worker threads (analysis-worker.js, compiled JavaScript): a batch is cut into chunks spread
 * over the workers so that a sync uses every core, while the main thread keeps serving requests. A worker that
 * dies fails its pending chunks and is replaced.
 */
export class AnalysisPool implements PageAnalyzer {
  private readonly workers: PoolWorker[] = [];
  private nextId = 0;
  private closing = false;
  /** Why the last worker that could not start failed, reported once no worker is left. */
  private startFailure: Error | undefined;

  constructor(
    readonly size: number = Math.min(MAX_WORKERS, os.availableParallelism()),
    private readonly script: URL = new URL('./analysis-worker.js', import.meta.url),
  ) {
    for (let i = 0; i < size; i += 1) this.workers.push(this.spawn());
  }

  async analyzeAll(inputs: readonly PageInput[]): Promise<PageAnalysis[]> {
    if (this.closing) throw new Error('the analysis pool is closed');
    if (this.workers.length === 0) throw new Error(`no analysis worker could start: ${this.startFailure?.message}`);
    const chunks = Math.max(1, Math.min(this.workers.length * CHUNKS_PER_WORKER, Math.floor(inputs.length / MIN_PAGES_PER_CHUNK)));
    const chunkSize = Math.ceil(inputs.length / chunks);
    const parts: Promise<PageAnalysis[]>[] = [];
    for (let first = 0; first < inputs.length; first += chunkSize) parts.push(this.run(inputs.slice(first, first + chunkSize)));
    return (await Promise.all(parts)).flat();
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.workers.map(({ worker }) => worker.terminate()));
  }

  private run(inputs: PageInput[]): Promise<PageAnalysis[]> {
    const target = this.workers.reduce((least, candidate) => (candidate.load < least.load ? candidate : least));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      target.jobs.set(id, { pages: inputs.length, resolve, reject });
      target.load += inputs.length;
      target.worker.postMessage({ id, inputs } satisfies AnalysisRequest);
    });
  }

  private spawn(): PoolWorker {
    const entry: PoolWorker = { worker: new Worker(this.script), jobs: new Map(), load: 0, stems: new StemDecoder(), started: false };
    entry.worker.on('message', (reply: WorkerMessage) => {
      if ('ready' in reply) {
        entry.started = true;
        return;
      }
      // Decoded even for a job no longer waited for: the stems it brings are numbered for later replies.
      const analyses = 'encoded' in reply ? entry.stems.decode(reply.encoded) : [];
      const job = entry.jobs.get(reply.id);
      if (job === undefined) return;
      entry.jobs.delete(reply.id);
      entry.load -= job.pages;
      if ('error' in reply) job.reject(new Error(`page analysis failed: ${reply.error}`));
      else job.resolve(analyses);
    });
    let failure: Error | undefined;
    entry.worker.on('error', (error) => (failure = error));
    entry.worker.on('exit', (code) => {
      const reason = failure ?? new Error(this.closing ? 'the analysis pool is closed' : `analysis worker exited with code ${code}`);
      for (const job of entry.jobs.values()) job.reject(reason);
      entry.jobs.clear();
      if (this.closing) return;
      const slot = this.workers.indexOf(entry);
      if (entry.started) {
        this.workers[slot] = this.spawn();
      } else {
        this.startFailure = reason;
        this.workers.splice(slot, 1);
      }
    });
    return entry;
  }
}
