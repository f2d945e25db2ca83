import { createConnection, createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

const host = '127.0.0.1';

/** True when nothing listens on the port (so a stack can take it). */
export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export interface WaitOptions {
  timeoutMs: number;
  /** Checked on every attempt, so a server that died is reported at once instead of at the timeout. */
  stillStarting: () => boolean;
  what: string;
}

/** Resolves once the port accepts connections. */
export async function waitForPort(port: number, options: WaitOptions): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  while (!(await accepts(port))) {
    if (!options.stillStarting()) throw new Error(`${options.what} stopped before it listened on ${port}`);
    if (Date.now() > deadline) throw new Error(`${options.what} did not listen on ${port} within ${options.timeoutMs} ms`);
    await sleep(25);
  }
}

export async function assertPortsFree(ports: readonly number[]): Promise<void> {
  for (const port of ports) {
    if (!(await isPortFree(port))) {
      throw new Error(`port ${port} on ${host} is in use (another stack, or a stack that was not stopped?)`);
    }
  }
}

/** A port nothing listens on right now, for tests that run stacks side by side without fixed ports. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : undefined;
      server.close(() => (port === undefined ? reject(new Error('the OS gave no port')) : resolve(port)));
    });
  });
}
