import { randomBytes } from 'node:crypto';

export type ConstantValue = string | number | boolean | null;

/** A PHP literal for a constant's value; strings go in single quotes, where only \ and ' need escaping. */
function phpLiteral(value: ConstantValue): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`cannot write ${value} as a PHP constant`);
    return String(value);
  }
  return `'${value.replace(/[\\']/g, (character) => `\\${character}`)}'`;
}

const saltNames = [
  'AUTH_KEY',
  'SECURE_AUTH_KEY',
  'LOGGED_IN_KEY',
  'NONCE_KEY',
  'AUTH_SALT',
  'SECURE_AUTH_SALT',
  'LOGGED_IN_SALT',
  'NONCE_SALT',
];

/** The text of a wp-config.php that defines the given constants (plus fresh salts) and boots WordPress. */
export function wpConfigFile(constants: Readonly<Record<string, ConstantValue>>): string {
  const salts = Object.fromEntries(saltNames.map((name) => [name, randomBytes(32).toString('base64')]));
  const defines = Object.entries({ ...salts, ...constants }).map(
    ([name, value]) => `define(${phpLiteral(name)}, ${phpLiteral(value)});`,
  );
  return [
    '<?php',
    '// Written by test/support/wp-site.ts for a throwaway site; rewritten on every start.',
    ...defines,
    "$table_prefix = 'wp_';",
    "if (!defined('ABSPATH')) {",
    "\tdefine('ABSPATH', __DIR__ . '/');",
    '}',
    "require_once ABSPATH . 'wp-settings.php';",
    '',
  ].join('\n');
}
