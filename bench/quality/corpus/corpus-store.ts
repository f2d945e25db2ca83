/** Builds a corpus once and keeps it under `.cache/quality-corpus/` so later runs skip the download. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { unpackDebianPackage } from './debian-package.js';
import { readHtmlFiles } from './html-files.js';
import { BLOG_FORMAT_VERSION, buildBlogCorpus } from './blog-corpus.js';
import { PYTHON_DOCS } from './python-docs.js';
import { buildSitePages } from './static-site.js';
import { isBlogSource, type BenchCorpusSource, type Corpus, type CorpusSource } from './types.js';

/** Bump when the builders' output changes. */
export const CORPUS_FORMAT_VERSION = 1;

export function buildCorpus(source: CorpusSource): Corpus {
  const unpacked = unpackDebianPackage(source.packageName);
  try {
    const root = path.join(unpacked.root, source.htmlDir);
    const files = (source.readFiles ?? readHtmlFiles)(root);
    return {
      formatVersion: CORPUS_FORMAT_VERSION,
      packageName: unpacked.name,
      packageVersion: unpacked.version,
      domain: source.domain,
      pages: buildSitePages(files, source.domain, source.format),
    };
  } finally {
    unpacked.dispose();
  }
}

/**
 * Loads a cached corpus (Python's documentation unless `source` names another site or blog), or builds and caches it when it is
 * missing, stale or a rebuild is asked for.
 */
export function loadCorpus(
  cacheDir: string,
  options: { rebuild: boolean; source?: BenchCorpusSource },
): { corpus: Corpus; fromCache: boolean } {
  const source = options.source ?? PYTHON_DOCS;
  // By id: one package may give several sites (a book and a reference).
  const file = path.join(cacheDir, `${source.id}.json`);
  if (!options.rebuild && existsSync(file)) {
    const cached = JSON.parse(readFileSync(file, 'utf8')) as Corpus;
    const current = isBlogSource(source)
      ? cached.formatVersion === BLOG_FORMAT_VERSION && cached.packageVersion === source.commit
      : cached.formatVersion === CORPUS_FORMAT_VERSION;
    if (current) return { corpus: cached, fromCache: true };
  }
  // A blog's checkout (or its shallow fetch) sits beside the corpora's cache.
  const corpus = isBlogSource(source) ? buildBlogCorpus(source, path.dirname(cacheDir)) : buildCorpus(source);
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(file, JSON.stringify(corpus));
  return { corpus, fromCache: false };
}
