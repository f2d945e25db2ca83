import type { RequestHandler } from 'express';
import type { Logger } from 'pino';

/**
 * One structured line per request. Only method, path (never the query string or headers: keys must never reach a
 * log), status, duration and the account id.
 */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      const auth = res.locals.auth as { accountId?: string } | undefined;
      logger.info(
        { method: req.method, path: req.path, status: res.statusCode, ms: Math.round(durationMs * 100) / 100, account: auth?.accountId },
        'request',
      );
    });
    next();
  };
}
