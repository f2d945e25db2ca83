/**
 * LibreOffice Writer's user help in German, as Debian ships it in `libreoffice-help-de`: the same help as
 * `libreoffice` (libreoffice-docs.ts) in another language, built the same way — the Writer pages and the pages every
 * application shares, the same navigation pages and fragments left out — so that the only difference between the two
 * sites is the language.
 */
import { readHtmlFiles } from './html-files.js';
import { isLibreOfficeDocsNavigationPage } from './libreoffice-docs.js';
import { libreOfficeHelpFormat } from './libreoffice-help.js';
import type { SourceFile } from './static-site.js';
import type { LanguageCorpusSource } from './language-sources.js';

const LANGUAGE_FOLDER = 'de/';
const SITE_FOLDERS = ['de/text/swriter/', 'de/text/shared/'];

/** The English help's path of a German page (`de/text/…` → `en-US/text/…`): the two are laid out alike. */
const englishPath = (relPath: string): string => `en-US/${relPath.slice(LANGUAGE_FOLDER.length)}`;

export function isLibreOfficeDeNavigationPage(relPath: string): boolean {
  return isLibreOfficeDocsNavigationPage(englishPath(relPath));
}

export function readLibreOfficeDeWriterFiles(root: string): SourceFile[] {
  return readHtmlFiles(root).filter((file) => SITE_FOLDERS.some((folder) => file.relPath.startsWith(folder)));
}

export const LIBREOFFICE_DE_DOCS: LanguageCorpusSource = {
  id: 'libreoffice-de',
  packageName: 'libreoffice-help-de',
  htmlDir: 'usr/share/libreoffice/help',
  domain: 'https://libreoffice-de-docs.example.test/',
  format: libreOfficeHelpFormat('WRITER', isLibreOfficeDeNavigationPage),
  readFiles: readLibreOfficeDeWriterFiles,
  language: 'de-DE',
  englishTwin: 'libreoffice',
};
