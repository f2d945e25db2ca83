import type { MessagePort } from 'node:worker_threads';
import type { PageAnalysis, PageInput } from '../engine/types.js';
import type { AnalysisRequest, AnalysisWorkerData, WorkerMessage } from './analysis-pool.js';
import { AnalysisProgress } from './analysis-progress.js';
import { StemEncoder } from './stem-lexicon.js';

/**
 * Analyses are posted together until this long has passed since the last post: small pages go by the dozen (a message
 * per page cost a third more time on a sync of small pages), a large one on its own as soon as it is done.
 */
const REPLY_INTERVAL_MS = 20;

/**
 * The worker's side of AnalysisPool: analyses the pages it is sent one by one, marking each in the shared progress
 * while it runs (the pool's time limit reads it, never the replies), and posts the analyses back in order.
 */
export function answerAnalysisRequests(port: MessagePort, data: AnalysisWorkerData, analyse: (input: PageInput) => PageAnalysis): void {
  const progress = new AnalysisProgress(data.progress);
  const encoder = new StemEncoder();
  port.on('message', ({ first, inputs }: AnalysisRequest) => {
    let replyFirst = first;
    let analyses: PageAnalysis[] = [];
    let errors: [number, string][] = [];
    let lastReply = performance.now();
    const reply = (count: number): void => {
      const encoded = encoder.encode(analyses);
      const buffers = [...encoded.stemIds, ...encoded.analyses.map((analysis) => analysis.wordStems)].map((ids) => ids.buffer as ArrayBuffer);
      port.postMessage({ first: replyFirst, count, encoded, errors } satisfies WorkerMessage, buffers);
      replyFirst += count;
      analyses = [];
      errors = [];
      lastReply = performance.now();
    };
    inputs.forEach((input, i) => {
      const sequence = first + i;
      progress.begin(sequence);
      try {
        analyses.push(analyse(input));
      } catch (error) {
        errors.push([sequence - replyFirst, error instanceof Error ? (error.stack ?? error.message) : String(error)]);
      }
      // Still marked as running while its reply is encoded: a worker that dies there dies of this page.
      if (i === inputs.length - 1 || performance.now() - lastReply >= REPLY_INTERVAL_MS) reply(sequence + 1 - replyFirst);
      progress.end();
    });
  });
  port.postMessage({ ready: true } satisfies WorkerMessage);
}
