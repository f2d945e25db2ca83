import { z } from 'zod';
import type { Db } from '../db/connection.js';
import { defineEndpoint, type Endpoint } from '../http/endpoint.js';
import { ServiceUnavailableError } from '../errors.js';

/** Public endpoints: health and the API reference. */
export function systemEndpoints(db: Db, openApiDocument: () => unknown, version: string): Endpoint[] {
  return [
    defineEndpoint({
      method: 'get',
      path: '/healthz',
      operationId: 'health',
      summary: 'Health: 200 while the database is usable (no key needed)',
      tag: 'System',
      auth: false,
      response: z.object({ status: z.literal('ok'), version: z.string() }),
      errors: [503],
      handle: () => {
        try {
          db.prepare('SELECT 1').get();
        } catch {
          throw new ServiceUnavailableError(1, 'The database is not usable.');
        }
        return { status: 'ok' as const, version };
      },
    }),
    defineEndpoint({
      method: 'get',
      path: '/api/openapi.json',
      operationId: 'openapi',
      summary: 'This OpenAPI 3.1 document (no key needed)',
      tag: 'System',
      auth: false,
      raw: true,
      response: z.object({}).passthrough(),
      handle: ({ res }) => {
        res.json(openApiDocument());
      },
    }),
  ];
}
