/**
 * Runs a real bridge for the benchmark on a fresh database in `workDir`, with an enterprise account whose limit the
 * benchmark cannot reach. The process itself is the one the tests use (test/support/bridge-process.ts).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { startBridgeProcess } from '../../../test/support/bridge-process.js';

export interface RunningBridge {
  baseUrl: string;
  apiKey: string;
  stop(): Promise<void>;
}

export interface BridgeOptions {
  repoRoot: string;
  /** Holds the database; it is replaced on every start. */
  workDir: string;
  /** Runs `npm run build --workspace bridge` first. */
  build: boolean;
  /** A relevance model file the bridge uses instead of its own weights (a held-out fit). */
  relevanceModelFile?: string;
}

export async function startBridge(options: BridgeOptions): Promise<RunningBridge> {
  mkdirSync(options.workDir, { recursive: true });
  const dbFile = path.join(options.workDir, 'bridge.db');
  for (const suffix of ['', '-wal', '-shm']) rmSync(dbFile + suffix, { force: true });
  if (options.build) execFileSync('npm', ['run', 'build', '--workspace', 'bridge', '--silent'], { cwd: options.repoRoot, stdio: 'inherit' });
  const env = options.relevanceModelFile === undefined ? {} : { INTERLINKER_RELEVANCE_MODEL: options.relevanceModelFile };
  const bridge = await startBridgeProcess({ dbFile, env });
  const apiKey = await bridge.createKey('bench', 'enterprise', 100_000_000);
  return { baseUrl: bridge.url, apiKey, stop: () => bridge.stop() };
}
