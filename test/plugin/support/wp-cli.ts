import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { wpPaths } from '../../support/wp-paths.js';
import type { WordPressStack } from '../../support/wordpress.js';

/**
 * WP-CLI 2.10.0, the official release phar: the sha256 that wp-cli/builds publishes beside it
 * (../shared/tools/README.md).
 */
export const WP_CLI_SHA256 = '4c6a93cecae7f499ca481fa7a6d6d4299c8b93214e5e5308e26770dbfd3631df';

/** Where the phar is: INTERLINKER_WP_CLI_PHAR, else ../shared/tools/wp-cli.phar beside the repository (as CI clones it). */
export function wpCliPharPath(): string {
  return process.env.INTERLINKER_WP_CLI_PHAR ?? path.resolve(wpPaths.repoRoot, '../shared/tools/wp-cli.phar');
}

const verified = new Set<string>();

/** The phar at `phar`, once its checksum is the release's; throws saying what is wrong otherwise. */
export function verifiedWpCliPhar(phar = wpCliPharPath()): string {
  if (verified.has(phar)) return phar;
  if (!existsSync(phar)) {
    throw new Error(`WP-CLI is not at ${phar}: put the official wp-cli.phar 2.10.0 there, or set INTERLINKER_WP_CLI_PHAR to it`);
  }
  const digest = createHash('sha256').update(readFileSync(phar)).digest('hex');
  if (digest !== WP_CLI_SHA256) {
    throw new Error(`${phar} is not the official WP-CLI 2.10.0 phar: its sha256 is ${digest}, the release's is ${WP_CLI_SHA256}`);
  }
  verified.add(phar);
  return phar;
}

export interface WpCliResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

export interface WpCliOptions {
  /** What the command reads on standard input (a confirmation's answer). */
  input?: string;
}

/**
 * Runs `wp <args>` through the phar against a stack's WordPress (its wp-config.php names the stack's database),
 * and resolves with the exit code whatever it is. WP-CLI's own cache and configuration are kept in the stack's folder,
 * so that nothing of the machine's user is read.
 */
export function runWpCli(wp: WordPressStack, args: readonly string[], options: WpCliOptions = {}): Promise<WpCliResult> {
  const phar = verifiedWpCliPhar();
  const home = path.join(wp.dataDir, 'wp-cli');
  mkdirSync(home, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    WP_CLI_CACHE_DIR: path.join(home, 'cache'),
    WP_CLI_PACKAGES_DIR: path.join(home, 'packages'),
    WP_CLI_CONFIG_PATH: path.join(home, 'config.yml'),
    WP_CLI_DISABLE_AUTO_CHECK_UPDATE: '1',
  };
  return new Promise((resolve, reject) => {
    const child = spawn('php', [phar, `--path=${wp.siteDir}`, '--allow-root', ...args], { env, stdio: 'pipe' });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === null) {
        reject(new Error(`wp ${args.join(' ')} ended by ${signal ?? 'an unknown signal'}`));
        return;
      }
      resolve({ exitCode: code, stdout: Buffer.concat(stdout).toString('utf8'), stderr: Buffer.concat(stderr).toString('utf8') });
    });
    child.stdin.end(options.input ?? '');
  });
}

/** Runs `wp <args>` and returns its standard output; throws with both outputs when it exits non-zero. */
export async function wpCliOutput(wp: WordPressStack, args: readonly string[], options: WpCliOptions = {}): Promise<string> {
  const result = await runWpCli(wp, args, options);
  if (result.exitCode !== 0) {
    throw new Error(`wp ${args.join(' ')} exited with ${result.exitCode}:\n${result.stderr}\n${result.stdout}`);
  }
  return result.stdout;
}
