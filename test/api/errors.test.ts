import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBridge, type TestAccount, type TestBridge } from '../support/api-harness.js';

let bridge: TestBridge;
let account: TestAccount;

beforeAll(async () => {
  bridge = await startTestBridge({ bodyLimitBytes: 64 * 1024 });
  account = bridge.createAccount('errors');
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

describe('public endpoints', () => {
  it('when /healthz is asked without a key, then 200 ok', async () => {
    const response = await fetch(`${bridge.url}/healthz`);
    expect(response.status).toBe(200);
    expect((await response.json()).data.status).toBe('ok');
  });
});
