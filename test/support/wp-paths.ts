import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the real-WordPress stack finds its parts, relative to the repository. */
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export const wpPaths = {
  repoRoot,
  /** The WordPress tree that scripts/wp/fetch-wordpress.sh builds. */
  core: process.env.WORDPRESS_CORE_DIR ?? path.join(repoRoot, '.cache/wordpress-core'),
  /** Empty MariaDB data dirs, one per mariadbd build, copied for each stack instead of running install-db. */
  mariadbTemplates: path.join(repoRoot, '.cache/mariadb-datadir'),
  fetchScript: path.join(repoRoot, 'scripts/wp/fetch-wordpress.sh'),
  phpScripts: path.join(repoRoot, 'scripts/wp/php'),
  /** Each stack lives in .tmp/<name>/ and is wiped when a stack of that name starts. */
  stackDir: (name: string): string => path.join(repoRoot, '.tmp', name),
} as const;
