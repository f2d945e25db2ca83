/** Which engine a report measured: the checked-out commit, and whether `bridge/` differs from it. */
import { execFileSync } from 'node:child_process';

export interface EngineVersion {
  /** `git log -1 --format=%h`. */
  commit: string;
  /** True when `bridge/` has uncommitted changes, so the commit alone does not name the engine measured. */
  bridgeModified: boolean;
}

export function engineVersion(repoRoot: string): EngineVersion {
  const git = (...args: string[]): string => execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim();
  return { commit: git('log', '-1', '--format=%h'), bridgeModified: git('status', '--porcelain', '--', 'bridge').length > 0 };
}
