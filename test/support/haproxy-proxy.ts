import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, waitForPort } from './wp-network.js';
import { processGroupMembers, startDaemon, stopProcessGroup } from './wp-processes.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The configuration operators install (docs/operators.md, "Several bridges"): run as it is, addresses from the environment. */
export const HAPROXY_CONFIG = path.join(ROOT, 'deploy/haproxy/interlinker.cfg');
const HAPROXY = '/usr/sbin/haproxy';

export interface HaproxyProxy {
  url: string;
  port: number;
  /** The backend's server names in order (`bridge1`…), as the X-Interlinker-Bridge header names them. */
  servers: string[];
  /** A command of HAProxy's runtime API (its stats socket); resolves to the answer. */
  runtime(command: string): Promise<string>;
  /** Each server's health as HAProxy sees it: `UP`, `DOWN`, `MAINT`… */
  serverStatus(): Promise<Record<string, string>>;
  /** Resolves once HAProxy sees `server` in `status` (its health checks run every second), or throws after `timeoutMs`. */
  waitForStatus(server: string, status: string, timeoutMs?: number): Promise<void>;
  logFile: string;
  stop(): Promise<void>;
}

/**
 * Debian's HAProxy in the foreground running deploy/haproxy/interlinker.cfg, on `port` (default: a free one) of
 * 127.0.0.1, in front of the bridges on `bridgePorts` (three: the configuration names three servers).
 */
export async function startHaproxy(bridgePorts: readonly number[], options: { port?: number; dir?: string } = {}): Promise<HaproxyProxy> {
  if (!existsSync(HAPROXY)) throw new Error('HAProxy is not installed: run `sudo bash scripts/install-system-deps.sh` (Debian package haproxy).');
  if (bridgePorts.length !== 3) throw new Error(`${HAPROXY_CONFIG} names three bridges, not ${bridgePorts.length}`);
  const dir = options.dir ?? mkdtempSync(path.join(os.tmpdir(), 'interlinker-haproxy-'));
  const port = options.port ?? (await freePort());
  const socket = path.join(dir, 'haproxy.sock');
  const logFile = path.join(dir, 'haproxy.log');
  const env = {
    ...process.env,
    INTERLINKER_PROXY_BIND: `127.0.0.1:${port}`,
    INTERLINKER_PROXY_SOCKET: socket,
    ...Object.fromEntries(bridgePorts.map((bridgePort, index) => [`INTERLINKER_BRIDGE_${index + 1}`, `127.0.0.1:${bridgePort}`])),
  };
  // -db: in the foreground, logging to stdout (the log file).
  const pid = startDaemon(HAPROXY, ['-db', '-f', HAPROXY_CONFIG], { logFile, env });
  try {
    await waitForPort(port, { timeoutMs: 15_000, stillStarting: () => processGroupMembers(pid).length > 0, what: `haproxy (log: ${logFile})` });
  } catch (error) {
    await stopProcessGroup(pid);
    throw error;
  }

  const runtime = (command: string) =>
    new Promise<string>((resolve, reject) => {
      let answer = '';
      const connection = net.createConnection(socket, () => connection.end(`${command}\n`));
      connection.on('data', (chunk: Buffer) => (answer += chunk.toString()));
      connection.on('end', () => resolve(answer));
      connection.on('error', reject);
    });
  const servers = bridgePorts.map((_port, index) => `bridge${index + 1}`);
  async function serverStatus(): Promise<Record<string, string>> {
    // `show stat` is CSV: pxname, svname, … with the status in the column named `status`.
    const [header, ...rows] = (await runtime('show stat')).replace(/^# /, '').trim().split('\n');
    const statusColumn = header!.split(',').indexOf('status');
    const status: Record<string, string> = {};
    for (const row of rows) {
      const fields = row.split(',');
      if (fields[0] === 'bridges' && servers.includes(fields[1]!)) status[fields[1]!] = fields[statusColumn]!;
    }
    return status;
  }

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    servers,
    runtime,
    serverStatus,
    async waitForStatus(server, status, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      let seen: string | undefined;
      while (Date.now() < deadline) {
        seen = (await serverStatus())[server];
        // "UP 1/2" while rising, "DOWN 1/2" while falling: only the settled state counts.
        if (seen === status) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`HAProxy still sees ${server} as ${seen ?? 'unknown'}, not ${status}, after ${timeoutMs} ms (log: ${logFile})`);
    },
    logFile,
    async stop() {
      await stopProcessGroup(pid);
      if (options.dir === undefined) rmSync(dir, { recursive: true, force: true });
    },
  };
}
