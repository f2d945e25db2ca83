/**
 * `npm run cluster`: the reference deployment on this machine — PostgreSQL 15, three bridges, HAProxy in front
 * (docs/operators.md, "Several bridges"). Runs in the foreground; Ctrl-C, SIGTERM or `npm run cluster -- stop` (from
 * another shell) stops everything, each bridge finishing its requests first. The database is kept in .cache/cluster
 * between runs (`--reset` starts afresh).
 *
 *   npm run cluster                      # HAProxy on 127.0.0.1:7780
 *   npm run cluster -- --port 8080 --index-memory-mb 256 --reset
 *   npm run cluster -- stop
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startReferenceCluster } from '../test/support/reference-cluster.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIR = path.join(ROOT, '.cache/cluster');
/** The first key, kept (readable by its owner only) so that later runs can print it: the bridge shows it only once. */
const KEY_FILE = path.join(DIR, 'api-key');
/** The running cluster's process, for `stop` (npm does not pass its own SIGTERM on). */
const PID_FILE = path.join(DIR, 'cluster.pid');

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    port: { type: 'string', default: '7780' },
    'index-memory-mb': { type: 'string' },
    reset: { type: 'boolean', default: false },
  },
});

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const runningPid = existsSync(PID_FILE) ? Number(readFileSync(PID_FILE, 'utf8')) : undefined;
if (positionals[0] === 'stop') {
  if (runningPid === undefined || !isRunning(runningPid)) {
    process.stdout.write('Interlinker cluster: not running.\n');
    process.exit(0);
  }
  process.kill(runningPid, 'SIGTERM');
  while (isRunning(runningPid)) await new Promise((resolve) => setTimeout(resolve, 100));
  process.stdout.write('Interlinker cluster: stopped.\n');
  process.exit(0);
}
if (positionals.length > 0) {
  console.error(`npm run cluster: unknown command ${positionals.join(' ')} (only "stop")`);
  process.exit(2);
}
if (runningPid !== undefined && isRunning(runningPid)) {
  console.error(`Interlinker cluster: already running (process ${runningPid}); stop it with \`npm run cluster -- stop\`.`);
  process.exit(1);
}

if (values.reset) rmSync(DIR, { recursive: true, force: true });
mkdirSync(DIR, { recursive: true });
const cluster = await startReferenceCluster({
  dir: DIR,
  proxyPort: Number(values.port),
  bridgeEnv: values['index-memory-mb'] ? { INTERLINKER_INDEX_MEMORY_MB: values['index-memory-mb'] } : {},
});
if (cluster.firstKey !== undefined) {
  writeFileSync(KEY_FILE, `${cluster.firstKey}\n`, { mode: 0o600 });
  chmodSync(KEY_FILE, 0o600);
}
const key = existsSync(KEY_FILE) ? readFileSync(KEY_FILE, 'utf8').trim() : '(not kept: create one with `interlinker-bridge keys create` on the cluster\'s database, or run with --reset)';

writeFileSync(PID_FILE, `${process.pid}\n`);
process.stdout.write(
  [
    '',
    `Interlinker cluster: HAProxy on ${cluster.url} in front of three bridges on PostgreSQL.`,
    '',
    `  API key:    ${key}`,
    `  bridges:    ${cluster.bridges.map((bridge, index) => `${cluster.proxy.servers[index]} ${bridge.url}`).join(', ')}`,
    `  database:   ${cluster.databaseUrl}`,
    `  logs:       ${cluster.proxy.logFile}, ${path.join(DIR, 'postgres', 'postgres.log')}`,
    '',
    'Ctrl-C (or `npm run cluster -- stop`) stops it.',
    '',
  ].join('\n'),
);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    process.stdout.write('\nInterlinker cluster: stopping…\n');
    cluster.stop().then(
      () => {
        rmSync(PID_FILE, { force: true });
        process.exit(0);
      },
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
for (const [index, bridge] of cluster.bridges.entries()) {
  // Ctrl-C reaches the bridges too (one process group): they stop on their own then.
  bridge.onUnexpectedExit((reason) => stopping || console.error(`${cluster.proxy.servers[index]} stopped: ${reason}`));
}
