import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { AppError, InternalError, NotFoundError } from './errors.js';

/** Unknown routes: the contract's 404 envelope. */
export const unknownRoute: RequestHandler = () => {
  throw new NotFoundError('Route');
};

/** Renders every error as `{error: {message, code, status, details?}}`; unexpected ones are logged, never shown. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const appError = error instanceof AppError ? error : new InternalError();
    if (!(error instanceof AppError)) {
      logger.error({ err: error, method: req.method, path: req.path }, 'unexpected error');
    }
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
