// The ESLint gate (run by scripts/lint.sh): WordPress's recommended rules for the admin UI, typescript-eslint's
// recommended rules for the admin UI, the bridge and the code around it (tests, scripts, benchmarks), and for the
// bridge WordPress's rules that are not about formatting or the browser (see the bridge's block below). ESLint 8.57
// reads this flat config; @wordpress/eslint-plugin 22 ships its config in the older format only, hence FlatCompat.
// That plugin is the one @wordpress/scripts (the admin UI's build) depends on, so the rules are those of
// `wp-scripts lint-js` for the pinned WordPress release; eslint-plugin-import and eslint-plugin-jsdoc come with it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FlatCompat } from '@eslint/eslintrc';
import js from '@eslint/js';
import tsPlugin from '@typescript-eslint/eslint-plugin';
import tsParser from '@typescript-eslint/parser';
import wordpress from '@wordpress/eslint-plugin';
import importPlugin from 'eslint-plugin-import';
import jsdoc from 'eslint-plugin-jsdoc';
import globals from 'globals';

const root = path.dirname(fileURLToPath(import.meta.url));
const compat = new FlatCompat({ baseDirectory: root, resolvePluginsRelativeTo: root });

// The admin UI's unit tests are admin UI code (admin-ui/tsconfig.json checks them, Prettier formats them).
const adminUi = ['admin-ui/src/**/*.{ts,tsx}', 'admin-ui/webpack.config.js', 'test/admin-ui/**/*.ts'];
const bridge = ['bridge/src/**/*.ts', 'bridge/bin/*.js'];
// The code around the service: suites, their support code, scripts, the benchmarks (and their few .mjs).
const toolingTs = ['test/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts'];
const tooling = [...toolingTs, 'test/**/*.mjs', 'scripts/**/*.mjs'];
const notTooling = ['test/admin-ui/**'];

// The codebase's convention for a parameter or binding that must exist but is not used (express's four-argument
// error handler, a property dropped by destructuring): a leading underscore, as tsc's noUnusedParameters allows.
const unusedVars = [
  'error',
  { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
];

/** Node code in TypeScript (and a few .js/.mjs files): eslint:recommended and typescript-eslint's recommended set. */
function nodeTypeScript({ files, typeScript, ignores = [] }) {
  return [
    { files, ignores, ...js.configs.recommended },
    { files, ignores, languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: globals.node } },
    {
      files: typeScript,
      ignores,
      languageOptions: { parser: tsParser },
      plugins: { '@typescript-eslint': tsPlugin },
      rules: {
        ...tsPlugin.configs['eslint-recommended'].overrides[0].rules,
        ...tsPlugin.configs.recommended.rules,
        '@typescript-eslint/no-unused-vars': unusedVars,
      },
    },
  ];
}

export default [
  { ignores: ['**/node_modules/', '**/dist/', 'plugin/build/', '**/*.d.ts'] },
  { linterOptions: { reportUnusedDisableDirectives: true } },

  // Admin UI: @wordpress/eslint-plugin's recommended config (what `wp-scripts lint-js` applies, TypeScript-aware:
  // its own override parses .ts/.tsx with @typescript-eslint/parser), then typescript-eslint's recommended rules.
  ...compat.extends('plugin:@wordpress/eslint-plugin/recommended').map((config) => ({ ...config, files: adminUi })),
  {
    files: ['admin-ui/src/**/*.{ts,tsx}', 'test/admin-ui/**/*.ts'],
    rules: tsPlugin.configs.recommended.rules,
  },
  {
    files: adminUi,
    rules: {
      // Formatting is not a gate: the recommended config turns Prettier into lint errors; whitespace is reviewed, not
      // enforced (the sources follow WordPress's Prettier style, the hand-aligned webpack config does not).
      'prettier/prettier': 'off',
      // Every translatable string belongs to the plugin's text domain (the rule accepts any domain by default).
      '@wordpress/i18n-text-domain': ['error', { allowedTextDomain: 'interlinker' }],
      '@typescript-eslint/no-unused-vars': unusedVars,
    },
  },

  // Bridge: eslint:recommended plus typescript-eslint's recommended set (v6, the release @wordpress/scripts brings).
  ...nodeTypeScript({ files: bridge, typeScript: ['bridge/src/**/*.ts'] }),
  // Bridge: the part of WordPress's rules that is about correctness, not layout. From @wordpress/eslint-plugin's
  // recommended config (its esnext/es5 lists, its TypeScript override, its custom rules and its JSDoc checks) the bridge
  // takes the rules that catch bugs or dead code in any TypeScript. Not taken: the WordPress JS coding style's
  // formatting (tab indent, spaces inside parentheses, brackets and template braces, quotes, semicolons, JSDoc
  // alignment), which the bridge, like any Prettier-formatted code, leaves to review; `curly` (braceless one-line
  // guards are the bridge's house style); `no-mixed-operators` (the scoring arithmetic reads as maths; Prettier's
  // config turns it off too); `no-bitwise` (the engine hashes); `require-param`-style JSDoc (types are in TypeScript,
  // comments say why); and the rules for browsers, React, i18n, @wordpress/* packages and WordPress globals
  // (`no-global-active-element`, `no-global-get-selection`, `no-unsafe-wp-apis`, `no-wp-process-env`, `i18n-*`,
  // `valid-sprintf`, `dependency-group`, `wp-global-usage`), which have nothing to check in a Node service.
  {
    files: ['bridge/src/**/*.ts'],
    plugins: { '@wordpress': wordpress, import: importPlugin, jsdoc },
    rules: {
      'array-callback-return': 'error',
      camelcase: ['error', { properties: 'never' }],
      'dot-notation': 'error',
      eqeqeq: 'error',
      'no-caller': 'error',
      'no-console': 'error',
      'no-else-return': 'error',
      'no-eval': 'error',
      'no-lonely-if': 'error',
      'no-multi-str': 'error',
      'no-nested-ternary': 'error',
      'no-undef-init': 'error',
      'no-useless-computed-key': 'error',
      'no-useless-return': 'error',
      'no-with': 'error',
      'object-shorthand': 'error',
      'prefer-const': ['error', { destructuring: 'all' }],
      // WordPress's TypeScript override: the TypeScript-aware forms of no-shadow, no-useless-constructor and
      // no-unused-expressions, one import per module, and function-property signatures (checked contravariantly).
      '@typescript-eslint/no-shadow': 'error',
      '@typescript-eslint/no-unused-expressions': 'error',
      '@typescript-eslint/no-useless-constructor': 'error',
      'import/no-duplicates': 'error',
      '@typescript-eslint/method-signature-style': 'error',
      '@wordpress/no-unused-vars-before-return': 'error',
      // JSDoc that contradicts the code: a @param naming no parameter, an unknown tag, a @returns on a void function.
      'jsdoc/check-access': 'error',
      'jsdoc/check-param-names': 'error',
      'jsdoc/check-property-names': 'error',
      'jsdoc/check-tag-names': 'error',
      'jsdoc/empty-tags': 'error',
      'jsdoc/implements-on-classes': 'error',
      'jsdoc/require-returns-check': 'error',
      'jsdoc/valid-types': 'error',
    },
  },
  // The command line's output is its answer (the service logs through pino).
  { files: ['bridge/src/cli.ts'], rules: { 'no-console': 'off' } },

  // The code around the service: the test suites and their support code, the scripts and the benchmarks, with the
  // bridge's rules. The suites import from vitest (no vitest globals).
  ...nodeTypeScript({ files: tooling, typeScript: toolingTs, ignores: notTooling }),

  // Layering: http/ (auth, rate limit, validation, rendering) sits above the resources, so services, repositories,
  // the indexes, the engine and the database never import from it. A resource's routes and its contract schemas
  // (request and response bodies, also published as OpenAPI) are its HTTP edge and may.
  {
    files: ['bridge/src/{accounts,analytics,implementations,pages,projects,suggestions,indexing,engine,db}/**/*.ts'],
    ignores: ['bridge/src/*/*.routes.ts', 'bridge/src/*/*.schemas.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/http/**', '**/http'],
              message: 'Only http/, app.ts and a resource\'s routes and schemas depend on the HTTP layer: move what is shared out of http/ (as pagination.ts and errors.ts).',
            },
          ],
        },
      ],
    },
  },
];
