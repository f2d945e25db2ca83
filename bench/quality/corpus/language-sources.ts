/**
 * Documentation sites in languages other than English, for bench/quality/run-languages.ts. They are never among the
 * sites the relevance model is fitted on (corpus/sources.ts): the model is fitted on English sites only, so every
 * figure of theirs is held out by construction.
 */
import { DEBIAN_REFERENCE_DE, DEBIAN_REFERENCE_FR } from './debian-reference-docs.js';
import { LIBREOFFICE_DE_DOCS } from './libreoffice-de-docs.js';
import type { CorpusSource } from './types.js';

export interface LanguageCorpusSource extends CorpusSource {
  /** BCP 47 tag every page is synced with. */
  language: string;
  /**
   * The id of the English site that is the same documentation in English, when one is among the fitted sites: the
   * model that answers this site is then also fitted without it, so that not even its structure was seen.
   */
  englishTwin?: string;
}

export const LANGUAGE_CORPUS_SOURCES: readonly LanguageCorpusSource[] = [LIBREOFFICE_DE_DOCS, DEBIAN_REFERENCE_DE, DEBIAN_REFERENCE_FR];

/** `all` or ids separated by commas → the language sites to run, in the order above. */
export function selectLanguageSources(choice: string): LanguageCorpusSource[] {
  if (choice === 'all') return [...LANGUAGE_CORPUS_SOURCES];
  const ids = choice.split(',').map((id) => id.trim());
  for (const id of ids) {
    if (!LANGUAGE_CORPUS_SOURCES.some((source) => source.id === id)) {
      throw new Error(`unknown language corpus "${id}"; expected all, ${LANGUAGE_CORPUS_SOURCES.map((s) => s.id).join(', ')}`);
    }
  }
  return LANGUAGE_CORPUS_SOURCES.filter((source) => ids.includes(source.id));
}
