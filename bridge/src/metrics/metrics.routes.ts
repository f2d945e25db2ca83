import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import { bearerToken, refuseAuthentication, type FailedAuthThrottle } from '../http/auth.js';
import { defineEndpoint, type Endpoint } from '../http/endpoint.js';
import { NotFoundError, UnauthorizedError } from '../errors.js';
import type { BridgeMetrics } from './bridge-metrics.js';

const METRICS_TOKEN_EXPECTED = 'The metrics token (INTERLINKER_METRICS_TOKEN) is required: send it as "Authorization: Bearer <token>".';

/** Compared as digests: equal lengths, so the comparison takes the same time whatever was sent. */
function sameToken(sent: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(sent), digest(expected));
}

/** Runs an express middleware that does not answer itself (authenticateIfPresent): its error is thrown. */
async function runMiddleware(middleware: RequestHandler, req: Request, res: Response): Promise<void> {
  let failure: unknown;
  await middleware(req, res, (error?: unknown) => {
    failure = error;
  });
  if (failure !== undefined) throw failure;
}

/**
 * GET /metrics, for Prometheus: served only when the bridge has INTERLINKER_METRICS_TOKEN, to a request bearing that
 * token. It is not an API key and no API key opens it. Anything else is answered as any path answers it (`identify`:
 * authenticateIfPresent): a valid API key gets its rate-limit headers, a wrong token counts as a failed
 * authentication of the client address; then 401, or 404 as an unknown route when the bridge has no metrics.
 */
export function metricsEndpoints(
  metrics: { registry: BridgeMetrics; token: string } | null,
  throttle: FailedAuthThrottle,
  identify: RequestHandler,
): Endpoint[] {
  return [
    defineEndpoint({
      method: 'get',
      path: '/metrics',
      operationId: 'metrics',
      summary: 'Prometheus metrics (with the metrics token, not an API key)',
      description:
        'The text exposition format. Served only when the bridge is started with INTERLINKER_METRICS_TOKEN (otherwise 404, as an unknown route), to `Authorization: Bearer <that token>`. A missing or wrong token is 401 and counts as a failed authentication of the client address (429 past the limit); an API key is 401 too, with its rate-limit headers. Labels name route patterns, methods and statuses, never an account or a project.',
      tag: 'System',
      auth: false,
      raw: true,
      produces: 'text/plain; version=0.0.4',
      security: 'metricsToken',
      response: z.string(),
      errors: [401, 404, 429],
      handle: async ({ req, res }) => {
        const token = bearerToken(req);
        if (metrics !== null && token !== null && sameToken(token, metrics.token)) {
          const { contentType, text } = await metrics.registry.exposition();
          res.status(200).type(contentType).send(text);
          return;
        }
        if (metrics === null) {
          await runMiddleware(identify, req, res);
          throw new NotFoundError('Route');
        }
        if (token === null) return refuseAuthentication(req, token, throttle, METRICS_TOKEN_EXPECTED);
        try {
          await runMiddleware(identify, req, res);
        } catch (error) {
          throw error instanceof UnauthorizedError ? new UnauthorizedError(METRICS_TOKEN_EXPECTED) : error;
        }
        throw new UnauthorizedError(METRICS_TOKEN_EXPECTED);
      },
    }),
  ];
}
