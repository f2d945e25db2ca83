import { once } from 'node:events';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBridgeProcess, type BridgeProcess } from '../support/bridge-process.js';
import { FIXTURE_DOMAIN, FIXTURE_PAGES } from '../support/fixture-site.js';

/** Far longer than the stop may take: a stop that waits for it fails the test. */
const DEADLINE_MS = 20_000;

let bridge: BridgeProcess;
let projectId: string;

beforeAll(async () => {
  bridge = await startBridgeProcess({ env: { INTERLINKER_SHUTDOWN_TIMEOUT_MS: String(DEADLINE_MS) } });
  const response = await fetch(`${bridge.url}/api/projects`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${bridge.apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Keep-alive', domain: FIXTURE_DOMAIN }),
  });
  projectId = ((await response.json()) as { data: { id: string } }).data.id;
});
afterAll(() => bridge.dispose());

describe('the bridge stopping while a kept-alive connection has a request in flight', () => {
  it('when the request is answered, then the answer closes its connection and the bridge exits without waiting for the deadline', async () => {
    const body = JSON.stringify(FIXTURE_PAGES);
    const half = Math.floor(body.length / 2);
    // A proxy's connection (HTTP/1.1 keeps it alive): the request's head and half its body, the rest after the stop began.
    const socket = net.connect(bridge.port, '127.0.0.1');
    await once(socket, 'connect');
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    const closed = once(socket, 'close');
    socket.write(
      `POST /api/projects/${projectId}/pages/batch HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${bridge.apiKey}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, half)}`,
    );
    const started = Date.now();
    const stopped = bridge.stop();
    // Time for the bridge to take the signal and stop listening.
    await new Promise((resolve) => setTimeout(resolve, 500));
    socket.write(body.slice(half));
    await closed;
    await stopped;

    const [head] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 200 /);
    expect(head).toMatch(/\r\nConnection: close(\r\n|$)/i);
    expect(Date.now() - started).toBeLessThan(DEADLINE_MS / 2);
  }, 40_000);
});
