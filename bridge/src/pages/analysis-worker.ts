/** Worker thread of AnalysisPool: analyses the pages it is sent and posts the analyses back. */
import { parentPort, workerData } from 'node:worker_threads';
import { analyzePage } from '../engine/page-analysis.js';
import type { AnalysisWorkerData } from './analysis-pool.js';
import { answerAnalysisRequests } from './analysis-worker-protocol.js';

if (parentPort === null) throw new Error('analysis-worker runs as a worker thread of AnalysisPool');
answerAnalysisRequests(parentPort, workerData as AnalysisWorkerData, analyzePage);
