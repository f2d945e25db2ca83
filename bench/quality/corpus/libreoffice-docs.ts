/**
 * LibreOffice Writer's user help as Debian ships it in `libreoffice-help-en-us`: the Writer pages and the pages every
 * application shares (dialogs, options, how-to guides), as a Writer user reads them. The package holds the help of
 * every application (about 2,560 pages); Calc, Impress, Draw, Base, Math, Chart and the Basic reference are left out
 * so that the site stays one subject of a size like the others, and links to them are not ground truth.
 */
import { readHtmlFiles } from './html-files.js';
import { libreOfficeHelpFormat } from './libreoffice-help.js';
import type { SourceFile } from './static-site.js';
import type { CorpusSource } from './types.js';

const SITE_FOLDERS = ['en-US/text/swriter/', 'en-US/text/shared/'];

/** The Writer and shared pages (paths from the help root, as the pages' `<base href>` writes them). */
export function readLibreOfficeWriterFiles(root: string): SourceFile[] {
  return readHtmlFiles(root).filter((file) => SITE_FOLDERS.some((folder) => file.relPath.startsWith(folder)));
}

/**
 * The articles among the `00/` pages: glossaries and notes on file formats. The other `00/` pages are the fragments
 * other pages embed ("To access this command…" menu paths, icon captions, shared notes), not articles.
 */
const ARTICLES_AMONG_FRAGMENTS = new Set(
  ['00000001', '00000002', '00000003', '00000005', '00000020', '00000021', '00000200', '00000206', '00000207', '00000208', '00000215'].map(
    (name) => `en-US/text/shared/00/${name}.html`,
  ),
);

/** Pages that list other pages and little else: the welcome page, menus, submenus, toolbars, the guides' index. */
const LIST_PAGES = new Set(
  [
    'swriter/main0000.html',
    'swriter/guide/main.html',
    'swriter/mailmergetoolbar.html',
    'swriter/track_changes_toolbar.html',
    'shared/guide/main.html',
    'shared/main0108.html',
    'shared/main0400.html',
    'shared/main0500.html',
    'shared/main0800.html',
    'shared/find_toolbar.html',
    'shared/fontwork_toolbar.html',
    'shared/submenu_spacing.html',
    'shared/submenu_text.html',
  ].map((page) => `en-US/text/${page}`),
);

/**
 * Pages that are not articles: the pages that list others (menus `main01xx`, toolbars `main02xx`, submenus under
 * `menu/`, …), the embedded fragments under `00/`, the screenshot galleries under `06/`, the help viewer's own strings,
 * its "page not found" and an untitled stub.
 */
export function isLibreOfficeDocsNavigationPage(relPath: string): boolean {
  if (LIST_PAGES.has(relPath)) return true;
  if (/^en-US\/text\/[a-z]+\/main0[12]\d\d\.html$/.test(relPath)) return true;
  if (/^en-US\/text\/[a-z]+\/menu\//.test(relPath)) return true;
  if (/^en-US\/text\/[a-z]+\/00\//.test(relPath)) return !ARTICLES_AMONG_FRAGMENTS.has(relPath);
  return (
    relPath.startsWith('en-US/text/shared/06/') ||
    relPath.startsWith('en-US/text/shared/help/') ||
    relPath === 'en-US/text/shared/05/err_html.html' ||
    relPath === 'en-US/text/shared/05/00000100.html' ||
    relPath === 'en-US/text/shared/need_help.html'
  );
}

export const LIBREOFFICE_DOCS: CorpusSource = {
  id: 'libreoffice',
  packageName: 'libreoffice-help-en-us',
  htmlDir: 'usr/share/libreoffice/help',
  domain: 'https://libreoffice-docs.example.test/',
  format: libreOfficeHelpFormat('WRITER', isLibreOfficeDocsNavigationPage),
  readFiles: readLibreOfficeWriterFiles,
};
