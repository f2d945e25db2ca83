/**
 * Reads a blog's sources at a pinned commit from a local git mirror (the benchmark never needs the network when one
 * is there): `$INTERLINKER_BLOG_MIRRORS/<owner>+<name>/repo` (default `/work/.mirror`), a bare repository or a
 * checkout. Without one, the commit is fetched once from GitHub into `.cache/blog-mirrors/` (depth 1).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';

export interface BlogRepository {
  /** `owner/name` on GitHub. */
  repo: string;
  /** The commit the corpus is built from (40 hex digits). */
  commit: string;
}

const DEFAULT_MIRRORS = '/work/.mirror';

function git(gitDir: string, args: string[], input?: string): Buffer {
  return execFileSync('git', ['--git-dir', gitDir, ...args], { input, maxBuffer: 1 << 30, stdio: ['pipe', 'pipe', 'pipe'] });
}

function hasCommit(gitDir: string, commit: string): boolean {
  try {
    git(gitDir, ['cat-file', '-e', `${commit}^{commit}`]);
    return true;
  } catch {
    return false;
  }
}

/** The git directory holding the pinned commit: the local mirror, or a shallow fetch of it. */
export function blogGitDir(source: BlogRepository, cacheDir: string): string {
  const mirrors = process.env['INTERLINKER_BLOG_MIRRORS'] ?? DEFAULT_MIRRORS;
  const base = path.join(mirrors, source.repo.replace('/', '+'), 'repo');
  for (const candidate of [path.join(base, '.git'), base]) {
    if (existsSync(path.join(candidate, 'objects')) && hasCommit(candidate, source.commit)) return candidate;
  }
  const fetched = path.join(cacheDir, 'blog-mirrors', source.repo.replace('/', '+') + '.git');
  if (!existsSync(fetched)) {
    mkdirSync(fetched, { recursive: true });
    execFileSync('git', ['init', '--bare', '--quiet', fetched]);
  }
  if (!hasCommit(fetched, source.commit)) {
    try {
      git(fetched, ['fetch', '--quiet', '--depth', '1', `https://github.com/${source.repo}.git`, source.commit]);
    } catch (error) {
      throw new Error(
        `${source.repo}@${source.commit}: no mirror under ${mirrors} (INTERLINKER_BLOG_MIRRORS) and fetching it failed: ${(error as Error).message}`,
      );
    }
  }
  return fetched;
}

/** Every file under `dirs` at the commit whose name passes `keep`, as text, by path (sorted). */
export function readBlogFiles(gitDir: string, commit: string, dirs: readonly string[], keep: (file: string) => boolean): Map<string, string> {
  const listing = git(gitDir, ['ls-tree', '-r', '-z', '--name-only', commit, '--', ...dirs]).toString('utf8');
  const paths = listing.split('\0').filter((file) => file !== '' && keep(file)).sort();
  const files = new Map<string, string>();
  if (paths.length === 0) return files;
  // One `cat-file --batch` for every blob: a process per file would take minutes on a large blog.
  const out = git(gitDir, ['cat-file', '--batch'], paths.map((file) => `${commit}:${file}`).join('\n') + '\n');
  let offset = 0;
  for (const file of paths) {
    const headerEnd = out.indexOf(10, offset);
    const header = out.subarray(offset, headerEnd).toString('utf8');
    const size = Number(header.split(' ')[2]);
    if (!Number.isFinite(size)) throw new Error(`${file}: unexpected git cat-file answer "${header}"`);
    files.set(file, out.subarray(headerEnd + 1, headerEnd + 1 + size).toString('utf8'));
    offset = headerEnd + 1 + size + 1;
  }
  return files;
}
