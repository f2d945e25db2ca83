import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { moFile, parsePo, scriptTranslations } from '../../scripts/compile-translations.js';
import { makePot, phpCalls, poString, POT_FILE, potEntries, scriptCalls, type FoundCalls } from '../../scripts/make-pot.js';

const none: FoundCalls = { calls: [], orphanComments: [] };
const scratch = mkdtempSync(path.join(tmpdir(), 'interlinker-pot-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The calls PHP's tokenizer finds in one PHP source. */
function phpSource(source: string): FoundCalls {
  writeFileSync(path.join(scratch, 'sample.php'), source);
  return phpCalls(['sample.php'], scratch);
}

describe('the translation template plugin/languages/interlinker.pot', () => {
  it('when the PHP and the admin UI are read again, then the result is the committed .pot and no call is wrong', () => {
    const { source, problems, count } = makePot();

    expect(problems).toEqual([]);
    expect(count).toBeGreaterThan(300);
    expect(readFileSync(POT_FILE, 'utf8'), 'run npm run i18n:pot and commit plugin/languages/interlinker.pot').toBe(source);
  });

  it('when the template is read, then it holds the menu titles from PHP and the screens’ strings from React, each with its source file', () => {
    const pot = readFileSync(POT_FILE, 'utf8');

    expect(pot).toMatch(/#: plugin\/includes\/Admin\/Admin_Screens\.php\n(#: .*\n)*msgid "Link health"/);
    expect(pot).toMatch(/#: admin-ui\/src\/lib\/error-message\.ts\n(#: .*\n)*msgid "Interlinker is not connected yet"/);
    expect(pot).toContain('#. translators: %d: number of suggestions.');
    expect(pot).toContain('msgid_plural "%d suggestions"');
  });
});

describe('reading PHP for translatable strings', () => {
  it('when strings hold quotes, escapes and joins, then each comes out as PHP reads it', () => {
    const { calls } = phpSource(`<?php
      __( 'It\\'s a \\\\ backslash', 'interlinker' );
      __( "Tab\\there, \\"quoted\\", \\x41\\101\\u{e9} \\$5", 'interlinker' );
      __( 'Joined ' . "with" . ' dots', 'interlinker' );
      esc_html__( 'No "__(" here', 'interlinker' );
    `);

    expect(calls.map((call) => call.args[0])).toEqual(['It\'s a \\ backslash', 'Tab\there, "quoted", AAé $5', 'Joined with dots', 'No "__(" here']);
  });

  it('when __ appears in a comment, a string, a method or a declaration, then it is no call', () => {
    const { calls } = phpSource(`<?php
      // __( 'in a line comment', 'interlinker' );
      /* __( 'in a block comment', 'interlinker' ); */
      $a = "__( 'in a string', 'interlinker' )";
      $object->__( 'a method', 'interlinker' );
      Some_Class::__( 'a static method', 'interlinker' );
      function __x() {}
      \\__( 'fully qualified', 'interlinker' );
    `);

    expect(calls.map((call) => call.args[0])).toEqual(['fully qualified']);
  });

  it('when calls take a context, a plural or a computed value, then each argument is told apart', () => {
    const { calls } = phpSource(`<?php
      _x( 'Post', 'noun', 'interlinker' );
      _n( '%d link', '%d links', count( $links ), 'interlinker' );
      _nx( '%d run', '%d runs', $n, 'sync', 'interlinker', );
      __( $message, 'interlinker' );
      __( sprintf( 'x' ), 'interlinker' );
    `);

    expect(calls.map((call) => [call.name, call.args])).toEqual([
      ['_x', ['Post', 'noun', 'interlinker']],
      ['_n', ['%d link', '%d links', null, 'interlinker']],
      ['_nx', ['%d run', '%d runs', null, 'sync', 'interlinker']],
      ['__', [null, 'interlinker']],
      ['__', [null, 'interlinker']],
    ]);
  });

  it('when a translators comment is on the line above a call or on its line, then it belongs to that call; farther away, it is an orphan', () => {
    const { calls, orphanComments } = phpSource(`<?php
      /* translators: %s: post title. */
      printf( __( 'Editing %s', 'interlinker' ), $title );
      $b = sprintf( /* translators: %d: count. */ __( '%d posts', 'interlinker' ), 3 );
      /*
       * Translators: 1: first, 2: second.
       */
      $c = __( '%1$s and %2$s', 'interlinker' );
      // translators: nothing below.

      $d = 1;
    `);

    expect(calls.map((call) => call.comment)).toEqual(['translators: %s: post title.', 'translators: %d: count.', 'Translators: 1: first, 2: second.']);
    expect(orphanComments).toEqual([{ file: 'sample.php', line: 9, comment: 'translators: nothing below.' }]);
  });
});

describe('reading the admin UI for translatable strings', () => {
  it('when @wordpress/i18n is imported by name, renamed or as a namespace, then its calls are found and other functions named __ are not', () => {
    const { calls } = scriptCalls(
      'admin-ui/src/sample.tsx',
      `import { __, _n as plural, sprintf } from '@wordpress/i18n';
       import * as i18n from '@wordpress/i18n';
       import { __ as other } from './elsewhere';
       export const a = __( 'Plain', 'interlinker' );
       export const b = sprintf( plural( '%d item', '%d items', 2, 'interlinker' ), 2 );
       export const c = i18n._x( 'Run', 'verb', 'interlinker' );
       export const d = other( 'Not i18n', 'interlinker' );
       export const e = __( \`Template\`, 'interlinker' ) + __( 'Joined ' + "string", 'interlinker' );`,
    );

    expect(calls.map((call) => [call.name, call.args])).toEqual([
      ['__', ['Plain', 'interlinker']],
      ['_n', ['%d item', '%d items', null, 'interlinker']],
      ['_x', ['Run', 'verb', 'interlinker']],
      ['__', ['Template', 'interlinker']],
      ['__', ['Joined string', 'interlinker']],
    ]);
  });

  it('when JSX text looks like a comment or a call, then it is neither; a comment in a JSX expression still reaches its call', () => {
    const { calls, orphanComments } = scriptCalls(
      'admin-ui/src/sample.tsx',
      `import { __, sprintf } from '@wordpress/i18n';
       export const View = () => (
         <p>
           // translators: only text.
           __( 'only text', 'interlinker' )
           {/* translators: %s: name. */}
           {sprintf( __( 'Hello %s', 'interlinker' ), name )}
         </p>
       );`,
    );

    expect(calls.map((call) => [call.args[0], call.comment])).toEqual([['Hello %s', 'translators: %s: name.']]);
    expect(orphanComments).toEqual([]);
  });
});

describe('the template’s entries', () => {
  it('when one string is used in PHP and in the UI, then it is one entry with both places; a wrong domain or a computed string is a problem', () => {
    const php: FoundCalls = {
      calls: [
        { file: 'plugin/a.php', line: 3, name: '__', args: ['Saved %s', 'interlinker'], comment: 'translators: %s: when.' },
        { file: 'plugin/a.php', line: 4, name: '__', args: ['Other domain', 'default'], comment: null },
        { file: 'plugin/a.php', line: 5, name: '_e', args: ['No domain'], comment: null },
      ],
      orphanComments: [],
    };
    const scripts: FoundCalls = {
      calls: [
        { file: 'admin-ui/src/b.tsx', line: 9, name: '__', args: ['Saved %s', 'interlinker'], comment: null },
        { file: 'admin-ui/src/b.tsx', line: 10, name: '__', args: [null, 'interlinker'], comment: null },
      ],
      orphanComments: [{ file: 'admin-ui/src/b.tsx', line: 20, comment: 'translators: lost.' }],
    };

    const { entries, problems } = potEntries(php, scripts);

    expect(entries).toEqual([
      { msgid: 'Saved %s', comments: ['translators: %s: when.'], references: ['plugin/a.php', 'admin-ui/src/b.tsx'], phpFormat: true },
    ]);
    expect(problems).toEqual([
      "plugin/a.php:4: __() has the text domain 'default', not 'interlinker'",
      "plugin/a.php:5: _e() has no text domain, not 'interlinker'",
      'admin-ui/src/b.tsx:10: __() needs string literals (a translator never sees a computed string)',
      'admin-ui/src/b.tsx:20: "translators: lost." is on no translation call (put it on the line above the call)',
    ]);
    expect(potEntries(none, none).entries).toEqual([]);
  });

  it('when a string holds quotes, backslashes or line breaks, then the PO text escapes them', () => {
    expect(poString('Say "hi" \\ bye')).toBe('"Say \\"hi\\" \\\\ bye"');
    expect(poString('one\ntwo\n')).toBe('""\n"one\\n"\n"two\\n"');
  });
});

describe('compiling a translator’s .po (npm run i18n:compile)', () => {
  const po = [
    'msgid ""',
    'msgstr ""',
    '"Language: de_DE\\n"',
    '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"',
    '',
    '#: admin-ui/src/a.tsx:1',
    'msgctxt "verb"',
    'msgid "Run"',
    'msgstr "Ausführen"',
    '',
    '#: admin-ui/src/a.tsx:2',
    'msgid ""',
    '"Two \\"quoted\\"\\n"',
    '"lines"',
    'msgstr "Zwei \\"zitierte\\"\\nZeilen"',
    '#: admin-ui/src/a.tsx:3 plugin/a.php:4',
    'msgid "%d link"',
    'msgid_plural "%d links"',
    'msgstr[0] "%d Link"',
    'msgstr[1] "%d Links"',
    '',
    '#: plugin/a.php:5',
    'msgid "Only PHP"',
    'msgstr "Nur PHP"',
    '',
    '#, fuzzy',
    '#: admin-ui/src/a.tsx:6',
    'msgid "Unsure"',
    'msgstr "Unsicher"',
    '',
    '#: admin-ui/src/a.tsx:7',
    'msgid "Untranslated"',
    'msgstr ""',
    '',
    '#~ msgid "Obsolete"',
    '#~ msgstr "Veraltet"',
  ].join('\n');

  it('when entries hold a context, continued lines, plurals and flags, then each is read as gettext means it', () => {
    const entries = parsePo(po);

    expect(entries.map((entry) => [entry.context, entry.msgid, entry.plural, entry.translations, entry.flags])).toEqual([
      [undefined, '', undefined, ['Language: de_DE\nPlural-Forms: nplurals=2; plural=(n != 1);\n'], []],
      ['verb', 'Run', undefined, ['Ausführen'], []],
      [undefined, 'Two "quoted"\nlines', undefined, ['Zwei "zitierte"\nZeilen'], []],
      [undefined, '%d link', '%d links', ['%d Link', '%d Links'], []],
      [undefined, 'Only PHP', undefined, ['Nur PHP'], []],
      [undefined, 'Unsure', undefined, ['Unsicher'], ['fuzzy']],
      [undefined, 'Untranslated', undefined, [''], []],
    ]);
    expect(entries[3]?.references).toEqual(['admin-ui/src/a.tsx:3', 'plugin/a.php:4']);
  });

  it('when the scripts’ JSON is made, then it holds the translated, settled strings of the admin UI in Jed’s shape', () => {
    const data = JSON.parse(scriptTranslations(parsePo(po))) as { locale_data: { messages: Record<string, unknown> } };

    expect(data.locale_data.messages).toEqual({
      '': { domain: 'messages', lang: 'de_DE', 'plural-forms': 'nplurals=2; plural=(n != 1);' },
      'verb\u0004Run': ['Ausführen'],
      'Two "quoted"\nlines': ['Zwei "zitierte"\nZeilen'],
      '%d link': ['%d Link', '%d Links'],
    });
  });

  it('when the .mo is made, then its tables hold the header and the translated strings sorted, plurals joined by NUL', () => {
    const mo = moFile(parsePo(po));
    const count = mo.readUInt32LE(8);
    const read = (table: number, index: number): string => {
      const length = mo.readUInt32LE(table + index * 8);
      const offset = mo.readUInt32LE(table + index * 8 + 4);
      return mo.subarray(offset, offset + length).toString('utf8');
    };
    const pairs = Array.from({ length: count }, (_, index) => [read(mo.readUInt32LE(12), index), read(mo.readUInt32LE(16), index)]);

    expect(mo.readUInt32LE(0)).toBe(0x950412de);
    expect(pairs).toEqual([
      ['', 'Language: de_DE\nPlural-Forms: nplurals=2; plural=(n != 1);\n'],
      ['%d link\u0000%d links', '%d Link\u0000%d Links'],
      ['Only PHP', 'Nur PHP'],
      ['Two "quoted"\nlines', 'Zwei "zitierte"\nZeilen'],
      ['verb\u0004Run', 'Ausführen'],
    ]);
  });
});
