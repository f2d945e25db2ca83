/**
 * The translation template plugin/languages/interlinker.pot, from every translatable string of the plugin's PHP
 * (read by PHP's own tokenizer: scripts/php-gettext-calls.php) and of the admin UI's TypeScript (read by the
 * TypeScript compiler: calls of @wordpress/i18n's __, _x, _n and _nx), with translators' comments and source files.
 *
 *   npm run i18n:pot                        # writes plugin/languages/interlinker.pot
 *   npx tsx scripts/make-pot.ts --check     # exits 1 when the committed file differs from the sources
 *
 * References name the file, not the line (as xgettext --add-location=file): the template changes when a string,
 * its comment or its file does, not whenever code above it moves.
 *
 * A call without the plugin's text domain, with a string that is not a literal, or a `translators:` comment that
 * reaches no call is a problem: the script names it and exits 1. test/plugin/translations-pot.test.ts runs the check.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const TEXT_DOMAIN = 'interlinker';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const POT_FILE = path.join(root, 'plugin/languages/interlinker.pot');
const PLUGIN_FILE = 'plugin/interlinker.php';

/** One call of a translation function, as found in a source file. */
export interface GettextCall {
  /** Relative to the repository, with forward slashes. */
  file: string;
  line: number;
  name: string;
  /** Each argument's string value when it is a literal, else null. */
  args: (string | null)[];
  comment: string | null;
}

export interface OrphanComment {
  file: string;
  line: number;
  comment: string;
}

export interface FoundCalls {
  calls: GettextCall[];
  orphanComments: OrphanComment[];
}

/** Where each function takes its strings (argument positions), as in WordPress and @wordpress/i18n. */
interface Keyword {
  msgid: number;
  plural?: number;
  context?: number;
  domain: number;
}

const SINGULAR: Keyword = { msgid: 0, domain: 1 };
const WITH_CONTEXT: Keyword = { msgid: 0, context: 1, domain: 2 };
const PLURAL: Keyword = { msgid: 0, plural: 1, domain: 3 };
const PLURAL_WITH_CONTEXT: Keyword = { msgid: 0, plural: 1, context: 3, domain: 4 };

const PHP_KEYWORDS: Record<string, Keyword> = {
  __: SINGULAR,
  _e: SINGULAR,
  esc_html__: SINGULAR,
  esc_html_e: SINGULAR,
  esc_attr__: SINGULAR,
  esc_attr_e: SINGULAR,
  _x: WITH_CONTEXT,
  _ex: WITH_CONTEXT,
  esc_html_x: WITH_CONTEXT,
  esc_attr_x: WITH_CONTEXT,
  _n: PLURAL,
  _nx: PLURAL_WITH_CONTEXT,
  _n_noop: { msgid: 0, plural: 1, domain: 2 },
  _nx_noop: { msgid: 0, plural: 1, context: 2, domain: 3 },
};

export const SCRIPT_KEYWORDS: Record<string, Keyword> = { __: SINGULAR, _x: WITH_CONTEXT, _n: PLURAL, _nx: PLURAL_WITH_CONTEXT };

/** Files below `dir` (relative to the repository) whose names pass `keep`, sorted. */
function filesUnder(dir: string, keep: (name: string) => boolean, skip: ReadonlySet<string>): string[] {
  const found: string[] = [];
  const walk = (relative: string): void => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      const child = `${relative}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!skip.has(entry.name)) walk(child);
      } else if (keep(entry.name)) {
        found.push(child);
      }
    }
  };
  walk(dir);
  return found.sort();
}

export function pluginPhpFiles(): string[] {
  return filesUnder('plugin', (name) => name.endsWith('.php'), new Set(['build', 'node_modules', 'languages']));
}

export function adminUiFiles(): string[] {
  return filesUnder('admin-ui/src', (name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$|\.d\.ts$/.test(name), new Set(['node_modules', '__tests__']));
}

/** The PHP files' translation calls, read by scripts/php-gettext-calls.php. */
export function phpCalls(files: readonly string[], base = root): FoundCalls {
  if (files.length === 0) return { calls: [], orphanComments: [] };
  const json = execFileSync('php', [path.join(root, 'scripts/php-gettext-calls.php'), base, ...files.map((file) => path.resolve(base, file))], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(json) as FoundCalls;
}

/** "/* translators: x. *\/" → "translators: x." */
function commentText(raw: string): string {
  const body = raw.startsWith('//') ? raw.slice(2) : raw.replace(/^\/\*+/, '').replace(/\*+\/$/, '');
  return body
    .split('\n')
    .map((line) => line.replace(/^\s*\*/, '').trim())
    .filter((line) => line !== '')
    .join(' ');
}

/** A literal argument's value: a string, a template without substitutions, or such literals joined with `+`. */
function literalValue(node: ts.Expression): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isParenthesizedExpression(node)) return literalValue(node.expression);
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const left = literalValue(node.left);
    const right = literalValue(node.right);
    return left === null || right === null ? null : left + right;
  }
  return null;
}

/** The calls of @wordpress/i18n's functions in one TypeScript source (`file` only names it in the result). */
export function scriptCalls(file: string, text: string): FoundCalls {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const lineOf = (position: number): number => source.getLineAndCharacterOfPosition(position).line + 1;

  // Local name → the i18n function it is (import { __, _n as plural }), and namespace imports (import * as i18n).
  const imported = new Map<string, string>();
  const namespaces = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier) || statement.moduleSpecifier.text !== '@wordpress/i18n') continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) namespaces.add(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements) imported.set(element.name.text, (element.propertyName ?? element.name).text);
    }
  }

  // Every comment is in the trivia before some token (TypeScript calls those on the previous token's line trailing,
  // the others leading). JSX text is no trivia: where a node starts with it, nothing there is read as a comment.
  const jsxText = new Set<number>();
  const findJsxText = (node: ts.Node): void => {
    if (node.kind === ts.SyntaxKind.JsxText) jsxText.add(node.pos);
    node.forEachChild(findJsxText);
  };
  findJsxText(source);
  const comments = new Map<number, { text: string; start: number; end: number }>();
  const calls: (GettextCall & { start: number })[] = [];
  const visit = (node: ts.Node): void => {
    if (!jsxText.has(node.pos)) {
      for (const range of [...(ts.getTrailingCommentRanges(text, node.pos) ?? []), ...(ts.getLeadingCommentRanges(text, node.pos) ?? [])]) {
        const value = commentText(text.slice(range.pos, range.end));
        if (/^translators:/i.test(value)) comments.set(range.pos, { text: value, start: range.pos, end: range.end });
      }
    }
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      let name: string | undefined;
      if (ts.isIdentifier(callee)) name = imported.get(callee.text);
      else if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && namespaces.has(callee.expression.text)) name = callee.name.text;
      if (name !== undefined && name in SCRIPT_KEYWORDS) {
        const start = node.getStart(source);
        calls.push({ file, line: lineOf(start), name, args: node.arguments.map(literalValue), comment: null, start });
      }
    }
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);

  // As for PHP: the nearest translators comment before the call that ends on its line or the line before.
  const ordered = [...comments.values()].sort((a, b) => a.start - b.start);
  const used = new Set<number>();
  for (const call of calls) {
    const comment = ordered.filter((c) => c.end <= call.start && lineOf(c.end) >= call.line - 1).at(-1);
    if (comment) {
      call.comment = comment.text;
      used.add(comment.start);
    }
  }
  return {
    calls: calls.map(({ start: _start, ...call }) => call),
    orphanComments: ordered.filter((c) => !used.has(c.start)).map((c) => ({ file, line: lineOf(c.start), comment: c.text })),
  };
}

/** A string the template holds, with every place it comes from. */
export interface PotEntry {
  context?: string;
  msgid: string;
  plural?: string;
  comments: string[];
  references: string[];
  phpFormat: boolean;
}

/** printf placeholders, as WP-CLI recognises them for the php-format flag. */
const PLACEHOLDER = /(?:[^%]|^)(?:%%)*%(?:\d+\$)?[+-]?(?:[ 0]|'.)?-?\d*(?:\.\d+)?[bcdeEfFgGosuxX]/;

/** The plugin header fields WordPress translates, as WP-CLI names them. */
const HEADER_FIELDS = ['Plugin Name', 'Plugin URI', 'Description', 'Author', 'Author URI'];

/** The plugin header's translatable fields, read as WordPress's get_file_data() reads them. */
export function headerStrings(file = PLUGIN_FILE): { entries: PotEntry[]; version: string; name: string } {
  const head = readFileSync(path.join(root, file), 'utf8').slice(0, 8192).replace(/\r/g, '\n');
  const field = (label: string): string => {
    const match = new RegExp(`^(?:[ \\t]*<\\?php)?[ \\t/*#@]*${label}:(.*)$`, 'mi').exec(head);
    return (match?.[1] ?? '').replace(/\s*(?:\*\/|\?>).*/, '').trim();
  };
  const entries = HEADER_FIELDS.filter((label) => field(label) !== '').map((label) => ({
    msgid: field(label),
    comments: [`${label} of the plugin`],
    references: [file],
    phpFormat: false,
  }));
  return { entries, version: field('Version'), name: field('Plugin Name') };
}

/** The template's entries from the calls, in the order first found, and what is wrong with the sources. */
export function potEntries(phpFound: FoundCalls, scriptFound: FoundCalls, first: PotEntry[] = []): { entries: PotEntry[]; problems: string[] } {
  const problems: string[] = [];
  const byKey = new Map<string, PotEntry>();
  for (const entry of first) {
    const key = `${entry.context ?? ''}\u0004${entry.msgid}`;
    const known = byKey.get(key);
    if (known) known.comments.push(...entry.comments.filter((comment) => !known.comments.includes(comment)));
    else byKey.set(key, { ...entry, comments: [...entry.comments], references: [...entry.references] });
  }

  const add = (call: GettextCall, keyword: Keyword, php: boolean): void => {
    const where = `${call.file}:${call.line}`;
    const arg = (index: number | undefined): string | null | undefined => (index === undefined ? undefined : call.args[index]);
    const domain = arg(keyword.domain);
    if (domain !== TEXT_DOMAIN) {
      problems.push(`${where}: ${call.name}() ${domain === undefined ? 'has no text domain' : `has the text domain ${domain === null ? '(not a literal)' : `'${domain}'`}`}, not '${TEXT_DOMAIN}'`);
      return;
    }
    const msgid = arg(keyword.msgid);
    const plural = arg(keyword.plural);
    const context = arg(keyword.context);
    if (msgid === null || msgid === undefined || plural === null || context === null || msgid === '') {
      problems.push(`${where}: ${call.name}() needs string literals (a translator never sees a computed string)`);
      return;
    }
    const key = `${context ?? ''}\u0004${msgid}`;
    let entry = byKey.get(key);
    if (!entry) {
      entry = { ...(context === undefined ? {} : { context }), msgid, comments: [], references: [], phpFormat: false };
      byKey.set(key, entry);
    }
    if (plural !== undefined) {
      if (entry.plural !== undefined && entry.plural !== plural) problems.push(`${where}: "${msgid}" has two plural forms ("${entry.plural}", "${plural}")`);
      entry.plural ??= plural;
    }
    if (call.comment !== null && !entry.comments.includes(call.comment)) entry.comments.push(call.comment);
    if (!entry.references.includes(call.file)) entry.references.push(call.file);
    if (php && (PLACEHOLDER.test(msgid) || (plural !== undefined && PLACEHOLDER.test(plural)))) entry.phpFormat = true;
  };

  for (const [found, keywords, php] of [
    [phpFound, PHP_KEYWORDS, true],
    [scriptFound, SCRIPT_KEYWORDS, false],
  ] as const) {
    for (const call of found.calls) {
      const keyword = keywords[call.name];
      if (keyword) add(call, keyword, php);
    }
    for (const orphan of found.orphanComments) problems.push(`${orphan.file}:${orphan.line}: "${orphan.comment}" is on no translation call (put it on the line above the call)`);
  }
  return { entries: [...byKey.values()], problems };
}

/** A PO string: quotes and backslashes escaped, line breaks kept as \n with the text split after each. */
export function poString(value: string): string {
  const escaped = value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\t/g, '\\t').replace(/\r/g, '\\r');
  const lines = escaped.split('\n');
  if (lines.length === 1) return `"${escaped}"`;
  const parts = lines.map((line, index) => (index < lines.length - 1 ? `${line}\\n` : line)).filter((part) => part !== '');
  return ['""', ...parts.map((part) => `"${part}"`)].join('\n');
}

export function potSource(entries: readonly PotEntry[], project: { name: string; version: string }): string {
  const header = [
    `# Translation template of ${project.name}. Made by scripts/make-pot.ts (npm run i18n:pot): do not edit by hand.`,
    '# This file is distributed under the GPL-2.0-or-later.',
    'msgid ""',
    'msgstr ""',
    `"Project-Id-Version: ${project.name} ${project.version}\\n"`,
    '"Report-Msgid-Bugs-To: \\n"',
    '"Last-Translator: FULL NAME <EMAIL@ADDRESS>\\n"',
    '"Language-Team: LANGUAGE <LL@li.org>\\n"',
    '"MIME-Version: 1.0\\n"',
    '"Content-Type: text/plain; charset=UTF-8\\n"',
    '"Content-Transfer-Encoding: 8bit\\n"',
    '"PO-Revision-Date: YEAR-MO-DA HO:MI+ZONE\\n"',
    '"X-Generator: scripts/make-pot.ts\\n"',
    `"X-Domain: ${TEXT_DOMAIN}\\n"`,
  ].join('\n');
  const blocks = entries.map((entry) =>
    [
      ...entry.comments.map((comment) => `#. ${comment}`),
      ...entry.references.map((reference) => `#: ${reference}`),
      ...(entry.phpFormat ? ['#, php-format'] : []),
      ...(entry.context === undefined ? [] : [`msgctxt ${poString(entry.context)}`]),
      `msgid ${poString(entry.msgid)}`,
      ...(entry.plural === undefined ? ['msgstr ""'] : [`msgid_plural ${poString(entry.plural)}`, 'msgstr[0] ""', 'msgstr[1] ""']),
    ].join('\n'),
  );
  return `${[header, ...blocks].join('\n\n')}\n`;
}

/** The template the current sources make, and their problems. */
export function makePot(): { source: string; problems: string[]; count: number } {
  const header = headerStrings();
  const scripts: FoundCalls = { calls: [], orphanComments: [] };
  for (const file of adminUiFiles()) {
    const found = scriptCalls(file, readFileSync(path.join(root, file), 'utf8'));
    scripts.calls.push(...found.calls);
    scripts.orphanComments.push(...found.orphanComments);
  }
  const { entries, problems } = potEntries(phpCalls(pluginPhpFiles()), scripts, header.entries);
  return { source: potSource(entries, header), problems, count: entries.length };
}

function main(): void {
  const { source, problems, count } = makePot();
  for (const problem of problems) console.error(`make-pot: ${problem}`);
  if (process.argv.includes('--check')) {
    let committed = '';
    try {
      committed = readFileSync(POT_FILE, 'utf8');
    } catch {
      // No file yet: it differs.
    }
    if (committed !== source) {
      console.error(`make-pot: ${path.relative(root, POT_FILE)} is out of date with the sources: run npm run i18n:pot and commit it`);
      process.exitCode = 1;
    }
  } else {
    writeFileSync(POT_FILE, source);
    console.log(`make-pot: ${count} strings in ${path.relative(root, POT_FILE)}`);
  }
  if (problems.length > 0) process.exitCode = 1;
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
