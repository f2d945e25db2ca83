/**
 * The one error taxonomy of the bridge: each class is one HTTP meaning with the contract's stable code (§1).
 * Services throw these; the error handler renders them. Messages are for humans and never carry internals.
 */

import type { z } from 'zod';

export interface FieldIssue {
  field: string;
  message: string;
}

/** Turns zod issues into the contract's `details` list; `prefix` names where the checked value came from. */
export function toFieldIssues(error: z.ZodError, prefix?: string): FieldIssue[] {
  return error.issues.map((issue) => {
    const path = issue.path.map(String).join('.');
    const field = [prefix, path].filter(Boolean).join('.') || prefix || '(body)';
    return { field, message: issue.message };
  });
}

export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: FieldIssue[] | undefined;
  readonly headers: Record<string, string>;

  constructor(status: number, code: string, message: string, options: { details?: FieldIssue[]; headers?: Record<string, string> } = {}) {
    super(message);
    this.name = new.target.name;
    this.status = status;
    this.code = code;
    this.details = options.details;
    this.headers = options.headers ?? {};
  }
}

export class InvalidJsonError extends AppError {
  constructor(message = 'The request body is not valid JSON.') {
    super(400, 'invalid_json', message);
  }
}

export class ValidationError extends AppError {
  constructor(details: FieldIssue[], message = 'The request is invalid.') {
    super(400, 'validation_error', message, { details });
  }
}

/** A request the HTTP parser could not read at all, or CONNECT (answered at the socket, before express). */
export class BadRequestError extends AppError {
  constructor(message = 'The request is not valid HTTP.') {
    super(400, 'bad_request', message);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'A valid API key is required: send it as "Authorization: Bearer <key>".') {
    super(401, 'unauthorized', message);
  }
}

export class NotFoundError extends AppError {
  constructor(what = 'Resource') {
    super(404, 'not_found', `${what} not found.`);
  }
}

export class MethodNotAllowedError extends AppError {
  constructor(allowed: string[]) {
    super(405, 'method_not_allowed', `Method not allowed. Allowed: ${allowed.join(', ')}.`, {
      headers: { Allow: allowed.join(', ') },
    });
  }
}

export class UriTooLongError extends AppError {
  constructor(part: 'path' | 'query string', limit: number) {
    super(414, 'uri_too_long', `The ${part} is longer than ${limit} characters.`);
  }
}

export class HeadersTooLargeError extends AppError {
  constructor() {
    super(431, 'headers_too_large', 'The request line and headers are too large.');
  }
}

export class ConflictError extends AppError {
  constructor(message: string, details?: FieldIssue[], headers?: Record<string, string>) {
    super(409, 'conflict', message, { ...(details ? { details } : {}), ...(headers ? { headers } : {}) });
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(limitBytes: number) {
    super(413, 'payload_too_large', `The request body is larger than ${limitBytes} bytes.`);
  }
}

/** The client did not finish sending its request line and headers in time. */
export class RequestTimeoutError extends AppError {
  constructor() {
    super(408, 'request_timeout', 'The request was not received in time.');
  }
}

/**
 * One page of a batch sync whose analysis went over the bridge's time or memory limit: only that page fails (in
 * `data.errors`), with the 413 meaning (the content is more than the bridge accepts) and a message naming the limit.
 */
export class AnalysisLimitError extends AppError {
  constructor(message: string) {
    super(413, 'payload_too_large', message);
  }
}

/**
 * The account would hold more projects, pages or bytes of page content than its quota allows (accounts/quotas.ts):
 * nothing of the request is written. 403: valid and authenticated, but the account may not grow further until it
 * frees space or its quota is raised (`interlinker-bridge accounts quota`). `details` names the quota.
 */
export class QuotaExceededError extends AppError {
  constructor(quota: 'projects' | 'pages' | 'contentBytes', message: string) {
    super(403, 'quota_exceeded', message, { details: [{ field: quota, message }] });
  }
}

export class UnsupportedMediaTypeError extends AppError {
  constructor() {
    super(415, 'unsupported_media_type', 'Request bodies must be JSON: send "Content-Type: application/json".');
  }
}

export class RateLimitedError extends AppError {
  constructor(retryAfterSeconds: number, message = 'Rate limit exceeded: try again after the window resets.') {
    super(429, 'rate_limited', message, { headers: { 'Retry-After': String(Math.max(1, retryAfterSeconds)) } });
  }
}

export class InternalError extends AppError {
  constructor(message = 'An unexpected error occurred.') {
    super(500, 'internal_error', message);
  }
}

/** The database is held by another writer (a backup, the command line) past the busy timeout: try again shortly. */
export class ServiceUnavailableError extends AppError {
  constructor(retryAfterSeconds = 1, message = 'The database is busy: try again shortly.') {
    super(503, 'service_unavailable', message, { headers: { 'Retry-After': String(Math.max(1, retryAfterSeconds)) } });
  }
}
