import http, { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
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

/**
 * Once `stopKeepingAlive()` is called, every answer not yet begun closes its connection (`Connection: close`): a
 * client or proxy keeping connections alive would otherwise hold a stopping server open until its deadline, since
 * `server.close()` closes only the connections idle at that moment.
 */
export function closeConnectionsOnStop(server: Server): { stopKeepingAlive: () => void } {
  const unanswered = new Set<ServerResponse>();
  let stopping = false;
  server.prependListener('request', (_request: IncomingMessage, response: ServerResponse) => {
    if (stopping) {
      response.shouldKeepAlive = false;
      return;
    }
    unanswered.add(response);
    response.once('close', () => unanswered.delete(response));
  });
  return {
    stopKeepingAlive() {
      stopping = true;
      for (const response of unanswered) if (!response.headersSent) response.shouldKeepAlive = false;
      unanswered.clear();
    },
  };
}
