import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import { startTestBridge, type TestAccount, type TestBridge } from '../support/api-harness.js';
import { rawRequest } from '../support/raw-http.js';

let bridge: TestBridge;
let account: TestAccount;

beforeAll(async () => {
  bridge = await startTestBridge({ bodyLimitBytes: 64 * 1024 });
  account = await bridge.createAccount('errors');
});
afterAll(() => bridge.close());

async function errorOf(response: Response) {
  const body = await response.json();
  expect(Object.keys(body)).toEqual(['error']);
  return body.error as { code: string; status: number; message: string; details?: unknown[] };
}

describe('error answers', () => {
  it('when the body is not JSON, then 400 invalid_json and nothing is stored', async () => {
    const response = await bridge.fetch('/api/projects', {
      method: 'POST',
      key: account.key,
      headers: { 'Content-Type': 'application/json' },
      body: '{"name": "x", ',
    });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({ code: 'invalid_json', status: 400 });
    expect((await account.client.listProjects()).pagination.total).toBe(0);
  });

  it('when the body is valid JSON of the wrong shape, then 400 validation_error', async () => {
    for (const body of ['123', '"text"', 'null', '[]']) {
      const response = await bridge.fetch('/api/projects', { method: 'POST', key: account.key, headers: { 'Content-Type': 'application/json' }, body });
      expect(response.status, body).toBe(400);
      expect((await errorOf(response)).code).toBe('validation_error');
    }
  });

  it('when the body is not application/json, then 415', async () => {
    const response = await bridge.fetch('/api/projects', {
      method: 'POST',
      key: account.key,
      headers: { 'Content-Type': 'text/plain' },
      body: JSON.stringify({ name: 'x', domain: 'https://x.test' }),
    });
    expect(response.status).toBe(415);
    expect((await errorOf(response)).code).toBe('unsupported_media_type');
  });

  it('when the body is over the limit, then 413 payload_too_large and nothing is stored', async () => {
    const response = await bridge.fetch('/api/projects', {
      method: 'POST',
      key: account.key,
      json: { name: 'x', domain: 'https://x.test', preferredSdk: 'y'.repeat(70 * 1024) },
    });
    expect(response.status).toBe(413);
    expect((await errorOf(response)).code).toBe('payload_too_large');
    expect((await account.client.listProjects()).pagination.total).toBe(0);
  });

  it('when a huge string is sent within the body limit, then the field limit answers 400', async () => {
    const response = await bridge.fetch('/api/projects', { method: 'POST', key: account.key, json: { name: 'n'.repeat(20_000), domain: 'https://x.test' } });
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.details).toEqual([expect.objectContaining({ field: 'name' })]);
  });

  it('when a known path gets another method, then 405 with an Allow header', async () => {
    const response = await bridge.fetch('/api/projects', { method: 'PUT', key: account.key });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST, GET, HEAD');
    expect(response.headers.get('x-ratelimit-remaining')).not.toBeNull();
    expect((await errorOf(response)).code).toBe('method_not_allowed');
  });

  it('when the route is unknown, then 404 not_found in the envelope', async () => {
    const response = await bridge.fetch('/api/nothing-here', { key: account.key });
    expect(response.status).toBe(404);
    expect(response.headers.get('x-ratelimit-limit')).not.toBeNull();
    const anonymous = await bridge.fetch('/api/nothing-here');
    expect(anonymous.status).toBe(404);
    expect(anonymous.headers.get('x-ratelimit-limit')).toBeNull();
    expect((await errorOf(response)).code).toBe('not_found');
  });

  it('when an id is unknown, then 404 and the message carries no internals', async () => {
    const response = await bridge.fetch(`/api/projects/${encodeURIComponent("x' OR 1=1 --")}`, { key: account.key });
    expect(response.status).toBe(404);
    const error = await errorOf(response);
    expect(error.message).not.toMatch(/sql|select|\/work|at \w+ \(/i);
  });
});

describe('malformed requests', () => {
  const port = () => Number(new URL(bridge.url).port);

  it('when the path is not percent-encoded UTF-8 (a lone surrogate, a cut sequence), then 400 validation_error with the rate-limit headers', async () => {
    for (const path of ['/api/projects/%ED%A0%80', '/api/projects/%E0%A4%A', '/api/projects/%FF/pages', '/api/projects/x/implementations/%C0%AF', '/api/nothing/%']) {
      const response = await bridge.fetch(path, { key: account.key });
      expect(response.status, path).toBe(400);
      expect(response.headers.get('x-ratelimit-remaining'), path).not.toBeNull();
      const error = await errorOf(response);
      expect(error).toMatchObject({ code: 'validation_error', details: [{ field: 'path', message: expect.any(String) }] });
    }
  });

  it('when the path or the query string is over its limit, then 414 uri_too_long with the rate-limit headers, however long the path', async () => {
    const longPath = await bridge.fetch(`/api/projects/${'p'.repeat(2100)}`, { key: account.key });
    expect(longPath.status).toBe(414);
    expect(longPath.headers.get('x-ratelimit-remaining')).not.toBeNull();
    expect((await errorOf(longPath)).code).toBe('uri_too_long');
    const longQuery = await bridge.fetch(`/api/projects?x=${'q'.repeat(8200)}`, { key: account.key });
    expect(longQuery.status).toBe(414);
    expect(longQuery.headers.get('x-ratelimit-remaining')).not.toBeNull();
    expect((await errorOf(longQuery)).code).toBe('uri_too_long');
    expect(await bridge.fetch(`/api/projects?x=${'q'.repeat(8000)}`, { key: account.key }).then((r) => r.status)).toBe(200);

    // Longer than the 16 KiB of head the bridge reads: still the bridge's own 414, with the headers.
    const huge = await rawRequest(port(), { method: 'GET', target: `/api/${'h'.repeat(20_000)}`, headers: [['Authorization', `Bearer ${account.key}`]] });
    expect(huge!.status).toBe(414);
    expect(huge!.headers['x-ratelimit-remaining']).toMatch(/^\d+$/);
    expect(JSON.parse(huge!.body).error.code).toBe('uri_too_long');
  });

  it('when the request line and headers are over 16 KiB, then 431 headers_too_large with the rate-limit headers of a valid key; past the parser\'s 64 KiB, 431 at the socket', async () => {
    const withHead = (bytes: number, key = account.key) =>
      rawRequest(port(), { method: 'GET', target: '/api/projects', headers: [['Authorization', `Bearer ${key}`], ['X-Padding', 'p'.repeat(bytes)]] });
    expect((await withHead(15_000))!.status).toBe(200);

    const large = await withHead(17_000);
    expect(large!.status).toBe(431);
    expect(JSON.parse(large!.body)).toEqual({ error: { message: expect.any(String), code: 'headers_too_large', status: 431 } });
    expect(large!.headers['x-ratelimit-limit']).toMatch(/^\d+$/);
    expect(large!.headers['x-ratelimit-reset']).toMatch(/^\d+$/);
    const remaining = Number(large!.headers['x-ratelimit-remaining']);
    // Counted like every answer to a valid key.
    expect(Number((await withHead(17_000))!.headers['x-ratelimit-remaining'])).toBe(remaining - 1);
    // A wrong key is refused as a failed authentication, as on any other path.
    expect((await withHead(17_000, 'ilk_wrong'))!.status).toBe(401);

    const refusedByParser = await withHead(70_000);
    expect(refusedByParser!.status).toBe(431);
    expect(JSON.parse(refusedByParser!.body).error.code).toBe('headers_too_large');
    expect(refusedByParser!.headers['x-ratelimit-remaining']).toBeUndefined();
  });

  it('when a query parameter the endpoint reads is repeated, then 400 naming it with the rate-limit headers; unknown ones are ignored', async () => {
    const repeated = await bridge.fetch('/api/projects?limit=1&limit=2', { key: account.key });
    expect(repeated.status).toBe(400);
    expect(repeated.headers.get('x-ratelimit-remaining')).not.toBeNull();
    expect((await errorOf(repeated)).details).toEqual([{ field: 'query.limit', message: expect.stringContaining('more than once') }]);
    expect((await bridge.fetch('/api/projects?utm=a&utm=b', { key: account.key })).status).toBe(200);
  });

  it('when the method is one HTTP parsing refuses, or CONNECT, then 400 bad_request in the envelope; other odd methods are 405', async () => {
    for (const method of ['FOO', 'CONNECT']) {
      const response = await rawRequest(port(), { method, target: method === 'CONNECT' ? '127.0.0.1:80' : '/api/projects', headers: [['Authorization', `Bearer ${account.key}`]] });
      expect(response!.status, method).toBe(400);
      expect(response!.headers['content-type'], method).toMatch(/^application\/json/);
      expect(JSON.parse(response!.body), method).toEqual({ error: { message: expect.any(String), code: 'bad_request', status: 400 } });
    }
    for (const method of ['PROPFIND', 'TRACE', 'OPTIONS', 'PURGE']) {
      const response = await rawRequest(port(), { method, target: '/api/projects', headers: [['Authorization', `Bearer ${account.key}`]] });
      expect(response!.status, method).toBe(405);
      expect(response!.headers['x-ratelimit-remaining'], method).toBeDefined();
    }
  });

  it('when the request line is not HTTP, then 400 bad_request in the envelope', async () => {
    const response = await rawRequest(port(), { method: 'GET', target: '/api/projects with spaces' });
    expect(response!.status).toBe(400);
    expect(JSON.parse(response!.body).error).toMatchObject({ code: 'bad_request', status: 400 });
  });

  it('when a compressed body does not inflate, or its encoding is unknown, then 400 or 415, never 500', async () => {
    const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${account.key}` };
    const garbage = await fetch(`${bridge.url}/api/projects`, { method: 'POST', headers: { ...headers, 'Content-Encoding': 'gzip' }, body: 'not gzip at all' });
    expect(garbage.status).toBe(400);
    expect((await errorOf(garbage)).code).toBe('invalid_json');
    const unknown = await fetch(`${bridge.url}/api/projects`, { method: 'POST', headers: { ...headers, 'Content-Encoding': 'zstd-ish' }, body: '{}' });
    expect(unknown.status).toBe(415);
    const gzipped = await fetch(`${bridge.url}/api/projects`, {
      method: 'POST',
      headers: { ...headers, 'Content-Encoding': 'gzip' },
      body: gzipSync(JSON.stringify({ name: 'zipped', domain: 'https://zipped.test' })),
    });
    expect(gzipped.status).toBe(201);
  });
});

describe('public endpoints', () => {
  it('when /healthz is asked without a key, then 200 ok', async () => {
    const response = await fetch(`${bridge.url}/healthz`);
    expect(response.status).toBe(200);
    expect((await response.json()).data.status).toBe('ok');
  });
});
