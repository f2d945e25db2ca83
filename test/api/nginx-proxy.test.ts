import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InterlinkerClient } from '../../bridge/src/client/index.js';
import { DEFAULT_FAILED_AUTH_POLICY } from '../../bridge/src/http/auth.js';
import { startBridgeProcess, type BridgeProcess } from '../support/bridge-process.js';
import { FIXTURE_DOMAIN, FIXTURE_PAGES, SOURCE_URL } from '../support/fixture-site.js';
import { startNginxProxy, type NginxProxy } from '../support/nginx-proxy.js';
import { tlsFetch } from '../support/tls-fetch.js';

// deploy/nginx/interlinker.conf, run by Debian's nginx with a self-signed certificate, in front of the real bridge
// started as deploy/systemd/bridge.env.example says (TRUST_PROXY=1).
let bridge: BridgeProcess;
let proxy: NginxProxy;

beforeAll(async () => {
  bridge = await startBridgeProcess({ env: { TRUST_PROXY: '1' } });
  proxy = await startNginxProxy(bridge.port);
}, 60_000);
afterAll(async () => {
  await proxy?.stop();
  await bridge?.dispose();
});

/** A client of the API through nginx, connecting from `address` (a loopback address of its own). */
function clientFrom(address: string, apiKey = bridge.apiKey): { client: InterlinkerClient; fetch: typeof fetch } {
  const fetchFrom = tlsFetch(proxy.certificate, address);
  return { client: new InterlinkerClient({ baseUrl: proxy.httpsUrl, apiKey, fetch: fetchFrom }), fetch: fetchFrom };
}

describe('the bridge behind nginx (deploy/nginx/interlinker.conf)', { timeout: 60_000 }, () => {
  it('when a client asks over plain HTTP, then it is sent to HTTPS', async () => {
    const answer = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http.get(`${proxy.httpUrl}/api/projects?limit=1`, resolve).on('error', reject);
    });
    answer.resume();
    expect(answer.statusCode).toBe(301);
    expect(answer.headers.location).toBe('https://127.0.0.1/api/projects?limit=1');
  });

  it('when the API is used over HTTPS, then it answers as directly: sync, suggestions, lists, rate-limit headers, HSTS', async () => {
    const { client, fetch } = clientFrom('127.0.0.2');
    const project = await client.createProject({ name: 'Through the proxy', domain: FIXTURE_DOMAIN });
    expect(await client.syncPages(project.id, FIXTURE_PAGES)).toMatchObject({ synced: FIXTURE_PAGES.length, failed: 0 });
    const suggestions = await client.generateSuggestions(project.id, { sourcePageUrl: SOURCE_URL });
    expect(suggestions.length).toBeGreaterThan(0);
    expect((await client.listPages(project.id)).pagination.total).toBe(FIXTURE_PAGES.length);
    expect((await client.listSuggestions(project.id)).items.length).toBe(suggestions.length);

    const response = await fetch(`${proxy.httpsUrl}/api/projects/${project.id}`, { headers: { Authorization: `Bearer ${bridge.apiKey}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000');
    const health = await fetch(`${proxy.httpsUrl}/healthz`);
    expect((await health.json()).data.status).toBe('ok');
  });

  it('when one client fails to authenticate too often, then only that client is throttled: the bridge sees the address nginx forwarded, not nginx nor what the client claims', async () => {
    const guesser = clientFrom('127.0.0.3');
    const wrong = (headers: Record<string, string> = {}) =>
      guesser.fetch(`${proxy.httpsUrl}/api/projects`, { headers: { Authorization: 'Bearer ilk_guessed', ...headers } }).then((r) => r.status);
    for (let attempt = 0; attempt < DEFAULT_FAILED_AUTH_POLICY.maxFailures; attempt += 1) expect(await wrong()).toBe(401);
    expect(await wrong()).toBe(429);
    // A forwarded address of its own choosing changes nothing: nginx appends the real one, which the bridge takes.
    expect(await wrong({ 'X-Forwarded-For': '203.0.113.9' })).toBe(429);

    const other = clientFrom('127.0.0.4');
    expect((await other.fetch(`${proxy.httpsUrl}/api/projects`, { headers: { Authorization: 'Bearer ilk_typo' } })).status).toBe(401);
    // A valid key is never refused for its address's failures.
    expect((await guesser.fetch(`${proxy.httpsUrl}/api/projects`, { headers: { Authorization: `Bearer ${bridge.apiKey}` } })).status).toBe(200);
  });

  it('when a body is over the bridge\'s 10 MiB limit, then nginx refuses it in the error envelope; one under it reaches the bridge', async () => {
    const { fetch } = clientFrom('127.0.0.5');
    const project = (await clientFrom('127.0.0.5').client.listProjects()).items[0]!;
    const post = (bytes: number) =>
      fetch(`${proxy.httpsUrl}/api/projects/${project.id}/pages/batch`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${bridge.apiKey}`, 'Content-Type': 'application/json' },
        body: `[${' '.repeat(bytes)}`,
      });
    const over = await post(10 * 1024 * 1024 + 1);
    expect(over.status).toBe(413);
    expect(await over.json()).toEqual({ error: { message: expect.any(String), code: 'payload_too_large', status: 413 } });
    const under = await post(9 * 1024 * 1024);
    expect(under.status).toBe(400);
    expect((await under.json()).error.code).toBe('invalid_json');
    expect(under.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
  });

  it('when the request head is over the bridge\'s 16 KiB, then nginx passes it and the bridge answers 431 with the rate-limit headers', async () => {
    const { fetch } = clientFrom('127.0.0.6');
    const response = await fetch(`${proxy.httpsUrl}/api/projects`, { headers: { Authorization: `Bearer ${bridge.apiKey}`, 'X-Padding': 'p'.repeat(17_000) } });
    expect(response.status).toBe(431);
    expect((await response.json()).error.code).toBe('headers_too_large');
    expect(response.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
    expect(proxy.errors()).not.toMatch(/\[(emerg|alert|crit)\]/);
  });
});
