// The ESLint gate (run by scripts/lint.sh): WordPress's recommended rules for the admin UI, typescript-eslint's
// recommended rules for the admin UI, the bridge and the code around it (tests, scripts, benchmarks). ESLint 8.57 reads this flat config; @wordpress/eslint-plugin 22
// ships its config in the older format only, hence FlatCompat. That plugin is the one @wordpress/scripts (the admin
// UI's build) depends on, so the rules are those of `wp-scripts lint-js` for the pinned WordPress release.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FlatCompat } from '@eslint/eslintrc';
import js from '@eslint/js';
import tsPlugin from '@typescript-eslint/eslint-plugin';
import tsParser from '@typescript-eslint/parser';
import globals from 'globals';

const root = path.dirname(fileURLToPath(import.meta.url));
const compat = new FlatCompat({ baseDirectory: root, resolvePluginsRelativeTo: root });

// The admin UI's unit tests are admin UI code (admin-ui/tsconfig.json checks them, Prettier formats them).
const adminUi = ['admin-ui/src/**/*.{ts,tsx}', 'admin-ui/webpack.config.js', 'test/admin-ui/**/*.ts'];
const bridge = ['bridge/src/**/*.ts', 'bridge/bin/*.js'];
// The code around the service: suites, their support code, scripts, the non-quality benchmarks (and their few .mjs).
const toolingTs = ['test/**/*.ts', 'scripts/**/*.ts', 'bench/{http,memory,speed,hostile}/**/*.ts'];
const tooling = [...toolingTs, 'test/**/*.mjs', 'scripts/**/*.mjs'];
// test/engine and test/bench are being reworked in parallel: they join `tooling` once that lands.
const notTooling = ['test/admin-ui/**', 'test/engine/**', 'test/bench/**'];

// The codebase's convention for a parameter or binding that must exist but is not used (express's four-argument
// error handler, a property dropped by destructuring): a leading underscore, as tsc's noUnusedParameters allows.
const unusedVars = [
  'error',
  { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
];

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
  { files: bridge, ...js.configs.recommended },
  {
    files: bridge,
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: globals.node },
  },
  {
    files: ['bridge/src/**/*.ts'],
    languageOptions: { parser: tsParser },
    plugins: { '@typescript-eslint': tsPlugin },
    rules: {
      ...tsPlugin.configs['eslint-recommended'].overrides[0].rules,
      ...tsPlugin.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': unusedVars,
    },
  },
  // The code around the service: the test suites and their support code, the scripts and the HTTP, memory, speed and
  // hostile-input benchmarks, with the bridge's rules. The suites import from vitest (no vitest globals).
  { files: tooling, ignores: notTooling, ...js.configs.recommended },
  {
    files: tooling,
    ignores: notTooling,
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: globals.node },
  },
  {
    files: toolingTs,
    ignores: notTooling,
    languageOptions: { parser: tsParser },
    plugins: { '@typescript-eslint': tsPlugin },
    rules: {
      ...tsPlugin.configs['eslint-recommended'].overrides[0].rules,
      ...tsPlugin.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': unusedVars,
    },
  },

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
