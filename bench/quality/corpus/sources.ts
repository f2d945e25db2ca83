/** The corpora the benchmark knows, by the id the command line uses. */
import { APACHE_DOCS } from './apache-docs.js';
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
import type { CorpusSource } from './types.js';
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

/** `all` or ids separated by commas → the sources to run, in the order above. */
export function selectCorpusSources(choice: string): CorpusSource[] {
  if (choice === 'all') return [...CORPUS_SOURCES];
  const ids = choice.split(',').map((id) => id.trim());
  for (const id of ids) {
    if (!CORPUS_SOURCES.some((source) => source.id === id)) {
      throw new Error(`unknown corpus "${id}"; expected all, ${CORPUS_SOURCES.map((s) => s.id).join(', ')}`);
    }
  }
  return CORPUS_SOURCES.filter((source) => ids.includes(source.id));
}
