import { execFile } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
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

/** A throwaway cluster: initdb into a temporary folder, the server on a free port of 127.0.0.1, all removed by stop(). */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'interlinker-postgres-'));
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'postgres.log');
  if (process.getuid?.() === 0) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(group.trim()));
  }
  const [initdb, initdbArgs] = asServerUser(`${BIN}/initdb`, [
    '--pgdata', dataDir, '--username', SUPERUSER, '--auth', 'trust', '--encoding', 'UTF8', '--locale', 'C', '--no-sync',
  ]);
  await run(initdb, initdbArgs);
  const port = await freePort();
  const [postgres, postgresArgs] = asServerUser(`${BIN}/postgres`, [
    '-D', dataDir, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1',
    // The data is thrown away with the cluster, so durability that costs time is off.
    '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=300',
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
      const [pgCtl, pgCtlArgs] = asServerUser(`${BIN}/pg_ctl`, ['stop', '-D', dataDir, '-m', 'immediate']);
      await run(pgCtl, pgCtlArgs).catch(() => undefined);
      await stopProcessGroup(pid);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
