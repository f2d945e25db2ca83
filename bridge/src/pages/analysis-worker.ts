/** Worker thread of AnalysisPool: analyses the pages it is sent and posts the analyses back. */
import { parentPort } from 'node:worker_threads';
import { analyzePage } from '../engine/page-analysis.js';
import type { AnalysisRequest, WorkerMessage } from './analysis-pool.js';
import { StemEncoder } from './stem-lexicon.js';

if (parentPort === null) throw new Error('analysis-worker runs as a worker thread of AnalysisPool');
const port = parentPort;
const encoder = new StemEncoder();

port.on('message', ({ id, inputs }: AnalysisRequest) => {
  let analyses;
  try {
    analyses = inputs.map((input) => analyzePage(input));
  } catch (error) {
    port.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies WorkerMessage);
    return;
  }
  const encoded = encoder.encode(analyses);
  const buffers = [...encoded.stemIds, ...encoded.analyses.map((analysis) => analysis.wordStems)].map((ids) => ids.buffer as ArrayBuffer);
  port.postMessage({ id, encoded } satisfies WorkerMessage, buffers);
});

port.postMessage({ ready: true } satisfies WorkerMessage);
