/**
 * The Debian Reference in German and in French (`debian-reference-de`, `debian-reference-fr`): one page per section of
 * the first two levels (debian-reference-site.ts). No English Debian Reference is among the fitted sites.
 */
import { debianReferenceFormat, splitDebianReferenceChapters } from './debian-reference-site.js';
import type { LanguageCorpusSource } from './language-sources.js';

function debianReference(language: string): LanguageCorpusSource {
  return {
    id: `debian-reference-${language}`,
    packageName: `debian-reference-${language}`,
    htmlDir: 'usr/share/debian-reference',
    domain: `https://debian-reference-${language}.example.test/`,
    format: debianReferenceFormat,
    readFiles: (root) => splitDebianReferenceChapters(root, language),
    language,
  };
}

export const DEBIAN_REFERENCE_DE = debianReference('de');
export const DEBIAN_REFERENCE_FR = debianReference('fr');
