import type { TestProject } from 'vitest/node';
import { startPostgresCluster, type PostgresCluster } from './postgres-cluster.js';

let cluster: PostgresCluster | undefined;

/** With INTERLINKER_TEST_DATABASE=postgres: one throwaway PostgreSQL cluster for the run; each test bridge makes its own database in it. */
export async function setup(project: TestProject): Promise<void> {
  if (process.env.INTERLINKER_TEST_DATABASE !== 'postgres') return;
  cluster = await startPostgresCluster();
  project.provide('postgresAdminUrl', cluster.adminUrl);
}

export async function teardown(): Promise<void> {
  await cluster?.stop();
}
