/** The corpora the benchmark knows, by the id the command line uses: documentation sites, then blogs. */
import { APACHE_DOCS } from './apache-docs.js';
import { BLOG_SOURCES } from './blog-sources.js';
import { CMAKE_DOCS } from './cmake-docs.js';
import { EXIM_DOCS } from './exim-docs.js';
import { FISH_DOCS } from './fish-docs.js';
import { GIT_DOCS } from './git-docs.js';
import { IKIWIKI_DOCS } from './ikiwiki-docs.js';
import { LIBREOFFICE_DOCS } from './libreoffice-docs.js';
import { OCTAVE_DOCS } from './octave-docs.js';
import { POSTFIX_DOCS } from './postfix-docs.js';
import { PYTHON_DOCS } from './python-docs.js';
import { RUSTBOOK_DOCS } from './rustbook-docs.js';
import { RUSTREF_DOCS } from './rustref-docs.js';
import { SPHINX_DOCS } from './sphinx-docs.js';
import type { BenchCorpusSource, CorpusSource } from './types.js';
import { ZSH_DOCS } from './zsh-docs.js';

export const CORPUS_SOURCES: readonly CorpusSource[] = [
  PYTHON_DOCS,
  GIT_DOCS,
  OCTAVE_DOCS,
  ZSH_DOCS,
  EXIM_DOCS,
  IKIWIKI_DOCS,
  LIBREOFFICE_DOCS,
  SPHINX_DOCS,
  CMAKE_DOCS,
  RUSTBOOK_DOCS,
  RUSTREF_DOCS,
  POSTFIX_DOCS,
  APACHE_DOCS,
  FISH_DOCS,
];

/** Every site of the benchmark: the documentation sites, then the blogs. */
export const BENCH_SOURCES: readonly BenchCorpusSource[] = [...CORPUS_SOURCES, ...BLOG_SOURCES];

/**
 * `all`, `docs`, `blogs` or ids separated by commas (groups and ids may be mixed: `blogs,git`) → the sources to run,
 * in the order above.
 */
export function selectCorpusSources(choice: string): BenchCorpusSource[] {
  const ids = new Set<string>();
  for (const id of choice.split(',').map((part) => part.trim())) {
    if (id === 'all') BENCH_SOURCES.forEach((source) => ids.add(source.id));
    else if (id === 'docs') CORPUS_SOURCES.forEach((source) => ids.add(source.id));
    else if (id === 'blogs') BLOG_SOURCES.forEach((source) => ids.add(source.id));
    else if (BENCH_SOURCES.some((source) => source.id === id)) ids.add(id);
    else throw new Error(`unknown corpus "${id}"; expected all, docs, blogs, ${BENCH_SOURCES.map((s) => s.id).join(', ')}`);
  }
  return BENCH_SOURCES.filter((source) => ids.has(source.id));
}
