/** Reads a generated site's HTML files from an unpacked package. */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { SourceFile } from './static-site.js';

/** Every .html file under the root, skipping asset folders (`_static`, `_sources`, …), in a stable order. */
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
