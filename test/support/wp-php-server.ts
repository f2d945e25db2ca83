import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { assertPortsFree, waitForPort } from './wp-network.js';
import { wpPaths } from './wp-paths.js';
import { processGroupMembers, startDaemon, stopProcessGroup } from './wp-processes.js';

export interface PhpServerOptions {
  siteDir: string;
  port: number;
  logFile: string;
  /** At least 2, so a request that calls back into the same site does not wait for itself. */
  workers?: number;
}

/** Serves the site with PHP's built-in server; returns its pid, which is also its process group. */
export async function startPhpServer({ siteDir, port, logFile, workers = 4 }: PhpServerOptions): Promise<number> {
  await assertPortsFree([port]);
  // Tests rewrite wp-config.php and plugin files under a running server; opcache's default revalidate_freq (2 s)
  // would keep serving the old code for up to two seconds, so files are checked on every request.
  const args = ['-d', 'opcache.revalidate_freq=0', '-S', `127.0.0.1:${port}`, '-t', siteDir, path.join(wpPaths.phpScripts, 'router.php')];
  const pid = startDaemon('php', args, {
    logFile,
    cwd: siteDir,
    env: { ...process.env, PHP_CLI_SERVER_WORKERS: String(workers) },
  });
  try {
    await waitForPort(port, {
      timeoutMs: 10_000,
      stillStarting: () => processGroupMembers(pid).length > 0,
      what: `php -S (log: ${logFile})`,
    });
  } catch (error) {
    await stopProcessGroup(pid);
    throw error;
  }
  return pid;
}

/** Resolves once the site answers its front page without a server error. */
export async function waitForSite(url: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/`, { redirect: 'manual' });
      await response.arrayBuffer();
      if (response.status < 500) return;
      last = `status ${response.status}`;
    } catch (error) {
      last = String(error);
    }
    await sleep(50);
  }
  throw new Error(`${url}/ did not answer within ${timeoutMs} ms (${last})`);
}
