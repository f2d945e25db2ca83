import { afterEach, describe, expect, it } from 'vitest';
import { startTestBridge, TestClock, type TestBridge } from '../support/api-harness.js';

/** Three failures per minute per client address, so that each scenario reaches the limit in a few requests. */
const POLICY = { maxFailures: 3, windowSeconds: 60 };
const WRONG_KEY = 'ilk_revoked-or-mistyped';

let bridge: TestBridge | undefined;
afterEach(async () => {
  await bridge?.close();
  bridge = undefined;
});

async function start(options: { trustProxy?: number; clock?: TestClock } = {}): Promise<TestBridge> {
  bridge = await startTestBridge({ failedAuthPolicy: POLICY, clock: options.clock ?? new TestClock(), ...options });
  return bridge;
}

/** A request from a client behind the proxy: the proxy appends the address it saw to X-Forwarded-For. */
function via(forwardedFor: string | undefined, key: string | null): { key: string | null; headers: Record<string, string> } {
  return { key, headers: forwardedFor === undefined ? {} : { 'X-Forwarded-For': forwardedFor } };
}

async function failUntilThrottled(b: TestBridge, forwardedFor?: string): Promise<void> {
  for (let i = 0; i < POLICY.maxFailures; i += 1) {
    expect((await b.fetch('/api/projects', via(forwardedFor, `${WRONG_KEY}-${i}`))).status).toBe(401);
  }
  const throttled = await b.fetch('/api/projects', via(forwardedFor, WRONG_KEY));
  expect(throttled.status).toBe(429);
  expect((await throttled.json()).error).toMatchObject({ code: 'rate_limited', status: 429 });
  expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
}

describe('failed authentication throttling', () => {
  it('when a site with a revoked key and a healthy site share one address, then the healthy key keeps working', async () => {
    const b = await start();
    const healthy = await b.createAccount('healthy-site');
    await failUntilThrottled(b);

    const answer = await b.fetch('/api/projects', { key: healthy.key });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-ratelimit-limit')).not.toBeNull();
    // The address stays throttled for wrong keys all the same.
    expect((await b.fetch('/api/projects', { key: WRONG_KEY })).status).toBe(429);
  });

  it('when no proxy is trusted, then X-Forwarded-For is ignored: changing it neither dodges the throttle nor spreads it', async () => {
    const b = await start();
    const healthy = await b.createAccount('healthy-site');
    for (let i = 0; i < POLICY.maxFailures; i += 1) {
      expect((await b.fetch('/api/projects', via(`203.0.113.${i}`, WRONG_KEY))).status).toBe(401);
    }
    expect((await b.fetch('/api/projects', via('198.51.100.99', WRONG_KEY))).status).toBe(429);
    expect((await b.fetch('/api/projects', via('203.0.113.1', healthy.key))).status).toBe(200);
  });

  it('when TRUST_PROXY trusts one hop, then failures are counted per forwarded client, and spoofed entries are ignored', async () => {
    const b = await start({ trustProxy: 1 });
    const healthy = await b.createAccount('healthy-site');
    await failUntilThrottled(b, '203.0.113.5');

    // Another client behind the same proxy is not throttled, even with a wrong key of its own.
    expect((await b.fetch('/api/projects', via('198.51.100.7', WRONG_KEY))).status).toBe(401);
    // The bad client cannot pose as someone else: the proxy's entry is the last one, whatever it sent before it.
    expect((await b.fetch('/api/projects', via('198.51.100.7, 203.0.113.5', WRONG_KEY))).status).toBe(429);
    // And a valid key from the throttled client itself still works.
    expect((await b.fetch('/api/projects', via('203.0.113.5', healthy.key))).status).toBe(200);
  });

  it('when IPv6 clients behind a trusted proxy fail, then one /64 counts as one client', async () => {
    const b = await start({ trustProxy: 1 });
    for (let i = 1; i <= POLICY.maxFailures; i += 1) {
      expect((await b.fetch('/api/projects', via(`2001:db8:0:1::${i}`, WRONG_KEY))).status).toBe(401);
    }
    expect((await b.fetch('/api/projects', via('2001:db8:0:1:ffff::9', WRONG_KEY))).status).toBe(429);
    expect((await b.fetch('/api/projects', via('2001:db8:0:2::1', WRONG_KEY))).status).toBe(401);
  });

  it('when failures age, then they expire one by one (a sliding window), not all at once', async () => {
    const clock = new TestClock(new Date('2026-03-10T12:00:00.000Z'));
    const b = await start({ clock });
    for (const second of [0, 20, 40]) {
      clock.set(`2026-03-10T12:00:${String(second).padStart(2, '0')}.000Z`);
      expect((await b.fetch('/api/projects', { key: WRONG_KEY })).status).toBe(401);
    }
    clock.set('2026-03-10T12:00:45.000Z');
    const throttled = await b.fetch('/api/projects', { key: WRONG_KEY });
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toBe('15'); // until the failure at :00 is a minute old

    // At 1:01 only the failure at :00 has expired: one more try, then throttled again until the one at :20 expires.
    clock.set('2026-03-10T12:01:01.000Z');
    expect((await b.fetch('/api/projects', { key: WRONG_KEY })).status).toBe(401);
    const again = await b.fetch('/api/projects', { key: WRONG_KEY });
    expect(again.status).toBe(429);
    expect(again.headers.get('retry-after')).toBe('19');
  });

  it('when a wrong key hits an unknown route or another method, then it counts as a failure; a valid key there is a plain 404 or 405', async () => {
    const b = await start();
    const healthy = await b.createAccount('healthy-site');
    expect((await b.fetch('/api/no-such-route', { key: WRONG_KEY })).status).toBe(401);
    expect((await b.fetch('/api/projects', { method: 'PUT', key: WRONG_KEY })).status).toBe(401);
    expect((await b.fetch('/api/projects/%ED%A0%80', { key: WRONG_KEY })).status).toBe(401);
    expect((await b.fetch('/api/no-such-route', { key: WRONG_KEY })).status).toBe(429);

    // Without any Authorization header an unknown route is a 404 and no failure.
    expect((await b.fetch('/api/no-such-route')).status).toBe(404);
    const unknown = await b.fetch('/api/no-such-route', { key: healthy.key });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('x-ratelimit-remaining')).not.toBeNull();
    const otherMethod = await b.fetch('/api/projects', { method: 'PUT', key: healthy.key });
    expect(otherMethod.status).toBe(405);
    expect(otherMethod.headers.get('x-ratelimit-remaining')).not.toBeNull();
  });
});
