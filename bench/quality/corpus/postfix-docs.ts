/**
 * Postfix's documentation as Debian ships it in `postfix-doc` (about 135 pages): the README guides, hand-written HTML
 * (`<h1>` with the Postfix logo, a rule, then the text), and the manual pages, each a `<pre>` rendering of the man
 * page titled "Postfix manual - smtpd(8)". Postfix's build runs every page through its `postlink` script, which links
 * each mention of a parameter (`postconf.5.html#myhostname`), a program (`smtpd.8.html`), a README or a
 * configuration file: most links are those.
 */
import { isTag, type Element } from 'domhandler';
import { collapseWhitespace, findElement, parseHtml, removeNode, textOf } from '../html/dom.js';
import { markLinksInCode } from './code-links.js';
import type { ExtractedArticle, SiteFormat } from './static-site.js';
import type { CorpusSource } from './types.js';

/** Pages that are not articles: the documentation's table of contents and the list of manual pages. */
export function isPostfixDocsNavigationPage(relPath: string): boolean {
  return relPath === 'index.html' || relPath === 'postfix-manuals.html';
}

const MANUAL_TITLE = /^\s*Postfix manual - (\S+\(\d\))\s*$/;

/**
 * The header line a man page starts with (`SMTPD(8)   SMTPD(8)`, sometimes with the manual's name in between:
 * `MAKEDEFS(1)   General Commands Manual   MAKEDEFS(1)`) and the footer line it ends with.
 */
const MAN_HEADER = /^\s*\n?[A-Z0-9_.-]+\(\d\)[^\n]*[A-Z0-9_.-]+\(\d\)[ \t]*\n/i;
const MAN_FOOTER = /\n[ \t]*[A-Z0-9_.-]+\(\d\)\s*$/i;

function bodyOf(relPath: string, html: string): { document: ReturnType<typeof parseHtml>; body: Element } {
  const document = parseHtml(html);
  const body = findElement(document, (el) => el.name === 'body');
  if (!/^<!doctype html public "-\/\/W3C\/\/DTD HTML 4\.01 Transitional\/\/EN"/i.test(html.trimStart()) || !body) {
    throw new Error(`${relPath}: not an HTML 4.01 page with a <body>; is this Postfix documentation?`);
  }
  return { document, body };
}

/** A manual page: the `<pre>` without the man page's running header and footer lines. */
function extractManualPage(relPath: string, title: string, body: Element): ExtractedArticle {
  const pre = body.children.filter(isTag);
  if (pre.length !== 1 || pre[0]!.name !== 'pre') throw new Error(`${relPath}: a Postfix manual page holds one <pre>`);
  const first = pre[0]!.children[0];
  const last = pre[0]!.children[pre[0]!.children.length - 1];
  if (first && first.type === 'text') first.data = first.data.replace(MAN_HEADER, '\n');
  if (last && last.type === 'text') last.data = last.data.replace(MAN_FOOTER, '\n');
  markLinksInCode(body);
  return { title, body };
}

/** A README: the `<h1>` (logo and title) and the rule under it go; the rest is the author's text. */
function extractReadme(relPath: string, body: Element): ExtractedArticle {
  const heading = body.children.filter(isTag)[0];
  if (!heading || heading.name !== 'h1') throw new Error(`${relPath}: a Postfix README starts with <h1>`);
  const title = textOf(heading);
  const rule = body.children.filter(isTag)[1];
  removeNode(heading);
  if (rule && rule.name === 'hr') removeNode(rule);
  markLinksInCode(body);
  return { title, body };
}

export function extractPostfixArticle(relPath: string, html: string): ExtractedArticle {
  const { document, body } = bodyOf(relPath, html);
  const titleElement = findElement(document, (el) => el.name === 'title');
  const manual = titleElement ? MANUAL_TITLE.exec(collapseWhitespace(textOf(titleElement))) : null;
  return manual ? extractManualPage(relPath, manual[1]!, body) : extractReadme(relPath, body);
}

export const postfixFormat: SiteFormat = { isNavigationPage: isPostfixDocsNavigationPage, extractArticle: extractPostfixArticle };

export const POSTFIX_DOCS: CorpusSource = {
  id: 'postfix',
  packageName: 'postfix-doc',
  htmlDir: 'usr/share/doc/postfix/html',
  domain: 'https://postfix-docs.example.test/',
  format: postfixFormat,
};
