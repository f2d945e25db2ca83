import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CLI = path.join(ROOT, 'bridge/bin/interlinker-bridge.js');

export interface BridgeProcess {
  url: string;
  port: number;
  /** The first key, printed by the bridge on its first start ('' when started with `firstKey: false`). */
  apiKey: string;
  dbFile: string;
  /** The process id of the running bridge (for memory readings). */
  readonly pid: number;
  /** What the running bridge printed since it was (re)started: stdout and stderr, its log lines included. */
  readonly output: string;
  /** Runs `interlinker-bridge <args>` on the bridge's database and environment; resolves to what it printed. */
  cli(args: string[]): Promise<string>;
  /** The same, resolving to its exit code and output whatever its exit code. */
  command(args: string[]): Promise<CliRun>;
  /** Creates another account and key with the CLI. */
  createKey(account: string, tier?: 'free' | 'pro' | 'enterprise', rateLimit?: number): Promise<string>;
  /** SIGTERM and wait for exit (the database stays, so `start()` again resumes it). */
  stop(): Promise<void>;
  /** Starts it again on the same port and database (after `stop()`), with `env` added for this run only. */
  start(env?: NodeJS.ProcessEnv): Promise<void>;
  /** Stops it and removes its database. */
  dispose(): Promise<void>;
  /** Calls `listener` when the running bridge exits without stop() or dispose() asking it to (it crashed, or was killed). */
  onUnexpectedExit(listener: (reason: string) => void): void;
}

/** What one `interlinker-bridge` command did. */
export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `interlinker-bridge <args>` with `env` and waits for it to exit, whatever its exit code. */
export function runBridgeCommand(args: string[], env: NodeJS.ProcessEnv): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function runCli(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const run = await runBridgeCommand(args, env);
  if (run.code !== 0) throw new Error(`interlinker-bridge ${args.join(' ')} failed: ${run.stderr || run.stdout}`);
  return run.stdout;
}

async function freePort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * The real bridge as its own process (`interlinker-bridge serve`, built JS), on a free port with a fresh database,
 * with `env` added to the environment (limits, timeouts). Needs `npm run build --workspace bridge` first (npm ci does it).
 */
export async function startBridgeProcess(
  options: {
    port?: number;
    dbFile?: string;
    env?: NodeJS.ProcessEnv;
    /** The test reads or writes the SQLite file itself: SQLite even when INTERLINKER_TEST_DATABASE=postgres. */
    sqliteOnly?: boolean;
    /** Whether its database is new, so that it prints a first key (default); false for a bridge joining a shared one. */
    firstKey?: boolean;
  } = {},
): Promise<BridgeProcess> {
  if (!fs.existsSync(path.join(ROOT, 'bridge/dist/cli.js'))) {
    throw new Error('The bridge is not built: run `npm run build --workspace bridge`.');
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'interlinker-bridge-'));
  const dbFile = options.dbFile ?? path.join(dir, 'bridge.db');
  const port = options.port ?? (await freePort());
  // With INTERLINKER_TEST_DATABASE=postgres, a database of its own in the run's cluster (loaded only then: the
  // benchmarks start bridges outside vitest).
  const postgres =
    process.env.INTERLINKER_TEST_DATABASE === 'postgres' && !options.sqliteOnly && options.dbFile === undefined &&
    options.env?.INTERLINKER_DATABASE_URL === undefined
      ? await (await import('./test-database.js')).createPostgresDatabase()
      : null;
  const env = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    INTERLINKER_DB: dbFile,
    ...(postgres ? { INTERLINKER_DATABASE_URL: postgres.url } : {}),
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  let child: ChildProcess | undefined;
  let apiKey = '';
  let output = '';
  let stopping = false;
  const exitListeners: Array<(reason: string) => void> = [];

  async function start(runEnv: NodeJS.ProcessEnv = {}): Promise<void> {
    // A second process on the same port would fail to listen while the health check reached the first one, which
    // would then be left running (and answer in the new one's place).
    if (child && child.exitCode === null && child.signalCode === null) throw new Error('the bridge is already running: stop it first');
    child = spawn(process.execPath, [CLI, 'serve'], { env: { ...env, ...runEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
    output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /^\s+(ilk_\S+)\s*$/m.exec(output);
      if (match && !apiKey) apiKey = match[1]!;
    });
    let errors = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      errors += chunk.toString();
    });
    child.once('exit', (code, signal) => {
      if (stopping) return;
      const reason = signal ? `killed by ${signal}` : `exited with code ${code}`;
      // What it said on stderr (its crash), never stdout: that holds the first API key.
      const said = errors.trim().split('\n').slice(-5).join('\n');
      for (const listener of exitListeners) listener(said ? `${reason}: ${said}` : reason);
    });
    stopping = false;
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`bridge exited: ${output}`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/healthz`);
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`bridge did not answer within 20 s: ${output}`);
  }

  async function stop(): Promise<void> {
    const running = child;
    // Already gone (exited, or killed by a signal such as the user's Ctrl+C reaching it too).
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    stopping = true;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGTERM');
    });
  }

  await start();
  if (!apiKey && options.firstKey !== false) throw new Error('the bridge printed no first key (was the database new?)');
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    apiKey,
    dbFile,
    get pid() {
      return child?.pid ?? -1;
    },
    get output() {
      return output;
    },
    cli: (args) => runCli(args, env),
    command: (args) => runBridgeCommand(args, env),
    async createKey(account, tier = 'enterprise', rateLimit = 1_000_000) {
      await runCli(['accounts', 'create', '--name', account, '--tier', tier, '--rate-limit', String(rateLimit)], env);
      const out = await runCli(['keys', 'create', '--account', account], env);
      return out.trim().split('\n').at(-1)!.trim();
    },
    stop,
    start,
    async dispose() {
      await stop();
      await postgres?.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
    onUnexpectedExit(listener) {
      exitListeners.push(listener);
    },
  };
}
