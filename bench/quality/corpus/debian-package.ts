/**
 * Fetches a Debian package with apt and unpacks it, without installing it (no maintainer scripts, no root-owned
 * files left behind): `apt-get download` then `dpkg -x` into a temporary directory.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface UnpackedPackage {
  name: string;
  version: string;
  /** Root of the unpacked file tree (what would land in /). */
  root: string;
  /** Removes the temporary directory. */
  dispose(): void;
}

function run(command: string, args: string[], cwd?: string): string {
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

function download(name: string, dir: string): void {
  try {
    run('apt-get', ['download', name], dir);
  } catch {
    // A fresh machine has no package lists yet; refresh them once and try again.
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['download', name], dir);
  }
}

export function unpackDebianPackage(name: string): UnpackedPackage {
  const dir = mkdtempSync(path.join(tmpdir(), 'interlinker-quality-'));
  try {
    download(name, dir);
    const deb = readdirSync(dir).find((file) => file.endsWith('.deb'));
    if (!deb) throw new Error(`apt-get download ${name} produced no .deb file`);
    const debPath = path.join(dir, deb);
    const version = run('dpkg-deb', ['--field', debPath, 'Version']).trim();
    const root = path.join(dir, 'root');
    run('dpkg', ['-x', debPath, root]);
    return { name, version, root, dispose: () => rmSync(dir, { recursive: true, force: true }) };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
