/** The corpus source: Python 3.11's documentation as Debian ships it (about 500 Sphinx pages of prose and reference). */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { SourceFile } from './sphinx-site.js';

export const PYTHON_DOCS = {
  packageName: 'python3.11-doc',
  htmlDir: 'usr/share/doc/python3.11/html',
  domain: 'https://docs.example.test/',
} as const;

/** Generated pages that are not articles: the landing page, the table of contents, indexes, search, include fragments. */
export function isPythonDocsNavigationPage(relPath: string): boolean {
  return (
    relPath === 'index.html' ||
    relPath === 'contents.html' ||
    relPath === 'search.html' ||
    relPath === 'py-modindex.html' ||
    relPath.startsWith('genindex') ||
    relPath.startsWith('includes/')
  );
}

/** Every .html file under the root, skipping Sphinx's asset folders (`_static`, `_sources`, …), in a stable order. */
export function readHtmlFiles(root: string): SourceFile[] {
  const files: SourceFile[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('_')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.html')) {
        files.push({ relPath: path.relative(root, full).split(path.sep).join('/'), html: readFileSync(full, 'utf8') });
      }
    }
  };
  walk(root);
  return files.sort((a, b) => a.relPath.localeCompare(b.relPath));
}
