/**
 * A stand-in for bridge/dist/pages/analysis-worker.js that misbehaves on cue, for the analysis pool's limit tests
 * (plain JavaScript: worker threads load compiled code). By page title: "stall" never ends, "hoard memory" allocates
 * until the worker's heap limit ends it, "crash" ends the worker, "throw" throws, "thread id" is analysed with the
 * worker's thread id as its clean title (which worker answered); any other page is analysed as the real worker does. Needs `npm run build --workspace bridge`.
 */
import { parentPort, threadId, workerData } from 'node:worker_threads';
import { analyzePage } from '../../bridge/dist/engine/page-analysis.js';
import { answerAnalysisRequests } from '../../bridge/dist/pages/analysis-worker-protocol.js';

const hoard = [];

answerAnalysisRequests(parentPort, workerData, (input) => {
  switch (input.title) {
    case 'stall':
      for (;;) hoard.length = 0;
    case 'hoard memory':
      for (;;) hoard.push(new Array(1 << 20).fill(hoard.length));
    case 'crash':
      return process.exit(3);
    case 'throw':
      throw new Error('scripted failure');
    case 'thread id':
      return { ...analyzePage(input), cleanTitle: String(threadId) };
    default:
      return analyzePage(input);
  }
});
