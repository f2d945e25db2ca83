import type { RequestHandler } from 'express';
import { UriTooLongError, ValidationError, type AppError } from '../errors.js';

export interface RequestTargetLimits {
  /** Characters of the path as sent (percent-encoded). */
  maxPathLength: number;
  /** Characters of the query string as sent. */
  maxQueryLength: number;
}

/**
 * The longest path holds a project, a resource and two 64-character ids with room to spare; the longest query two
 * percent-encoded URL filters (2,048 characters each before encoding) or 100 comma-separated ids. Both stay below
 * the 16 KiB limit on the request line and headers, which answers 431 (request-head.ts).
 */
export const REQUEST_TARGET_LIMITS: RequestTargetLimits = { maxPathLength: 2048, maxQueryLength: 8192 };

function problemOf(url: string, limits: RequestTargetLimits): AppError | null {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (path.length > limits.maxPathLength) return new UriTooLongError('path', limits.maxPathLength);
  if (queryAt !== -1 && url.length - queryAt - 1 > limits.maxQueryLength) {
    return new UriTooLongError('query string', limits.maxQueryLength);
  }
  try {
    decodeURIComponent(path);
  } catch {
    return new ValidationError(
      [{ field: 'path', message: 'Invalid percent-encoding: each %XX sequence must spell valid UTF-8.' }],
      'The request path is not valid percent-encoded UTF-8.',
    );
  }
  return null;
}

/**
 * Refuses a request target nothing could route before anything tries to: an over-long path or query string (414)
 * or a path whose percent-encoding is not UTF-8 (400; the router would fail to decode its parameters). The answer
 * goes through `identify` first, so a valid key still gets its rate-limit headers and a wrong one counts as failed.
 */
export function requestTarget(identify: RequestHandler, limits: RequestTargetLimits = REQUEST_TARGET_LIMITS): RequestHandler {
  return (req, res, next) => {
    const problem = problemOf(req.originalUrl, limits);
    if (!problem) return next();
    return identify(req, res, (error?: unknown) => next(error ?? problem));
  };
}
