import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { assertPortsFree, waitForPort } from './wp-network.js';
import { wpPaths } from './wp-paths.js';
import { processGroupMembers, runCommand, startDaemon, stopProcessGroup } from './wp-processes.js';

export interface MariaDbOptions {
  /** A folder of its own; the data, socket and log go in it. */
  dir: string;
  port: number;
}

export interface MariaDb {
  /** Process id and process group of mariadbd. */
  pid: number;
  host: string;
  port: number;
  socket: string;
  logFile: string;
  database: string;
  user: string;
  password: string;
}

const mariadbd = '/usr/sbin/mariadbd';

// The data is thrown away with the stack, so durability settings that cost time are off.
const throwawayServerOptions = [
  '--innodb-log-file-size=8M',
  '--innodb-buffer-pool-size=64M',
  '--innodb-flush-log-at-trx-commit=0',
  '--skip-innodb-doublewrite',
  '--skip-log-bin',
];

/**
 * An empty data dir made by mariadb-install-db, cached per mariadbd build: copying it takes a tenth of the time of
 * install-db, which also slows down badly when the machine is busy.
 */
async function emptyDataDir(): Promise<string> {
  if (!existsSync(mariadbd)) throw new Error(`${mariadbd} is not installed: run scripts/install-system-deps.sh as root`);
  const binary = statSync(mariadbd);
  const template = path.join(wpPaths.mariadbTemplates, `${binary.size}-${Math.trunc(binary.mtimeMs)}`);
  if (existsSync(template)) return template;

  mkdirSync(wpPaths.mariadbTemplates, { recursive: true });
  const staging = mkdtempSync(`${template}.`);
  try {
    // --no-defaults keeps the system's /etc/mysql settings (socket, logs, service paths) out of it.
    await runCommand('mariadb-install-db', [
      '--no-defaults',
      '--user=root',
      `--datadir=${staging}`,
      '--auth-root-authentication-method=socket',
      '--skip-test-db',
      ...throwawayServerOptions,
    ]);
    try {
      renameSync(staging, template);
    } catch (error) {
      // Another stack made the same template meanwhile; either copy is as good.
      if (!existsSync(template)) throw error;
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return template;
}

/** Starts a private MariaDB on 127.0.0.1:port with a new, empty database and a user for WordPress. */
export async function startMariaDb({ dir, port }: MariaDbOptions): Promise<MariaDb> {
  await assertPortsFree([port]);
  const dataDir = path.join(dir, 'data');
  const socket = path.join(dir, 'mariadb.sock');
  const logFile = path.join(dir, 'mariadb.log');
  mkdirSync(dir, { recursive: true });

  await runCommand('cp', ['-a', await emptyDataDir(), dataDir]);

  const database = 'wordpress';
  const user = 'wordpress';
  const password = randomBytes(12).toString('hex');
  const pid = startDaemon(
    mariadbd,
    [
      '--no-defaults',
      '--user=root',
      `--datadir=${dataDir}`,
      `--socket=${socket}`,
      `--pid-file=${path.join(dir, 'mariadb.pid')}`,
      `--port=${port}`,
      '--bind-address=127.0.0.1',
      '--skip-name-resolve',
      ...throwawayServerOptions,
    ],
    { logFile },
  );
  try {
    await waitForPort(port, {
      timeoutMs: 20_000,
      stillStarting: () => processGroupMembers(pid).length > 0,
      what: `mariadbd (log: ${logFile})`,
    });
    await runCommand('mariadb', ['--no-defaults', `--socket=${socket}`, '--user=root'], {
      input: [
        `CREATE DATABASE ${database} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_520_ci;`,
        `CREATE USER '${user}'@'127.0.0.1' IDENTIFIED BY '${password}';`,
        `GRANT ALL ON ${database}.* TO '${user}'@'127.0.0.1';`,
      ].join('\n'),
    });
  } catch (error) {
    await stopProcessGroup(pid);
    throw error;
  }

  return { pid, host: '127.0.0.1', port, socket, logFile, database, user, password };
}
