import { once } from 'node:events';
import net from 'node:net';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InterlinkerClient } from '../../bridge/src/client/index.js';
import { startBridgeProcess, type BridgeProcess } from '../support/bridge-process.js';
import { FIXTURE_DOMAIN, FIXTURE_PAGES, SOURCE_URL } from '../support/fixture-site.js';
import { parseResponse, requestBytes } from '../support/raw-http.js';

let bridge: BridgeProcess;

beforeAll(async () => {
  bridge = await startBridgeProcess({ sqliteOnly: true });
});
afterAll(() => bridge.dispose());

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** 'connected' when a new connection to the port is accepted (it is closed at once), else the error that refused it. */
function connectOutcome(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

describe('the bridge as a process', () => {
  it('when it starts on a new database, then it prints a first key that works and /healthz answers', async () => {
    expect(bridge.apiKey).toMatch(/^ilk_[A-Za-z0-9_-]{43}$/);
    const response = await fetch(`${bridge.url}/api/projects`, { headers: { Authorization: `Bearer ${bridge.apiKey}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-ratelimit-limit')).toBe('10000');
  });

  it('when the CLI creates an account and key, then the key works and sees none of the first account\'s projects', async () => {
    await fetch(`${bridge.url}/api/projects`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${bridge.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'first', domain: 'https://first.test' }),
    });
    const key = await bridge.createKey('cli-account', 'pro');
    const response = await fetch(`${bridge.url}/api/projects`, { headers: { Authorization: `Bearer ${key}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-ratelimit-limit')).toBe('1000000');
    expect((await response.json()).data).toEqual([]);
  });

  it('when it gets SIGTERM during a request, then the request finishes and a restart keeps the data', async () => {
    const inFlight = fetch(`${bridge.url}/api/projects`, { headers: { Authorization: `Bearer ${bridge.apiKey}` } });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const stopping = bridge.stop();
    const response = await inFlight;
    expect(response.status).toBe(200);
    await stopping;
    await expect(fetch(`${bridge.url}/healthz`)).rejects.toThrow();
    await bridge.start();
    const after = await fetch(`${bridge.url}/api/projects`, { headers: { Authorization: `Bearer ${bridge.apiKey}` } });
    expect((await after.json()).data.map((p: { name: string }) => p.name)).toEqual(['first']);
  });

  it('when it gets SIGTERM while a request is in flight, then new connections are refused and the request still completes', async () => {
    const body = JSON.stringify({ name: 'drained', domain: 'https://drained.test' });
    const bytes = requestBytes({
      method: 'POST',
      target: '/api/projects',
      headers: [['Authorization', `Bearer ${bridge.apiKey}`], ['Content-Type', 'application/json']],
      body,
    });
    // The head and most of the body: the request stays in flight until the rest is sent.
    const split = bytes.length - 10;
    const socket = net.connect(bridge.port, '127.0.0.1');
    await once(socket, 'connect');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    const closed = once(socket, 'close');
    socket.write(bytes.subarray(0, split));
    await delay(200);

    const stopping = bridge.stop();
    // Connections are accepted until the process has handled SIGTERM; from then on (the drain) each is refused.
    let outcome = await connectOutcome(bridge.port);
    for (let tries = 0; outcome === 'connected' && tries < 300; tries += 1) {
      await delay(10);
      outcome = await connectOutcome(bridge.port);
    }
    expect(['ECONNREFUSED', 'ECONNRESET']).toContain(outcome);

    socket.end(bytes.subarray(split));
    await closed;
    const answer = parseResponse(Buffer.concat(chunks));
    expect(answer?.status).toBe(201);
    expect(JSON.parse(answer!.body).data.name).toBe('drained');
    await stopping;
    await bridge.start();
    const after = await fetch(`${bridge.url}/api/projects`, { headers: { Authorization: `Bearer ${bridge.apiKey}` } });
    expect((await after.json()).data.map((p: { name: string }) => p.name)).toContain('drained');
  });

  it('when it stops, then it keeps a snapshot of the indexes, and after a restart the suggestions are the same', async () => {
    const client = new InterlinkerClient({ baseUrl: bridge.url, apiKey: bridge.apiKey });
    const project = await client.createProject({ name: 'snapshot', domain: FIXTURE_DOMAIN });
    await client.syncPages(project.id, FIXTURE_PAGES);
    const ask = async () =>
      (await client.generateSuggestions(project.id, { sourcePageUrl: SOURCE_URL, minRelevanceScore: 0 })).map(
        ({ targetPageUrl, anchorText, relevanceScore }) => ({ targetPageUrl, anchorText, relevanceScore }),
      );
    const before = await ask();
    expect(before.length).toBeGreaterThan(0);
    await bridge.stop();
    const db = new Database(bridge.dbFile, { readonly: true });
    const snapshots = db.prepare('SELECT project_id FROM search_snapshots').pluck().all();
    db.close();
    expect(snapshots).toContain(project.id);
    await bridge.start();
    expect(await ask()).toEqual(before);
  });
});

describe('kept-alive connections', () => {
  it('when a client reuses its connection after six idle seconds, then the bridge still answers on it', async () => {
    const process = await startBridgeProcess();
    try {
      const { port } = new URL(process.url);
      const socket = net.connect(Number(port), '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString('latin1')));
      const ask = () => socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`);
      const answers = () => received.match(/HTTP\/1\.1 200/g)?.length ?? 0;
      const until = async (condition: () => boolean) => {
        for (let i = 0; i < 200 && !condition(); i += 1) await new Promise((resolve) => setTimeout(resolve, 25));
      };
      ask();
      await until(() => answers() === 1);
      // Node's default keeps an idle connection 5 s: past it, the second request would be cut.
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      expect(socket.destroyed || socket.readyState !== 'open').toBe(false);
      ask();
      await until(() => answers() === 2);
      expect(answers()).toBe(2);
      socket.destroy();
    } finally {
      await process.dispose();
    }
  }, 20_000);
});
