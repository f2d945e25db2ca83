import type { MessagePort } from 'node:worker_threads';
import type { PageAnalysis, PageInput } from '../engine/types.js';
import type { AnalysisRequest, AnalysisWorkerData, WorkerMessage } from './analysis-pool.js';
import { AnalysisProgress } from './analysis-progress.js';
import { StemEncoder } from './stem-lexicon.js';

/**
 * The worker's side of AnalysisPool: analyses the pages it is sent one by one, marking each in the shared progress
 * while it runs (the pool's time limit reads it), and posts each analysis back as soon as it is done.
 */
export function answerAnalysisRequests(port: MessagePort, data: AnalysisWorkerData, analyse: (input: PageInput) => PageAnalysis): void {
  const progress = new AnalysisProgress(data.progress);
  const encoder = new StemEncoder();
  port.on('message', ({ first, inputs }: AnalysisRequest) => {
    inputs.forEach((input, i) => {
      const sequence = first + i;
      progress.begin(sequence);
      try {
        const encoded = encoder.encode([analyse(input)]);
        const buffers = [...encoded.stemIds, ...encoded.analyses.map((analysis) => analysis.wordStems)].map((ids) => ids.buffer as ArrayBuffer);
        port.postMessage({ sequence, encoded } satisfies WorkerMessage, buffers);
      } catch (error) {
        port.postMessage({ sequence, error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies WorkerMessage);
      }
      progress.end();
    });
  });
  port.postMessage({ ready: true } satisfies WorkerMessage);
}
