import type { Request, Response } from 'express';
import type { z } from 'zod';
import type { Executor } from '../db/database.js';
import type { AuthContext } from './auth.js';

export type HttpMethod = 'get' | 'post' | 'patch' | 'delete';

export interface EndpointContext<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  /** Present on every endpoint with `auth !== false`. */
  auth: AuthContext;
  req: Request;
  res: Response;
  /**
   * An idempotent endpoint's transaction, which stores its answer: what the handler writes goes through it, so that
   * both commit together. Null elsewhere.
   */
  transaction: Executor | null;
}

type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;

/**
 * One endpoint, declared in one place: path, schemas (which validate the request AND document it in OpenAPI),
 * success status and handler. Ghost-style: the route file is a list of these.
 */
export interface Endpoint<
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: HttpMethod;
  /** OpenAPI-style path, e.g. `/api/projects/{projectId}`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  /** false for the few public endpoints (health, OpenAPI). */
  auth?: boolean;
  params?: P;
  query?: Q;
  body?: B;
  /** Documents the body when `body` validates leniently (batch sync checks each page on its own). */
  bodyDoc?: z.ZodType;
  /** Schema of `data` in the success envelope (of one item when `paginated`). */
  response: z.ZodType;
  status?: 200 | 201;
  paginated?: boolean;
  /** The handler writes the response itself, without the envelope (the OpenAPI document). */
  raw?: boolean;
  /** The media type of a raw answer that is no JSON (documented as a string): `text/plain; version=0.0.4`. */
  produces?: string;
  /** An `auth: false` endpoint that checks a bearer token of its own (GET /metrics): the document's security scheme. */
  security?: 'metricsToken';
  /**
   * A POST that creates: honours `Idempotency-Key` (http/idempotency.ts). Its handler writes through
   * `transaction`, so that what it writes and the stored answer commit together.
   */
  idempotent?: boolean;
  /** Error statuses this endpoint may answer, besides 401/429/500/503 which every authenticated endpoint may. */
  errors?: number[];
  handle: (ctx: EndpointContext<Infer<P>, Infer<Q>, Infer<B>>) => unknown;
}

/** Identity function that gives handlers the types inferred from their schemas. */
export function defineEndpoint<
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(endpoint: Endpoint<P, Q, B>): Endpoint {
  return endpoint as unknown as Endpoint;
}
