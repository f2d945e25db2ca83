import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { AppError, InvalidJsonError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../errors.js';

function hasBody(headers: Record<string, string | string[] | undefined>): boolean {
  const length = headers['content-length'];
  if (length !== undefined) return Number(length) > 0;
  return headers['transfer-encoding'] !== undefined;
}

/**
 * JSON bodies only (415 otherwise), at most `limitBytes` (413), parseable (400 invalid_json). Any JSON value is
 * parsed (strict: false) so that a body of the wrong shape gets a validation_error naming the problem, not
 * invalid_json.
 */
export function jsonBody(limitBytes: number): RequestHandler[] {
  const requireJson: RequestHandler = (req, _res, next) => {
    if (hasBody(req.headers) && !req.is('application/json')) throw new UnsupportedMediaTypeError();
    next();
  };
  const parse = express.json({ limit: limitBytes, strict: false, type: 'application/json' });
  return [requireJson, parse];
}

interface BodyParserError extends Error {
  type?: string;
  status?: number;
}

/** Maps body-parser's errors to the taxonomy; must sit right after the parser. */
export function jsonBodyErrors(limitBytes: number): ErrorRequestHandler {
  return (error: BodyParserError, _req, _res, next) => {
    switch (error.type) {
      case 'entity.parse.failed':
        return next(new InvalidJsonError());
      case 'entity.too.large':
        return next(new PayloadTooLargeError(limitBytes));
      case 'encoding.unsupported':
      case 'charset.unsupported':
        return next(new UnsupportedMediaTypeError());
      case 'request.aborted':
      case 'request.size.invalid':
      case 'stream.encoding.set':
        return next(new InvalidJsonError('The request body could not be read.'));
      default:
        // Anything else body-parser refuses (a gzip body that does not inflate, …) is the client's body, not our fault.
        if (!(error instanceof AppError) && error.status !== undefined && error.status < 500) {
          return next(new InvalidJsonError('The request body could not be read (check its Content-Encoding).'));
        }
        return next(error);
    }
  };
}
