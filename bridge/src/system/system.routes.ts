import { z } from 'zod';
import { sql, type Kysely } from 'kysely';
import type { Schema } from '../db/schema.js';
import { defineEndpoint, type Endpoint } from '../http/endpoint.js';
import { ServiceUnavailableError } from '../errors.js';
import type { IndexMemory } from '../indexing/project-indexes.js';

const indexMemorySchema = z
  .object({
    loaded: z.number().int().meta({ description: 'Projects whose search index is in memory now.' }),
    bytes: z.number().int().meta({ description: 'Estimated bytes those indexes hold.' }),
    budgetBytes: z.number().int().meta({ description: 'INTERLINKER_INDEX_MEMORY_MB: past it the least recently used are released.' }),
  })
  .meta({ description: 'Search indexes in memory. An index loads at its first use and is released when unused or over the budget.' });

/** Public endpoints: health and the API reference. */
export function systemEndpoints(db: Kysely<Schema>, openApiDocument: () => unknown, version: string, indexMemory: () => IndexMemory): Endpoint[] {
  return [
    defineEndpoint({
      method: 'get',
      path: '/healthz',
      operationId: 'health',
      summary: 'Health: 200 while the database is usable (no key needed)',
      tag: 'System',
      auth: false,
      response: z.object({ status: z.literal('ok'), version: z.string(), indexes: indexMemorySchema }),
      errors: [503],
      handle: async () => {
        try {
          await sql`SELECT 1`.execute(db);
        } catch {
          throw new ServiceUnavailableError(1, 'The database is not usable.');
        }
        return { status: 'ok' as const, version, indexes: indexMemory() };
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
