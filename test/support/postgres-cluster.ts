import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort, waitForPort } from './wp-network.js';
import { processGroupMembers, startDaemon, stopProcessGroup } from './wp-processes.js';

/** A command to its end, without input (runCommand's empty stdin can meet a command that has already exited). */
const run = promisify(execFile);

/** Debian's postgresql-15 (scripts/install-system-deps.sh). */
const BIN = '/usr/lib/postgresql/15/bin';
/** The superuser the cluster is made with; trusted on 127.0.0.1 only, and the cluster lives as long as the tests. */
const SUPERUSER = 'interlinker';

export interface PostgresCluster {
  port: number;
  /** A URL of the cluster's maintenance database, for creating and dropping test databases (C collation, UTF-8: the order SQLite gives text). */
  adminUrl: string;
  stop: () => Promise<void>;
}

/**
 * PostgreSQL refuses to run as root: as root (CI, a fresh machine) the cluster runs as Debian's `postgres` system
 * user, made by the postgresql package, through runuser; as anyone else, as that user.
 */
function asServerUser(command: string, args: readonly string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, [...args]];
}

export interface PostgresClusterOptions {
  /**
   * A data directory to keep (`npm run cluster`): made by initdb on first use, reused after, durable, and left in
   * place by stop(). Without it, a throwaway cluster in a temporary folder, removed by stop().
   */
  dataDir?: string;
  /** The port to listen on (default: a free one). */
  port?: number;
}

/** Gives the folder to Debian's `postgres` user when running as root (asServerUser), so the server can write it. */
async function ownedByServerUser(dir: string): Promise<void> {
  if (process.getuid?.() !== 0) return;
  const { stdout } = await run('id', ['-u', 'postgres']);
  const { stdout: group } = await run('id', ['-g', 'postgres']);
  chownSync(dir, Number(stdout.trim()), Number(group.trim()));
}

/**
 * A cluster on 127.0.0.1: initdb (unless `dataDir` holds one already), the server on a free port, stopped by stop().
 * Throwaway (a temporary folder, durability off, all removed by stop()) unless `dataDir` is given.
 */
export async function startPostgresCluster(options: PostgresClusterOptions = {}): Promise<PostgresCluster> {
  const kept = options.dataDir !== undefined;
  const dir = kept ? path.dirname(path.resolve(options.dataDir!)) : mkdtempSync(path.join(os.tmpdir(), 'interlinker-postgres-'));
  const dataDir = kept ? path.resolve(options.dataDir!) : path.join(dir, 'data');
  const logFile = path.join(dir, 'postgres.log');
  mkdirSync(dir, { recursive: true });
  await ownedByServerUser(dir);
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    const [initdb, initdbArgs] = asServerUser(`${BIN}/initdb`, [
      '--pgdata', dataDir, '--username', SUPERUSER, '--auth', 'trust', '--encoding', 'UTF8', '--locale', 'C',
      ...(kept ? [] : ['--no-sync']),
    ]);
    await run(initdb, initdbArgs);
  }
  const port = options.port ?? (await freePort());
  const [postgres, postgresArgs] = asServerUser(`${BIN}/postgres`, [
    '-D', dataDir, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=300',
    // A throwaway cluster's data goes with it, so durability that costs time is off.
    ...(kept ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']),
  ]);
  const pid = startDaemon(postgres, postgresArgs, { logFile });
  try {
    await waitForPort(port, { timeoutMs: 30_000, stillStarting: () => processGroupMembers(pid).length > 0, what: `postgres (log: ${logFile})` });
  } catch (error) {
    await stopProcessGroup(pid);
    throw error;
  }
  const adminUrl = `postgres://${SUPERUSER}@127.0.0.1:${port}/postgres`;
  const admin = new pg.Pool({ connectionString: adminUrl, max: 2 });
  // The server accepts connections a moment before it accepts logins.
  for (let attempt = 0; ; attempt += 1) {
    try {
      await admin.query('SELECT 1');
      break;
    } catch (error) {
      if (attempt > 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  return {
    port,
    adminUrl,
    async stop() {
      await admin.end();
      // A kept cluster shuts down cleanly (a checkpoint, no recovery at its next start).
      const [pgCtl, pgCtlArgs] = asServerUser(`${BIN}/pg_ctl`, ['stop', '-D', dataDir, '-m', kept ? 'fast' : 'immediate']);
      await run(pgCtl, pgCtlArgs).catch(() => undefined);
      await stopProcessGroup(pid);
      if (!kept) rmSync(dir, { recursive: true, force: true });
    },
  };
}
