import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBridge, type TestBridge } from '../support/api-harness.js';

let bridge: TestBridge;
let output = '';

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      output += chunk.toString();
      done();
    },
  });
  bridge = await startTestBridge({ logger: pino({ level: 'debug' }, sink) });
});
afterAll(() => bridge.close());

describe('structured logs', () => {
  it('when requests carry keys in headers, query strings and answers, then no key reaches the log', async () => {
    const account = await bridge.createAccount('logged');
    await bridge.fetch('/api/projects', { key: account.key });
    await bridge.fetch(`/api/projects?key=${account.key}&limit=5`, { key: account.key });
    const created = await account.client.createKey('rotated');
    await bridge.fetch('/api/projects', { key: created.key });
    await bridge.fetch('/api/projects', { key: `${created.key}-wrong` });
    await new Promise((resolve) => setTimeout(resolve, 20));

    const lines = output.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.filter((line) => line.msg === 'request').length).toBeGreaterThanOrEqual(5);
    expect(lines.some((line) => line.status === 401)).toBe(true);
    expect(output).not.toContain(account.key);
    expect(output).not.toContain(created.key);
    expect(output).not.toContain('ilk_');
  });
});
