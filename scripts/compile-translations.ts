/**
 * Turns a translator's .po file into what WordPress loads: the .mo for the PHP strings and, for the admin UI's
 * scripts, the JSON files wp_set_script_translations() reads from plugin/languages
 * (interlinker-<locale>-<script handle>.json, in the Jed format WP-CLI's `wp i18n make-json` writes).
 *
 *   npm run i18n:compile                                        # every plugin/languages/interlinker-*.po
 *   npm run i18n:compile -- plugin/languages/interlinker-de_DE.po
 *
 * The JSON files hold the strings whose source lines are in admin-ui/src (the .pot's `#:` references), so they
 * work with this repository's references, which name the TypeScript sources, not the bundle.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LANGUAGES_DIR = path.join(root, 'plugin/languages');

/** The admin UI's script handles (Admin_Screens::SCRIPT_HANDLE and the block editor's). */
export const SCRIPT_HANDLES = ['interlinker-admin', 'interlinker-editor'];

export interface PoEntry {
  context?: string;
  msgid: string;
  plural?: string;
  /** msgstr, or msgstr[0], msgstr[1], … */
  translations: string[];
  references: string[];
  flags: string[];
}

/** A PO string's content: C escapes resolved. */
function unquote(quoted: string, where: string): string {
  const match = /^"((?:[^"\\]|\\.)*)"$/.exec(quoted.trim());
  if (!match) throw new Error(`${where}: not a PO string: ${quoted}`);
  const escapes: Record<string, string> = { n: '\n', t: '\t', r: '\r', '"': '"', '\\': '\\', a: '\x07', b: '\b', f: '\f', v: '\v' };
  return (match[1] ?? '').replace(/\\(.)/g, (_all, char: string) => escapes[char] ?? char);
}

/** The entries of a PO file, the header (msgid "") first; obsolete (#~) entries are left out. */
export function parsePo(text: string, file = 'the .po file'): PoEntry[] {
  const entries: PoEntry[] = [];
  let entry: PoEntry | undefined;
  // The field that a line holding only a string continues.
  let field: { name: 'context' | 'msgid' | 'plural' } | { name: 'translation'; index: number } | undefined;
  const fresh = (): PoEntry => ({ msgid: '', translations: [], references: [], flags: [] });
  const finish = (): void => {
    if (entry && (entry.msgid !== '' || entry.translations.length > 0)) entries.push(entry);
    entry = undefined;
    field = undefined;
  };
  const append = (value: string): void => {
    if (!entry || !field) return;
    if (field.name === 'translation') entry.translations[field.index] = (entry.translations[field.index] ?? '') + value;
    else entry[field.name] = (entry[field.name] ?? '') + value;
  };

  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    const where = `${file}:${index + 1}`;
    if (line === '' || line.startsWith('#~')) {
      if (line === '') finish();
      return;
    }
    if (line.startsWith('#')) {
      // A comment after a msgstr starts the next entry.
      if (entry && field?.name === 'translation') finish();
      entry ??= fresh();
      if (line.startsWith('#:')) entry.references.push(...line.slice(2).trim().split(/\s+/));
      if (line.startsWith('#,')) entry.flags.push(...line.slice(2).split(',').map((flag) => flag.trim()));
      return;
    }
    const keyword = /^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(".*")$/.exec(line);
    if (keyword) {
      const [, name, index = '0', quoted = ''] = keyword;
      if ((name === 'msgctxt' || name === 'msgid') && field?.name === 'translation') finish();
      entry ??= fresh();
      if (name === 'msgctxt') field = { name: 'context' };
      else if (name === 'msgid') field = { name: 'msgid' };
      else if (name === 'msgid_plural') field = { name: 'plural' };
      else field = { name: 'translation', index: Number(index) };
      if (field.name !== 'translation') entry[field.name] = '';
      append(unquote(quoted, where));
      return;
    }
    if (line.startsWith('"') && field) {
      append(unquote(line, where));
      return;
    }
    throw new Error(`${where}: cannot read "${line}"`);
  });
  finish();
  return entries;
}

/** The entries a translation file should hold: translated, not fuzzy. */
function translated(entries: readonly PoEntry[]): PoEntry[] {
  return entries.filter((entry) => entry.msgid !== '' && !entry.flags.includes('fuzzy') && entry.translations.some((t) => t !== ''));
}

/** "Language: de_DE\nPlural-Forms: …" → { Language: 'de_DE', … } */
export function poHeaders(entries: readonly PoEntry[]): Record<string, string> {
  const header = entries.find((entry) => entry.msgid === '' && entry.context === undefined)?.translations[0] ?? '';
  const fields: Record<string, string> = {};
  for (const line of header.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) fields[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return fields;
}

/** A GNU .mo file (little-endian, no hash table), as msgfmt writes it; WordPress's MO reader loads it. */
export function moFile(entries: readonly PoEntry[]): Buffer {
  const header = entries.find((entry) => entry.msgid === '' && entry.context === undefined);
  const pairs = [
    ...(header ? [{ key: Buffer.from(''), value: Buffer.from(header.translations[0] ?? '') }] : []),
    ...translated(entries).map((entry) => ({
      key: Buffer.from(`${entry.context === undefined ? '' : `${entry.context}\u0004`}${entry.msgid}${entry.plural === undefined ? '' : `\u0000${entry.plural}`}`),
      value: Buffer.from(entry.translations.join('\u0000')),
    })),
  ].sort((a, b) => Buffer.compare(a.key, b.key));

  const count = pairs.length;
  const originalsAt = 28;
  const translationsAt = originalsAt + count * 8;
  let offset = translationsAt + count * 8;
  const head = Buffer.alloc(offset);
  head.writeUInt32LE(0x950412de, 0);
  head.writeUInt32LE(0, 4); // revision
  head.writeUInt32LE(count, 8);
  head.writeUInt32LE(originalsAt, 12);
  head.writeUInt32LE(translationsAt, 16);
  head.writeUInt32LE(0, 20); // hash table size
  head.writeUInt32LE(offset, 24);
  const strings: Buffer[] = [];
  const place = (value: Buffer, table: number, index: number): void => {
    head.writeUInt32LE(value.length, table + index * 8);
    head.writeUInt32LE(offset, table + index * 8 + 4);
    strings.push(value, Buffer.from([0]));
    offset += value.length + 1;
  };
  pairs.forEach((pair, index) => place(pair.key, originalsAt, index));
  pairs.forEach((pair, index) => place(pair.value, translationsAt, index));
  return Buffer.concat([head, ...strings]);
}

/** The Jed locale data wp.i18n.setLocaleData() takes, for the strings the admin UI's sources use. */
export function scriptTranslations(entries: readonly PoEntry[]): string {
  const headers = poHeaders(entries);
  const messages: Record<string, unknown> = {
    '': { domain: 'messages', lang: headers.Language ?? '', 'plural-forms': headers['Plural-Forms'] ?? 'nplurals=2; plural=(n != 1);' },
  };
  for (const entry of translated(entries)) {
    if (!entry.references.some((reference) => reference.startsWith('admin-ui/src/'))) continue;
    messages[`${entry.context === undefined ? '' : `${entry.context}\u0004`}${entry.msgid}`] = entry.translations;
  }
  const data = {
    'translation-revision-date': headers['PO-Revision-Date'] ?? '',
    generator: 'scripts/compile-translations.ts',
    domain: 'messages',
    locale_data: { messages },
  };
  return `${JSON.stringify(data)}\n`;
}

/** Writes the .mo beside the .po and one JSON file per script handle; returns the files written. */
export function compilePo(poFile: string): string[] {
  const entries = parsePo(readFileSync(poFile, 'utf8'), poFile);
  const base = path.basename(poFile, '.po'); // interlinker-de_DE
  const dir = path.dirname(poFile);
  const written = [path.join(dir, `${base}.mo`), ...SCRIPT_HANDLES.map((handle) => path.join(dir, `${base}-${handle}.json`))];
  writeFileSync(written[0] as string, moFile(entries));
  const json = scriptTranslations(entries);
  for (const file of written.slice(1)) writeFileSync(file, json);
  return written;
}

function main(): void {
  const given = process.argv.slice(2);
  const files = given.length > 0 ? given : readdirSync(LANGUAGES_DIR).filter((name) => /^interlinker-.+\.po$/.test(name)).map((name) => path.join(LANGUAGES_DIR, name));
  if (files.length === 0) console.log('compile-translations: no plugin/languages/interlinker-<locale>.po yet');
  for (const file of files) {
    for (const written of compilePo(file)) console.log(`compile-translations: ${path.relative(root, written)}`);
  }
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
