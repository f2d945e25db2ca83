import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { BadRequestError, HeadersTooLargeError, RequestTimeoutError, type AppError } from '../errors.js';

/**
 * Each reason a request is refused before express, with its answer. The reason is a bounded label for the metrics,
 * never anything the client sent.
 */
export const REFUSALS = {
  head_too_large: () => new HeadersTooLargeError(),
  unknown_method: () => new BadRequestError('The method is not one HTTP defines.'),
  request_timeout: () => new RequestTimeoutError(),
  malformed: () => new BadRequestError(),
  connect: () => new BadRequestError('CONNECT is not supported: this server is no proxy.'),
} satisfies Record<string, () => AppError>;
export type RefusalReason = keyof typeof REFUSALS;

/** Told of each request answered at the socket (metrics/), with the status it was answered. */
export type RefusalObserver = (reason: RefusalReason, status: number) => void;

/** Node's HTTP parser's error codes; any other refusal is a request that is not HTTP. */
const PARSER_REFUSALS: Partial<Record<string, RefusalReason>> = {
  HPE_HEADER_OVERFLOW: 'head_too_large',
  HPE_INVALID_METHOD: 'unknown_method',
  ERR_HTTP_REQUEST_TIMEOUT: 'request_timeout',
};

/** One raw HTTP/1.1 answer in the contract's error envelope, closing the connection (the parser cannot go on). */
function rawAnswer(error: AppError): string {
  const body = JSON.stringify({ error: { message: error.message, code: error.code, status: error.status } });
  const headers = [
    `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status] ?? 'Error'}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    ...Object.entries(error.headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return `${headers.join('\r\n')}\r\n\r\n${body}`;
}

/** Writes the answer, then closes the socket for good: an ended socket nobody reads would keep the server open. */
function refuse(socket: Duplex, reason: RefusalReason, observe: RefusalObserver): void {
  const answer = REFUSALS[reason]();
  observe(reason, answer.status);
  socket.end(rawAnswer(answer), () => socket.destroy());
}

/**
 * What never reaches express gets the error envelope too: requests Node's parser refuses (an unknown method or a
 * request line that is not HTTP → 400, a head over the parser's 64 KiB → 431; Node alone would answer with an empty
 * body) and CONNECT (Node would drop the connection: 400, this is no proxy). Each is the client's fault, so a 4xx,
 * never a 5xx. They carry no rate-limit headers: a request that cannot be parsed has no key that could be trusted;
 * heads over the bridge's own 16 KiB limit are refused after parsing, with them (request-head.ts). Each answer is
 * told to `observe` (the metrics count them apart: no route was matched and express never saw them).
 */
export function answerProtocolErrors(server: Server, observe: RefusalObserver = () => {}): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    refuse(socket, PARSER_REFUSALS[error.code ?? ''] ?? 'malformed', observe);
  });
  server.on('connect', (_req, socket: Duplex) => refuse(socket, 'connect', observe));
}
