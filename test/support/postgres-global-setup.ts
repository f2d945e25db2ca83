import type { TestProject } from 'vitest/node';
import { startPostgresCluster } from './postgres-cluster.js';

/**
 * For a project on PostgreSQL (its `env`, or INTERLINKER_TEST_DATABASE=postgres in the environment): one throwaway
 * cluster for the run; each test bridge makes its own database in it. The returned teardown stops that project's
 * cluster only (the SQLite project shares this file).
 */
export async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const backend = project.config.env?.INTERLINKER_TEST_DATABASE ?? process.env.INTERLINKER_TEST_DATABASE;
  if (backend !== 'postgres') return undefined;
  const cluster = await startPostgresCluster();
  project.provide('postgresAdminUrl', cluster.adminUrl);
  return () => cluster.stop();
}
