import { defineConfig } from 'vitest/config';

/**
 * One runner, four kinds of tests, the API suite on both database backends. The WordPress and browser suites share
 * one machine-wide stack each, so their files run one at a time.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'engine',
          include: ['test/engine/**/*.test.ts', 'test/bench/**/*.test.ts'],
          // The linear-time tests collect garbage before each timing (test/support/time-growth.ts).
          execArgv: ['--expose-gc'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['test/api/**/*.test.ts'],
          // With INTERLINKER_TEST_DATABASE=postgres, a PostgreSQL cluster for the run (otherwise it does nothing).
          globalSetup: ['test/support/postgres-global-setup.ts'],
          testTimeout: 30_000,
          // The linear-time tests collect garbage before each timing (test/support/time-growth.ts).
          execArgv: ['--expose-gc'],
        },
      },
      {
        // The same API suite on the second backend: a throwaway PostgreSQL 15 cluster for the run, a database a bridge.
        test: {
          name: 'api-postgres',
          include: ['test/api/**/*.test.ts'],
          env: { INTERLINKER_TEST_DATABASE: 'postgres' },
          globalSetup: ['test/support/postgres-global-setup.ts'],
          testTimeout: 30_000,
          // The linear-time tests collect garbage before each timing (test/support/time-growth.ts).
          execArgv: ['--expose-gc'],
        },
      },
      {
        test: {
          name: 'wordpress',
          include: ['test/wp-stack/**/*.test.ts', 'test/plugin/**/*.test.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          name: 'ui',
          include: ['test/admin-ui/**/*.test.ts', 'test/admin-ui/**/*.test.tsx', 'test/ui/**/*.test.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
