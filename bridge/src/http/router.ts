import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import type { Endpoint, ListResult } from './endpoint.js';
import { envelope } from './envelope.js';
import { MethodNotAllowedError } from './errors.js';
import { jsonBody, jsonBodyErrors } from './json-body.js';
import { parseOrThrow } from './validate.js';

export interface RouterOptions {
  /** Runs before every endpoint with `auth !== false`: authentication, then the rate limit. */
  authChain: RequestHandler[];
  /** Runs before the 405 answer: sets the rate-limit headers when the request carries a valid key. */
  optionalAuth: RequestHandler;
  bodyLimitBytes: number;
}

const EMPTY_OBJECT = z.object({});

/** `/api/projects/{projectId}` → `/api/projects/:projectId` */
export function toExpressPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

function handlerFor(endpoint: Endpoint): RequestHandler {
  return async (req, res) => {
    const params = parseOrThrow(endpoint.params ?? EMPTY_OBJECT, req.params, 'path');
    const query = endpoint.query ? parseOrThrow(endpoint.query, req.query, 'query') : undefined;
    const body = endpoint.body ? parseOrThrow(endpoint.body, req.body) : undefined;
    const result = await endpoint.handle({ params, query, body, auth: res.locals.auth, req, res } as never);
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
    for (const endpoint of group) {
      const chain: RequestHandler[] = [];
      if (endpoint.auth !== false) chain.push(...options.authChain);
      if (endpoint.method === 'post' || endpoint.method === 'patch') {
        chain.push(...jsonBody(options.bodyLimitBytes));
      }
      route[endpoint.method](...chain, jsonBodyErrors(options.bodyLimitBytes), handlerFor(endpoint));
    }
    const allowed = group.map((endpoint) => endpoint.method.toUpperCase());
    if (allowed.includes('GET')) allowed.push('HEAD');
    route.all(options.optionalAuth, () => {
      throw new MethodNotAllowedError(allowed);
    });
  }
  return router;
}
