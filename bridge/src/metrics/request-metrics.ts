import type { RequestHandler } from 'express';
import { UNMATCHED_ROUTE, type BridgeMetrics } from './bridge-metrics.js';

/** Where the router puts the matched endpoint's path pattern (`/api/projects/{projectId}`) for the request's metrics. */
export const ROUTE_PATTERN_LOCAL = 'routePattern';

/** Counts each answer and its latency under its route pattern, once it is sent. */
export function requestMetrics(metrics: BridgeMetrics): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const route = (res.locals[ROUTE_PATTERN_LOCAL] as string | undefined) ?? UNMATCHED_ROUTE;
      metrics.observeRequest(req.method, route, res.statusCode, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  };
}
