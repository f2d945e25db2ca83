import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { BadRequestError, HeadersTooLargeError, RequestTimeoutError, type AppError } from '../errors.js';

/** Node's HTTP parser's error codes, as the taxonomy's answers. */
function answerTo(code: string | undefined): AppError {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return new HeadersTooLargeError();
    case 'HPE_INVALID_METHOD':
      return new BadRequestError('The method is not one HTTP defines.');
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new RequestTimeoutError();
    default:
      return new BadRequestError();
  }
}

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
function answerAndClose(socket: Duplex, error: AppError): void {
  socket.end(rawAnswer(error), () => socket.destroy());
}

/**
 * What never reaches express gets the error envelope too: requests Node's parser refuses (an unknown method or a
 * request line that is not HTTP → 400, a head over the parser's 64 KiB → 431; Node alone would answer with an empty
 * body) and CONNECT (Node would drop the connection: 400, this is no proxy). Each is the client's fault, so a 4xx,
 * never a 5xx. They carry no rate-limit headers: a request that cannot be parsed has no key that could be trusted;
 * heads over the bridge's own 16 KiB limit are refused after parsing, with them (request-head.ts).
 */
export function answerProtocolErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    answerAndClose(socket, answerTo(error.code));
  });
  server.on('connect', (_req, socket: Duplex) => {
    answerAndClose(socket, new BadRequestError('CONNECT is not supported: this server is no proxy.'));
  });
}
