/** Builds the corpus once and keeps it under `.cache/quality-corpus/` so later runs skip the download. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { unpackDebianPackage } from './debian-package.js';
import { PYTHON_DOCS, isPythonDocsNavigationPage, readHtmlFiles } from './python-docs.js';
import { buildSphinxPages } from './sphinx-site.js';
import type { Corpus } from './types.js';

/** Bump when the builder's output changes. */
export const CORPUS_FORMAT_VERSION = 1;

export function buildPythonDocsCorpus(): Corpus {
  const unpacked = unpackDebianPackage(PYTHON_DOCS.packageName);
  try {
    const files = readHtmlFiles(path.join(unpacked.root, PYTHON_DOCS.htmlDir));
    return {
      formatVersion: CORPUS_FORMAT_VERSION,
      packageName: unpacked.name,
      packageVersion: unpacked.version,
      domain: PYTHON_DOCS.domain,
      pages: buildSphinxPages(files, PYTHON_DOCS.domain, isPythonDocsNavigationPage),
    };
  } finally {
    unpacked.dispose();
  }
}

/** Loads the cached corpus, or builds and caches it when it is missing, stale or a rebuild is asked for. */
export function loadCorpus(cacheDir: string, options: { rebuild: boolean }): { corpus: Corpus; fromCache: boolean } {
  const file = path.join(cacheDir, `${PYTHON_DOCS.packageName}.json`);
  if (!options.rebuild && existsSync(file)) {
    const cached = JSON.parse(readFileSync(file, 'utf8')) as Corpus;
    if (cached.formatVersion === CORPUS_FORMAT_VERSION) return { corpus: cached, fromCache: true };
  }
  const corpus = buildPythonDocsCorpus();
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(file, JSON.stringify(corpus));
  return { corpus, fromCache: false };
}
