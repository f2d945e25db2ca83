import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBridge, TestClock, type TestBridge } from '../support/api-harness.js';

let bridge: TestBridge;
const clock = new TestClock(new Date('2026-03-10T12:59:00.000Z'));

beforeAll(async () => {
  bridge = await startTestBridge({ clock, failedAuthPolicy: { maxFailures: 5, windowSeconds: 60 } });
});
afterAll(() => bridge.close());

describe('authentication', () => {
  it('when there is no key, a malformed header or an unknown key, then 401 unauthorized without rate-limit headers', async () => {
    const owner = await bridge.createAccount('auth-owner');
    const cases: (string | undefined)[] = [undefined, 'Basic abc', 'Bearer', `Bearer ${owner.key}x`];
    for (const header of cases) {
      const response = await fetch(`${bridge.url}/api/projects`, { headers: header ? { Authorization: header } : {} });
      expect(response.status, String(header)).toBe(401);
      expect((await response.json()).error).toMatchObject({ code: 'unauthorized', status: 401 });
      expect(response.headers.get('x-ratelimit-limit')).toBeNull();
    }
  });

  it('when keys are stored, then only their hash is in the database', async () => {
    const account = await bridge.createAccount('hash-check');
    const rows = await bridge.database.db.selectFrom('api_keys').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(account.key);
  });
});

describe('rate limits', () => {
  it('when a free account makes requests, then every answer carries the three headers and the 101st is 429', async () => {
    clock.set('2026-03-10T13:00:05.000Z');
    const free = await bridge.createAccount('free-user', { tier: 'free', rateLimit: 100 });
    const reset = Date.parse('2026-03-10T14:00:00.000Z') / 1000;
    for (let i = 1; i <= 100; i += 1) {
      const response = await bridge.fetch('/api/projects', { key: free.key });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-ratelimit-limit')).toBe('100');
      expect(response.headers.get('x-ratelimit-remaining')).toBe(String(100 - i));
      expect(response.headers.get('x-ratelimit-reset')).toBe(String(reset));
    }
    clock.set('2026-03-10T13:59:00.000Z');
    const limited = await bridge.fetch('/api/projects', { key: free.key });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('60');
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(limited.headers.get('x-ratelimit-limit')).toBe('100');
    expect((await limited.json()).error).toMatchObject({ code: 'rate_limited', status: 429 });

    clock.set('2026-03-10T14:00:00.000Z');
    const fresh = await bridge.fetch('/api/projects', { key: free.key });
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('x-ratelimit-remaining')).toBe('99');
  });

  it('when an error answers a valid key, then the headers are there too', async () => {
    const account = await bridge.createAccount('errors-have-headers');
    const response = await bridge.fetch('/api/projects/prj_nope', { key: account.key });
    expect(response.status).toBe(404);
    expect(response.headers.get('x-ratelimit-limit')).not.toBeNull();
    expect(response.headers.get('x-ratelimit-remaining')).not.toBeNull();
  });

  it('when two accounts share nothing, then their windows are counted apart', async () => {
    const a = await bridge.createAccount('window-a', { rateLimit: 2 });
    const b = await bridge.createAccount('window-b', { rateLimit: 2 });
    await bridge.fetch('/api/projects', { key: a.key });
    await bridge.fetch('/api/projects', { key: a.key });
    expect((await bridge.fetch('/api/projects', { key: a.key })).status).toBe(429);
    expect((await bridge.fetch('/api/projects', { key: b.key })).status).toBe(200);
  });
});

describe('API keys over HTTP', () => {
  it('when a key generates a new one, then the secret is shown once, both work, and the old can be revoked', async () => {
    const account = await bridge.createAccount('rotator');
    const created = await account.client.createKey('second');
    expect(created.key).toMatch(/^ilk_/);
    const keys = await account.client.listKeys();
    expect(keys).toHaveLength(2);
    expect(JSON.stringify(keys)).not.toContain(created.key);
    const current = keys.find((key) => key.current)!;
    expect(current.id).not.toBe(created.id);

    const response = await bridge.fetch(`/api/keys/${current.id}`, { method: 'DELETE', key: created.key });
    expect(response.status).toBe(200);
    expect((await bridge.fetch('/api/projects', { key: account.key })).status).toBe(401);
    expect((await bridge.fetch('/api/projects', { key: created.key })).status).toBe(200);
  });

  it("when an account revokes another account's key id, then 404 and the key still works", async () => {
    const owner = await bridge.createAccount('key-owner');
    const other = await bridge.createAccount('key-thief');
    const ownerKeyId = (await owner.client.listKeys())[0]!.id;
    const response = await bridge.fetch(`/api/keys/${ownerKeyId}`, { method: 'DELETE', key: other.key });
    expect(response.status).toBe(404);
    expect((await bridge.fetch('/api/projects', { key: owner.key })).status).toBe(200);
  });
});
