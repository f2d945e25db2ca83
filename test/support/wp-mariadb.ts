import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { assertPortsFree, waitForPort } from './wp-network.js';
import { processGroupMembers, runCommand, startDaemon } from './wp-processes.js';

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

// The data is thrown away with the stack, so durability settings that cost time are off.
const throwawayServerOptions = [
  '--innodb-log-file-size=8M',
  '--innodb-buffer-pool-size=64M',
  '--innodb-flush-log-at-trx-commit=0',
  '--skip-innodb-doublewrite',
  '--skip-log-bin',
];

/** Starts a private MariaDB on 127.0.0.1:port with a new, empty database and a user for WordPress. */
export async function startMariaDb({ dir, port }: MariaDbOptions): Promise<MariaDb> {
  await assertPortsFree([port]);
  const dataDir = path.join(dir, 'data');
  const socket = path.join(dir, 'mariadb.sock');
  const logFile = path.join(dir, 'mariadb.log');
  mkdirSync(dir, { recursive: true });

  // --no-defaults keeps the system's /etc/mysql settings (socket, logs, service paths) out of it.
  await runCommand('mariadb-install-db', [
    '--no-defaults',
    '--user=root',
    `--datadir=${dataDir}`,
    '--auth-root-authentication-method=socket',
    '--skip-test-db',
    ...throwawayServerOptions,
  ]);

  const pid = startDaemon(
    'mariadbd',
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
  await waitForPort(port, {
    timeoutMs: 20_000,
    stillStarting: () => processGroupMembers(pid).length > 0,
    what: `mariadbd (log: ${logFile})`,
  });

  const database = 'wordpress';
  const user = 'wordpress';
  const password = randomBytes(12).toString('hex');
  await runCommand('mariadb', ['--no-defaults', `--socket=${socket}`, '--user=root'], {
    input: [
      `CREATE DATABASE ${database} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_520_ci;`,
      `CREATE USER '${user}'@'127.0.0.1' IDENTIFIED BY '${password}';`,
      `GRANT ALL ON ${database}.* TO '${user}'@'127.0.0.1';`,
    ].join('\n'),
  });

  return { pid, host: '127.0.0.1', port, socket, logFile, database, user, password };
}
