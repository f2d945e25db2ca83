import http, { type Server } from 'node:http';
import type { Express } from 'express';
import { answerProtocolErrors, type RefusalObserver } from './protocol-errors.js';
import { PARSER_HEAD_LIMIT_BYTES } from './request-head.js';

/**
 * The app's HTTP server, not yet listening: the parser's head limit raised (request-head.ts), its refusals answered
 * and told to `observeRefusal` (the app's metrics, when it has them).
 */
export function createHttpServer(app: Express, observeRefusal?: RefusalObserver): Server {
  const server = http.createServer({ maxHeaderSize: PARSER_HEAD_LIMIT_BYTES }, app);
  answerProtocolErrors(server, observeRefusal);
  return server;
}
