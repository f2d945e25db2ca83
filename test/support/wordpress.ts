import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { ConstantValue } from './wp-config-file.js';
import { startMariaDb } from './wp-mariadb.js';
import { assertPortsFree } from './wp-network.js';
import { wpPaths } from './wp-paths.js';
import { startPhpServer, waitForSite } from './wp-php-server.js';
import { runCommand } from './wp-processes.js';
import {
  type AuthMethod,
  anonymousRestClient,
  applicationPasswordRestClient,
  cookieRestClient,
  type RestClient,
} from './wp-rest.js';
import { stopRecordedStack, writeStackRecord } from './wp-stack-record.js';
import {
  copyCore,
  type InstallRequest,
  installPlugin,
  installSite,
  type Role,
  runPhpInSite,
  type SiteUser,
  writeWpConfig,
} from './wp-site.js';

export type { AuthMethod, RestClient } from './wp-rest.js';
export type { Role, SiteUser } from './wp-site.js';

export interface StartWordPressOptions {
  /** Names the stack's folder, .tmp/<name>/, which is wiped on start. Two stacks need two names. */
  name: string;
  /** WordPress listens on 127.0.0.1:port (default 8889). */
  port?: number;
  /** MariaDB listens on 127.0.0.1:dbPort (default 3309). */
  dbPort?: number;
  /** Linked in as wp-content/plugins/interlinker and activated when it holds a plugin main file. */
  pluginDir?: string;
  /** More wp-config.php constants; they override the defaults. */
  constants?: Readonly<Record<string, ConstantValue>>;
  title?: string;
}

export interface WordPressStack {
  name: string;
  url: string;
  port: number;
  dbPort: number;
  /** .tmp/<name>/: the site, the database, and the logs. */
  dataDir: string;
  siteDir: string;
  /** WP_DEBUG_LOG: notices, warnings and errors from every request. */
  debugLog: string;
  adminUser: string;
  adminPassword: string;
  users: Readonly<Record<Role, SiteUser>>;
  /** The active plugin file, e.g. "interlinker/interlinker.php"; undefined when pluginDir held no plugin. */
  pluginFile: string | undefined;
  /** Runs PHP statements inside the site (after wp-load.php; use `global $wpdb;`) and returns what they print. */
  wpPhp(code: string): Promise<string>;
  /** A REST client acting as a role (Application Password or cookie + nonce), or as a visitor. */
  rest(as: Role | 'anonymous', auth?: AuthMethod): Promise<RestClient>;
  /** Stops PHP and MariaDB and resolves once their processes are gone. */
  stop(): Promise<void>;
}

const pluginFolder = 'interlinker';

function installRequest(title: string): InstallRequest {
  const account = (login: string) => ({ login, email: `${login}@example.test`, password: `${login}-password` });
  return {
    title,
    admin: account('admin'),
    users: (['subscriber', 'author', 'editor'] as const).map((role) => ({ ...account(role), role })),
  };
}

function usersByRole(installed: readonly SiteUser[]): Record<Role, SiteUser> {
  const find = (role: Role): SiteUser => {
    const user = installed.find((candidate) => candidate.role === role);
    if (user === undefined) throw new Error(`the install created no ${role}`);
    return user;
  };
  return {
    subscriber: find('subscriber'),
    author: find('author'),
    editor: find('editor'),
    administrator: find('administrator'),
  };
}

async function ensureCore(): Promise<void> {
  if (!existsSync(path.join(wpPaths.core, 'wp-includes/version.php'))) {
    await runCommand('bash', [wpPaths.fetchScript]);
  }
}

/** Starts a fresh WordPress (Debian's 6.8) on a private MariaDB, installed and logged-in-ready. */
export async function startWordPress(options: StartWordPressOptions): Promise<WordPressStack> {
  const { name, port = 8889, dbPort = 3309, pluginDir, constants = {}, title = `Interlinker ${name}` } = options;
  if (!/^[a-z0-9][a-z0-9-]*$/.test(name)) throw new Error(`stack name "${name}": use lowercase letters, digits and -`);
  const dataDir = wpPaths.stackDir(name);
  const siteDir = path.join(dataDir, 'site');
  const url = `http://127.0.0.1:${port}`;
  const debugLog = path.join(dataDir, 'debug.log');

  await stopRecordedStack(dataDir);
  await assertPortsFree([port, dbPort]);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });

  const processGroups: number[] = [];
  const stop = async (): Promise<void> => stopRecordedStack(dataDir);
  try {
    await ensureCore();
    const db = await startMariaDb({ dir: path.join(dataDir, 'mariadb'), port: dbPort });
    processGroups.push(db.pid);
    writeStackRecord({ dir: dataDir, processGroups });

    await copyCore(siteDir);
    writeWpConfig(siteDir, { url, db, debugLog, constants });
    const request = installRequest(title);
    const installed = await installSite(siteDir, request);
    const pluginFile = pluginDir === undefined ? undefined : await installPlugin(siteDir, pluginDir, pluginFolder);

    processGroups.push(await startPhpServer({ siteDir, port, logFile: path.join(dataDir, 'php-server.log') }));
    const users = usersByRole(installed);
    writeStackRecord({
      dir: dataDir,
      processGroups,
      summary: { name, url, port, dbPort, siteDir, debugLog, pluginFile: pluginFile ?? null, users },
    });
    await waitForSite(url);

    return {
      name,
      url,
      port,
      dbPort,
      dataDir,
      siteDir,
      debugLog,
      adminUser: request.admin.login,
      adminPassword: request.admin.password,
      users,
      pluginFile,
      wpPhp: (code) => runPhpInSite(siteDir, code),
      rest: async (as, auth = 'application-password') => {
        if (as === 'anonymous') return anonymousRestClient(url);
        return auth === 'cookie' ? cookieRestClient(url, users[as]) : applicationPasswordRestClient(url, users[as]);
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
