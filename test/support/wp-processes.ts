import { spawn } from 'node:child_process';
import { closeSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

function withInstallHint(command: string, error: NodeJS.ErrnoException): Error {
  return error.code === 'ENOENT'
    ? new Error(`${command} is not installed: run scripts/install-system-deps.sh as root`, { cause: error })
    : error;
}

export interface CommandResult {
  stdout: string;
  stderr: string;
}

export interface CommandOptions {
  input?: string;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
}

/** Runs a command to completion; rejects with its output when it exits non-zero. */
export function runCommand(command: string, args: readonly string[], options: CommandOptions = {}): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: 'pipe' });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', (error: NodeJS.ErrnoException) => reject(withInstallHint(command, error)));
    child.on('close', (code, signal) => {
      const result = { stdout: Buffer.concat(stdout).toString('utf8'), stderr: Buffer.concat(stderr).toString('utf8') };
      if (code === 0) {
        resolve(result);
        return;
      }
      const output = [result.stderr.trim(), result.stdout.trim()].filter(Boolean).join('\n');
      reject(new Error(`${command} ${args.join(' ')} exited with ${signal ?? code}${output ? `:\n${output}` : ''}`));
    });
    child.stdin.end(options.input ?? '');
  });
}

export interface DaemonOptions {
  logFile: string;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
}

/**
 * Starts a long-running server in its own session (setsid), output appended to a log file, not tied to this
 * Node process: the returned pid is also its process group id, which is how it is stopped.
 */
export function startDaemon(command: string, args: readonly string[], options: DaemonOptions): number {
  const log = openSync(options.logFile, 'a');
  try {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      detached: true,
      stdio: ['ignore', log, log],
    });
    if (child.pid === undefined) {
      // spawn() reports a missing executable through an 'error' event; the listener keeps it from crashing Node.
      child.once('error', () => undefined);
      throw withInstallHint(command, Object.assign(new Error(`could not start ${command}`), { code: 'ENOENT' }));
    }
    child.unref();
    return child.pid;
  } finally {
    closeSync(log);
  }
}

interface ProcessInfo {
  pid: number;
  processGroup: number;
  zombie: boolean;
}

function readProcess(pid: number): ProcessInfo | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may contain spaces and parentheses; the fields after its closing ')' are fixed.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { pid, processGroup: Number(fields[2]), zombie: fields[0] === 'Z' };
  } catch {
    return undefined;
  }
}

/** Live (non-zombie) members of a process group; a killed server's workers may linger briefly. */
export function processGroupMembers(processGroup: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map((entry) => readProcess(Number(entry)))
    .filter((info): info is ProcessInfo => info !== undefined && info.processGroup === processGroup && !info.zombie)
    .map((info) => info.pid);
}

/** The command line of a process, or undefined when it is gone. */
export function commandLineOf(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return undefined;
  }
}

function signalGroup(processGroup: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-processGroup, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/** Sends SIGTERM to a process group, SIGKILL after `graceMs`, and resolves once no member is left. */
export async function stopProcessGroup(processGroup: number, graceMs = 3000): Promise<void> {
  signalGroup(processGroup, 'SIGTERM');
  const killAt = Date.now() + graceMs;
  const giveUpAt = killAt + 5000;
  let killed = false;
  while (processGroupMembers(processGroup).length > 0) {
    if (!killed && Date.now() > killAt) {
      signalGroup(processGroup, 'SIGKILL');
      killed = true;
    }
    if (Date.now() > giveUpAt) {
      const left = processGroupMembers(processGroup).join(', ');
      throw new Error(`process group ${processGroup} still has members after SIGKILL: ${left}`);
    }
    await sleep(20);
  }
}
