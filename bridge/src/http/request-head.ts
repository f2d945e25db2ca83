import type { Request, RequestHandler } from 'express';
import { HeadersTooLargeError } from '../errors.js';

/** The most bytes of request line and headers the bridge reads: Node's own default, as the contract has always said. */
export const HEAD_LIMIT_BYTES = 16 * 1024;

/**
 * Node's parser refuses heads past this itself (431 at the socket, http/protocol-errors.ts), before any key can be
 * read. Kept well above HEAD_LIMIT_BYTES so that an over-long head is answered here instead, like every other answer.
 */
export const PARSER_HEAD_LIMIT_BYTES = 64 * 1024;

/** The head's size as sent: request line, each header line, the blank line (header strings are Latin-1: a byte each). */
export function headBytes(req: Request): number {
  let bytes = `${req.method} ${req.originalUrl} HTTP/${req.httpVersion}\r\n`.length + 2;
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) bytes += raw[i]!.length + 2 + raw[i + 1]!.length + 2;
  return bytes;
}

/**
 * Refuses a head over HEAD_LIMIT_BYTES with 431 headers_too_large, through `identify` first: a valid key gets its
 * rate-limit headers and a wrong one counts as failed, as for every other answer.
 */
export function requestHead(identify: RequestHandler, limitBytes = HEAD_LIMIT_BYTES): RequestHandler {
  return (req, res, next) => {
    if (headBytes(req) <= limitBytes) return next();
    return identify(req, res, (error?: unknown) => next(error ?? new HeadersTooLargeError()));
  };
}
