/**
 * CMake's documentation as Debian ships it in `cmake-doc` (about 1,930 Sphinx pages): one page per command, variable,
 * property, module, policy and generator, plus the manuals, guides and release notes. A reference site: most links are
 * cross-references written as inline code (`project()`, `CMAKE_BUILD_TYPE`).
 */
import { findElements, hasClass, removeNode, textOf, type Element } from '../html/dom.js';
import { sphinxFormatWithoutLocalContents } from './sphinx-local-contents.js';
import type { CorpusSource } from './types.js';

/**
 * Generated pages that are not articles: the landing page (the documentation's table of contents), the index, search,
 * and two pages that are nothing but a generated list (the release notes' and the CPack generators' `toctree`).
 */
export function isCmakeDocsNavigationPage(relPath: string): boolean {
  return (
    relPath === 'index.html' ||
    relPath === 'search.html' ||
    relPath.startsWith('genindex') ||
    relPath === 'release/index.html' ||
    relPath === 'manual/cpack-generators.7.html'
  );
}

/** The standard advice every policy page ends with ("This policy was introduced in CMake version 3.17.0. … Use the cmake_policy() command …"). */
const POLICY_ADVICE = /^(This policy|Policy CMP\d{4}) was introduced in CMake version \d/;
const POLICY_DEPRECATION_NOTE = /^Note ?The OLD behavior of a policy is deprecated by definition and may be removed in a future version of CMake\.$/;

/**
 * Removes the boilerplate CMake's policy pages share, included from one file into each: the advice paragraph and the
 * note that the OLD behaviour is deprecated. Like a footer, its links (to `cmake_policy()` and `cmake-policies(7)`)
 * are not chosen for the page; left in, they would be among the most linked targets of the site.
 */
export function removePolicyBoilerplate(body: Element): void {
  for (const el of findElements(body, (e) => e.name === 'p' && POLICY_ADVICE.test(textOf(e)))) removeNode(el);
  for (const el of findElements(body, (e) => e.name === 'div' && hasClass(e, 'admonition') && POLICY_DEPRECATION_NOTE.test(textOf(e)))) {
    removeNode(el);
  }
}

export const CMAKE_DOCS: CorpusSource = {
  id: 'cmake',
  packageName: 'cmake-doc',
  htmlDir: 'usr/share/doc/cmake-data/html',
  domain: 'https://cmake-docs.example.test/',
  format: sphinxFormatWithoutLocalContents(isCmakeDocsNavigationPage, removePolicyBoilerplate),
};
