import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { bearerToken, refuseAuthentication, type FailedAuthThrottle } from '../http/auth.js';
import { defineEndpoint, type Endpoint } from '../http/endpoint.js';
import { NotFoundError } from '../errors.js';
import type { BridgeMetrics } from './bridge-metrics.js';

const METRICS_TOKEN_EXPECTED = 'The metrics token (INTERLINKER_METRICS_TOKEN) is required: send it as "Authorization: Bearer <token>".';

/** Compared as digests: equal lengths, so the comparison takes the same time whatever was sent. */
function sameToken(sent: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(sent), digest(expected));
}

/**
 * GET /metrics, for Prometheus: served only when the bridge has INTERLINKER_METRICS_TOKEN (404 otherwise, as an
 * unknown route), to a request bearing that token. It is not an API key and no API key opens it; a wrong one counts
 * as a failed authentication of the client's address, like a wrong key.
 */
export function metricsEndpoints(metrics: { registry: BridgeMetrics; token: string } | null, throttle: FailedAuthThrottle): Endpoint[] {
  return [
    defineEndpoint({
      method: 'get',
      path: '/metrics',
      operationId: 'metrics',
      summary: 'Prometheus metrics (with the metrics token, not an API key)',
      description:
        'The text exposition format. Served only when the bridge is started with INTERLINKER_METRICS_TOKEN (otherwise 404), to `Authorization: Bearer <that token>`. A missing or wrong token is 401 and counts as a failed authentication of the client address (429 past the limit). Labels name route patterns, methods and statuses, never an account or a project.',
      tag: 'System',
      auth: false,
      raw: true,
      produces: 'text/plain; version=0.0.4',
      security: 'metricsToken',
      response: z.string(),
      errors: [401, 404, 429],
      handle: async ({ req, res }) => {
        if (metrics === null) throw new NotFoundError('Route');
        const token = bearerToken(req);
        if (token === null || !sameToken(token, metrics.token)) refuseAuthentication(req, token, throttle, METRICS_TOKEN_EXPECTED);
        const { contentType, text } = await metrics.registry.exposition();
        res.status(200).type(contentType).send(text);
      },
    }),
  ];
}
