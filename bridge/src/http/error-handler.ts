import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { isDatabaseBusy } from '../db/connection.js';
import { AppError, BadRequestError, InternalError, NotFoundError, ServiceUnavailableError } from '../errors.js';

/** Unknown routes: the contract's 404 envelope. */
export const unknownRoute: RequestHandler = () => {
  throw new NotFoundError('Route');
};

/** A client error raised by express or its parsers rather than by us (http-errors style `status` 4xx). */
function clientErrorStatus(error: unknown): number | null {
  const status = (error as { status?: unknown; statusCode?: unknown } | null)?.status ?? (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : null;
}

/** The taxonomy's answer to any error: ours as they are, a busy database 503, a stray client error 400, else 500. */
function toAppError(error: unknown, logger: Logger, where: { method: string; path: string }, onBusy: () => void): AppError {
  if (error instanceof AppError) return error;
  if (isDatabaseBusy(error)) {
    logger.warn({ ...where, code: (error as { code: string }).code }, 'database busy');
    onBusy();
    return new ServiceUnavailableError();
  }
  if (clientErrorStatus(error) !== null) return new BadRequestError('The request could not be read.');
  logger.error({ err: error, ...where }, 'unexpected error');
  return new InternalError();
}

/**
 * Renders every error as `{error: {message, code, status, details?}}`; unexpected ones are logged, never shown.
 * `onBusy` hears of each busy database (db/connection.ts busyBackoff).
 */
export function errorHandler(logger: Logger, onBusy: () => void = () => {}): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    // toAppError logs an unexpected error, which must happen even when the answer has already begun.
    // eslint-disable-next-line @wordpress/no-unused-vars-before-return -- the call is for its log, not only its value
    const appError = toAppError(error, logger, { method: req.method, path: req.path }, onBusy);
    if (res.headersSent) {
      res.end();
      return;
    }
    for (const [name, value] of Object.entries(appError.headers)) res.setHeader(name, value);
    res.status(appError.status).json({
      error: {
        message: appError.message,
        code: appError.code,
        status: appError.status,
        ...(appError.details ? { details: appError.details } : {}),
      },
    });
  };
}
