/** The corpora the benchmark knows, by the id the command line uses. */
import { GIT_DOCS } from './git-docs.js';
import { PYTHON_DOCS } from './python-docs.js';
import type { CorpusSource } from './types.js';

export const CORPUS_SOURCES: readonly CorpusSource[] = [PYTHON_DOCS, GIT_DOCS];

/** `all` or one id → the sources to run, in the order above. */
export function selectCorpusSources(choice: string): CorpusSource[] {
  if (choice === 'all') return [...CORPUS_SOURCES];
  const source = CORPUS_SOURCES.find((candidate) => candidate.id === choice);
  if (!source) throw new Error(`unknown corpus "${choice}"; expected all, ${CORPUS_SOURCES.map((s) => s.id).join(', ')}`);
  return [source];
}
