import { z } from 'zod';
import type { Endpoint } from '../http/endpoint.js';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_RETENTION_HOURS, REPLAYED_HEADER } from '../http/idempotency.js';

const STATUS_TEXT: Record<number, { code: string; text: string }> = {
  400: {
    code: 'invalid_json | validation_error',
    text: `The body is not JSON, or a field, header or query parameter is invalid (one the endpoint reads, given twice, included), or the path's percent-encoding is not UTF-8.`,
  },
  401: { code: 'unauthorized', text: 'No Bearer key, or an unknown or revoked key.' },
  403: {
    code: 'quota_exceeded',
    text: "The account would hold more projects, pages or bytes of page content than its quota (GET /api/account); nothing was written. `details[0].field` names the quota: projects, pages or contentBytes.",
  },
  404: { code: 'not_found', text: 'Unknown route, or a resource that does not exist or belongs to another account.' },
  405: { code: 'method_not_allowed', text: 'Known path, other method (see the Allow header).' },
  409: { code: 'conflict', text: "The resource's state refuses the request." },
  413: { code: 'payload_too_large', text: 'The body is over the size limit.' },
  415: { code: 'unsupported_media_type', text: 'The body is not application/json.' },
  429: { code: 'rate_limited', text: 'Over the hourly limit (see Retry-After), or too many failed authentications.' },
  500: { code: 'internal_error', text: 'Unexpected error.' },
  503: { code: 'service_unavailable', text: 'The database is held by another writer (a backup, the command line): try again after Retry-After.' },
};

const IDEMPOTENT_409 = `conflict: the resource's state refuses the request; or this ${IDEMPOTENCY_HEADER} was used for another request, or a request with it is still in progress (Retry-After).`;

/** What an error answer means: its code and text; for an idempotent endpoint's 409, either of its two causes. */
function errorDescription(status: number, idempotent: boolean): string {
  if (status === 409 && idempotent) return IDEMPOTENT_409;
  const text = STATUS_TEXT[status];
  return text ? `${text.code}: ${text.text}` : 'Error';
}

/** Headers of error answers, by status. */
const ERROR_HEADERS: Record<number, Record<string, unknown>> = {
  429: { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait.' } },
  503: { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait.' } },
};

const idempotencyParameter = {
  name: IDEMPOTENCY_HEADER,
  in: 'header',
  required: false,
  schema: { type: 'string', minLength: 16, maxLength: 255, pattern: '^[\\x21-\\x7E]+$' },
  description: `Makes a retry safe: for ${IDEMPOTENCY_RETENTION_HOURS} hours, per account, a request with the same key, path and body gets the first success again (same status and body, with \`${REPLAYED_HEADER}: true\`) instead of creating again; the same key with another path or body is 409, and so is a request while another with the same key is in progress, on any bridge of the same database. Error answers are not kept. Use a random UUID per operation.`,
};

const errorSchema = z.object({
  error: z.object({
    message: z.string(),
    code: z.string(),
    status: z.number().int(),
    details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  }),
});

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}

function parameters(endpoint: Endpoint) {
  const list: Record<string, unknown>[] = endpoint.idempotent ? [idempotencyParameter] : [];
  for (const [where, schema] of [['path', endpoint.params], ['query', endpoint.query]] as const) {
    if (!schema) continue;
    const described = jsonSchema(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, property] of Object.entries(described.properties ?? {})) {
      list.push({ name, in: where, required: where === 'path' || (described.required ?? []).includes(name), schema: property });
    }
  }
  return list;
}

const rateLimitHeaders = {
  'X-RateLimit-Limit': { schema: { type: 'integer' }, description: 'Requests allowed in the current one-hour window.' },
  'X-RateLimit-Remaining': { schema: { type: 'integer' }, description: 'Requests left in the window.' },
  'X-RateLimit-Reset': { schema: { type: 'integer' }, description: 'Unix time (seconds) at the end of the window.' },
};

/** The OpenAPI 3.1 document, generated from the same endpoint declarations and schemas that validate requests. */
export function buildOpenApiDocument(endpoints: readonly Endpoint[], info: { version: string; description: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of endpoints) {
    const authenticated = endpoint.auth !== false;
    const data = endpoint.paginated ? z.array(endpoint.response) : endpoint.response;
    const meta = z.object({
      timestamp: z.string(),
      ...(endpoint.paginated
        ? { pagination: z.object({ limit: z.number().int(), offset: z.number().int(), total: z.number().int() }) }
        : {}),
    });
    const success = z.object({ data, meta });
    const statuses = new Set([
      ...(endpoint.errors ?? []),
      ...(authenticated ? [401, 429] : []),
      ...(endpoint.idempotent ? [409] : []),
      500,
      503,
    ]);
    const successHeaders = {
      ...(authenticated ? rateLimitHeaders : {}),
      ...(endpoint.idempotent
        ? { [REPLAYED_HEADER]: { schema: { type: 'string', enum: ['true'] }, description: `Present when this is the stored answer to an earlier request with the same ${IDEMPOTENCY_HEADER}.` } }
        : {}),
    };
    const responses: Record<string, unknown> = {
      [String(endpoint.status ?? 200)]: {
        description: 'Success',
        ...(Object.keys(successHeaders).length > 0 ? { headers: successHeaders } : {}),
        content: endpoint.produces
          ? { [endpoint.produces]: { schema: { type: 'string' } } }
          : { 'application/json': { schema: jsonSchema(success, 'output') } },
      },
    };
    for (const status of [...statuses].sort()) {
      const headers = ERROR_HEADERS[status] ?? {};
      responses[String(status)] = {
        description: errorDescription(status, endpoint.idempotent === true),
        ...(Object.keys(headers).length > 0 ? { headers } : {}),
        content: { 'application/json': { schema: jsonSchema(errorSchema, 'output') } },
      };
    }
    const bodySchema = endpoint.bodyDoc ?? endpoint.body;
    paths[endpoint.path] ??= {};
    paths[endpoint.path]![endpoint.method] = {
      operationId: endpoint.operationId,
      summary: endpoint.summary,
      ...(endpoint.description ? { description: endpoint.description } : {}),
      tags: [endpoint.tag],
      ...(authenticated ? {} : { security: endpoint.security ? [{ [endpoint.security]: [] }] : [] }),
      parameters: parameters(endpoint),
      ...(bodySchema
        ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(bodySchema, 'input') } } } }
        : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Interlinker bridge API', version: info.version, description: info.description },
    servers: [{ url: '/' }],
    security: [{ bearerAuth: [] }],
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key (`interlinker-bridge keys create`).' },
        metricsToken: { type: 'http', scheme: 'bearer', description: 'The INTERLINKER_METRICS_TOKEN the bridge was started with (GET /metrics only).' },
      },
    },
    paths,
  };
}
