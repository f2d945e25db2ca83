/**
 * The Z shell's manual as Debian ships it in `zsh-doc` (Texinfo, split per chapter: 26 chapters, most of them long,
 * holding about 150 nodes). Cut into one page per node, as Texinfo's default per-node split would name them, it is
 * about 170 articles; authors cross-reference other nodes in running text ("see the section Compatibility").
 */
import { readHtmlFiles } from './html-files.js';
import { splitTexinfoChapters, texinfoFormat, isMenuOnlyNode } from './texinfo-site.js';
import type { CorpusSource } from './types.js';

/**
 * The Top node (a menu of the chapters), the generated table of contents, "About This Document", the index nodes, and
 * the FAQ that rides along in the same folder (another document, written with Yodl, with its own table of contents).
 */
export function isZshDocsNavigationPage(relPath: string): boolean {
  return (
    relPath === 'index.html' ||
    relPath === 'zsh_toc.html' ||
    relPath === 'zsh_abt.html' ||
    /^(?:Concept|Variables|Options|Functions|Editor-Functions|Style-and-Tag)-Index\.html$/.test(relPath) ||
    /^FAQ\d*\.html$/.test(relPath)
  );
}

export const ZSH_DOCS: CorpusSource = {
  id: 'zsh',
  packageName: 'zsh-doc',
  htmlDir: 'usr/share/doc/zsh-common/html',
  domain: 'https://zsh-docs.example.test/',
  format: texinfoFormat(isZshDocsNavigationPage),
  readFiles: (root) => splitTexinfoChapters(readHtmlFiles(root)).filter((file) => !isMenuOnlyNode(file)),
};
