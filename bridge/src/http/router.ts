import { Router, type Request, type RequestHandler } from 'express';
import { z } from 'zod';
import type { Endpoint } from './endpoint.js';
import type { ListResult } from '../pagination.js';
import { envelope } from './envelope.js';
import { MethodNotAllowedError, ValidationError, type FieldIssue } from '../errors.js';
import { REPLAYED_HEADER, type IdempotentAnswers } from './idempotency.js';
import { jsonBody, jsonBodyErrors } from './json-body.js';
import { parseOrThrow } from './validate.js';
import { ROUTE_PATTERN_LOCAL } from '../metrics/request-metrics.js';

export interface RouterOptions {
  /** Runs before every endpoint with `auth !== false`: authentication, then the rate limit. */
  authChain: RequestHandler[];
  /**
   * Runs before the 405 answer: with a valid key, counts it and sets the rate-limit headers; with a wrong one,
   * refuses it as a failed authentication; without an Authorization header, does nothing.
   */
  optionalAuth: RequestHandler;
  bodyLimitBytes: number;
  idempotency: IdempotentAnswers;
}

const EMPTY_OBJECT = z.object({});

/** `/api/projects/{projectId}` → `/api/projects/:projectId` */
export function toExpressPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/**
 * A query parameter the endpoint reads, given more than once, is refused rather than guessed at (first? last?).
 * Parameters it does not read are ignored, repeated or not, like unknown body fields.
 */
function repeatedParameters(endpoint: Endpoint, query: Request['query']): FieldIssue[] {
  const schema = endpoint.query;
  if (!(schema instanceof z.ZodObject)) return [];
  const read = new Set(Object.keys(schema.shape));
  return Object.entries(query)
    .filter(([name, value]) => Array.isArray(value) && read.has(name))
    .map(([name]) => ({ field: `query.${name}`, message: 'Given more than once: send it once (lists are comma-separated).' }));
}

function handlerFor(endpoint: Endpoint, idempotency: IdempotentAnswers): RequestHandler {
  return async (req, res) => {
    const params = parseOrThrow(endpoint.params ?? EMPTY_OBJECT, req.params, 'path');
    const repeated = repeatedParameters(endpoint, req.query);
    if (repeated.length > 0) throw new ValidationError(repeated);
    const query = endpoint.query ? parseOrThrow(endpoint.query, req.query, 'query') : undefined;
    const body = endpoint.body ? parseOrThrow(endpoint.body, req.body) : undefined;
    const context = { params, query, body, auth: res.locals.auth, req, res, transaction: null };

    const idempotencyKey = endpoint.idempotent ? (res.locals.idempotencyKey as string | undefined) : undefined;
    if (idempotencyKey !== undefined) {
      const request = { operation: endpoint.operationId, params, body: body ?? null };
      const answer = await idempotency.answer(res.locals.auth.accountId, idempotencyKey, request, async (transaction) => {
        const result: unknown = await endpoint.handle({ ...context, transaction } as never);
        return { status: endpoint.status ?? 200, body: JSON.stringify(envelope(result)) };
      });
      if (answer.replayed) res.setHeader(REPLAYED_HEADER, 'true');
      res.status(answer.status).type('application/json').send(answer.body);
      return;
    }

    const result = await endpoint.handle(context as never);
    if (endpoint.raw) return;
    res.status(endpoint.status ?? 200);
    if (endpoint.paginated) {
      const list = result as ListResult<unknown>;
      res.json(envelope(list.items, list.pagination));
    } else {
      res.json(envelope(result));
    }
  };
}

/**
 * Mounts declared endpoints. Each path also answers other methods with 405 and an Allow header (contract §1).
 */
export function buildRouter(endpoints: readonly Endpoint[], options: RouterOptions): Router {
  const router = Router();
  const byPath = new Map<string, Endpoint[]>();
  for (const endpoint of endpoints) {
    const list = byPath.get(endpoint.path) ?? [];
    list.push(endpoint);
    byPath.set(endpoint.path, list);
  }
  for (const [path, group] of byPath) {
    const route = router.route(toExpressPath(path));
    // First on the route, for every method: the request's metrics name the pattern, never the URL.
    route.all((_req, res, next) => {
      res.locals[ROUTE_PATTERN_LOCAL] = path;
      next();
    });
    for (const endpoint of group) {
      const chain: RequestHandler[] = [];
      if (endpoint.auth !== false) chain.push(...options.authChain);
      // Claimed before the body is read: a request still uploading is a request in progress.
      if (endpoint.idempotent) chain.push(options.idempotency.claim);
      if (endpoint.method === 'post' || endpoint.method === 'patch') {
        chain.push(...jsonBody(options.bodyLimitBytes));
      }
      route[endpoint.method](...chain, jsonBodyErrors(options.bodyLimitBytes), handlerFor(endpoint, options.idempotency));
    }
    const allowed = group.map((endpoint) => endpoint.method.toUpperCase());
    if (allowed.includes('GET')) allowed.push('HEAD');
    route.all(options.optionalAuth, () => {
      throw new MethodNotAllowedError(allowed);
    });
  }
  return router;
}
