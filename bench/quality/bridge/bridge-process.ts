/**
 * Runs a real bridge for the benchmark: its own command line creates an enterprise account and a key in a fresh
 * database, then `bridge/dist/main.js` serves on a free 127.0.0.1 port in its own process group.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, openSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export interface RunningBridge {
  baseUrl: string;
  apiKey: string;
  stop(): Promise<void>;
}

export interface BridgeOptions {
  repoRoot: string;
  /** Holds the database and the server log; the database is replaced on every start. */
  workDir: string;
  /** Runs `npm run build --workspace bridge` first. */
  build: boolean;
}

const ACCOUNT = 'bench';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilHealthy(baseUrl: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the bridge exited with code ${child.exitCode} before answering`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  throw new Error(`the bridge did not answer /healthz within ${timeoutMs} ms`);
}

function stopProcessGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return Promise.resolve();
  const pid = child.pid;
  return new Promise((resolve) => {
    const killer = setTimeout(() => process.kill(-pid, 'SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    process.kill(-pid, 'SIGTERM');
  });
}

export async function startBridge(options: BridgeOptions): Promise<RunningBridge> {
  const { repoRoot, workDir } = options;
  mkdirSync(workDir, { recursive: true });
  const databaseFile = path.join(workDir, 'bridge.db');
  for (const suffix of ['', '-wal', '-shm']) rmSync(databaseFile + suffix, { force: true });
  if (options.build) execFileSync('npm', ['run', 'build', '--workspace', 'bridge', '--silent'], { cwd: repoRoot, stdio: 'inherit' });

  const port = await freePort();
  const env = { ...process.env, HOST: '127.0.0.1', PORT: String(port), INTERLINKER_DB: databaseFile };
  const cli = (...args: string[]): string =>
    execFileSync(process.execPath, [path.join(repoRoot, 'bridge/bin/interlinker-bridge.js'), ...args], { cwd: repoRoot, env, encoding: 'utf8' });
  cli('accounts', 'create', '--name', ACCOUNT, '--tier', 'enterprise', '--rate-limit', '100000000');
  const apiKey = cli('keys', 'create', '--account', ACCOUNT).trim().split('\n').at(-1)?.trim() ?? '';
  if (!apiKey) throw new Error('`interlinker-bridge keys create` printed no key');

  const log = openSync(path.join(workDir, 'bridge.log'), 'w');
  const child = spawn(process.execPath, [path.join(repoRoot, 'bridge/dist/main.js')], {
    cwd: repoRoot,
    env,
    detached: true,
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilHealthy(baseUrl, child, 30_000);
  } catch (error) {
    await stopProcessGroup(child);
    throw error;
  }
  return { baseUrl, apiKey, stop: () => stopProcessGroup(child) };
}
