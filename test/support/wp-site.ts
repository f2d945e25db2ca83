import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type ConstantValue, wpConfigFile } from './wp-config-file.js';
import { wpPaths } from './wp-paths.js';
import { runCommand } from './wp-processes.js';

export type Role = 'subscriber' | 'author' | 'editor' | 'administrator';
export const roles: readonly Role[] = ['subscriber', 'author', 'editor', 'administrator'];

export interface SiteUser {
  role: Role;
  id: number;
  login: string;
  password: string;
  /** An Application Password, for HTTP Basic auth against the REST API. */
  appPassword: string;
}

export interface SiteDatabase {
  host: string;
  port: number;
  database: string;
  user: string;
  password: string;
}

/**
 * Copies the cached WordPress core into `siteDir`. Files are hard links (fast, and WordPress never rewrites its own
 * files here: updates are off); every directory is new, so what a site adds (uploads, plugins) stays its own.
 */
export async function copyCore(siteDir: string): Promise<void> {
  if (!existsSync(path.join(wpPaths.core, 'wp-includes/version.php'))) {
    throw new Error(`no WordPress in ${wpPaths.core}: run scripts/wp/fetch-wordpress.sh first`);
  }
  mkdirSync(path.dirname(siteDir), { recursive: true });
  try {
    await runCommand('cp', ['-al', wpPaths.core, siteDir]);
  } catch {
    // Hard links cannot cross file systems (WORDPRESS_CORE_DIR elsewhere): copy instead.
    await runCommand('cp', ['-a', wpPaths.core, siteDir]);
  }
}

export interface SiteConfig {
  url: string;
  db: SiteDatabase;
  debugLog: string;
  constants?: Readonly<Record<string, ConstantValue>>;
}

export function writeWpConfig(siteDir: string, { url, db, debugLog, constants = {} }: SiteConfig): void {
  const config = wpConfigFile({
    DB_NAME: db.database,
    DB_USER: db.user,
    DB_PASSWORD: db.password,
    DB_HOST: `${db.host}:${db.port}`,
    DB_CHARSET: 'utf8mb4',
    DB_COLLATE: '',
    WP_HOME: url,
    WP_SITEURL: url,
    // 'local' lets Application Passwords work over plain http.
    WP_ENVIRONMENT_TYPE: 'local',
    DISABLE_WP_CRON: true,
    AUTOMATIC_UPDATER_DISABLED: true,
    WP_DEBUG: true,
    WP_DEBUG_LOG: debugLog,
    // Notices printed into responses would corrupt JSON; they go to the log instead.
    WP_DEBUG_DISPLAY: false,
    ...constants,
  });
  writeFileSync(path.join(siteDir, 'wp-config.php'), config);
}

function php(script: string, args: readonly string[], input = ''): Promise<string> {
  return runCommand('php', [path.join(wpPaths.phpScripts, script), ...args], { input }).then(({ stdout }) => stdout);
}

export interface InstallRequest {
  title: string;
  admin: { login: string; email: string; password: string };
  users: { role: Exclude<Role, 'administrator'>; login: string; email: string; password: string }[];
}

/** Runs wp_install() and creates the users; returns every user with a new Application Password. */
export async function installSite(siteDir: string, request: InstallRequest): Promise<SiteUser[]> {
  const output = await php('install-site.php', [siteDir], JSON.stringify(request));
  return (JSON.parse(output) as { users: SiteUser[] }).users;
}

/**
 * Links `pluginDir` in as wp-content/plugins/<folder> and activates it. Returns the activated plugin file, or
 * undefined while the folder has no plugin main file yet.
 */
export async function installPlugin(siteDir: string, pluginDir: string, folder: string): Promise<string | undefined> {
  symlinkSync(path.resolve(pluginDir), path.join(siteDir, 'wp-content/plugins', folder), 'dir');
  const activated = (await php('activate-plugin.php', [siteDir, folder])).trim();
  return activated === '' ? undefined : activated;
}

/** Runs PHP statements inside the site (after wp-load.php) and returns what they print. */
export function runPhpInSite(siteDir: string, code: string): Promise<string> {
  return php('run-in-site.php', [siteDir], code);
}
