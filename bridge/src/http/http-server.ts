import http, { type Server } from 'node:http';
import type { Express } from 'express';
import { answerProtocolErrors } from './protocol-errors.js';
import { PARSER_HEAD_LIMIT_BYTES } from './request-head.js';

/** The app's HTTP server, not yet listening: the parser's head limit raised (request-head.ts), its refusals answered. */
export function createHttpServer(app: Express): Server {
  const server = http.createServer({ maxHeaderSize: PARSER_HEAD_LIMIT_BYTES }, app);
  answerProtocolErrors(server);
  return server;
}
