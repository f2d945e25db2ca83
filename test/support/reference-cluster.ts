import path from 'node:path';
import pg from 'pg';
import { startBridgeProcess, type BridgeProcess } from './bridge-process.js';
import { startHaproxy, type HaproxyProxy } from './haproxy-proxy.js';
import { startPostgresCluster, type PostgresCluster } from './postgres-cluster.js';

/** The database the bridges share in the cluster. */
const DATABASE = 'interlinker';

export interface ReferenceCluster {
  /** HAProxy's address: the one the plugin and clients use. */
  url: string;
  /** The first key, printed by the first bridge on a new database; undefined when the database had accounts already. */
  firstKey: string | undefined;
  postgres: PostgresCluster;
  databaseUrl: string;
  /** bridge1, bridge2, bridge3 in HAProxy's order. */
  bridges: BridgeProcess[];
  proxy: HaproxyProxy;
  /** Stops HAProxy, then the bridges (each finishing its requests), then PostgreSQL. */
  stop(): Promise<void>;
}

export interface ReferenceClusterOptions {
  /** Kept between runs (`npm run cluster`): PostgreSQL's data in `<dir>/postgres/data`, HAProxy's socket and log in `<dir>`. */
  dir?: string;
  /** HAProxy's port on 127.0.0.1 (default: a free one). */
  proxyPort?: number;
  /** Added to each bridge's environment (memory budget, log level…). */
  bridgeEnv?: NodeJS.ProcessEnv;
}

async function ensureDatabase(adminUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    // A constant name: identifiers cannot be parameters. C collation: the order SQLite gives text.
    if (rowCount === 0) await admin.query(`CREATE DATABASE ${DATABASE} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'`);
  } finally {
    await admin.end();
  }
}

/**
 * The reference deployment (docs/operators.md, "Several bridges"): PostgreSQL 15, three built bridges on its
 * database, Debian's HAProxy in front running deploy/haproxy/interlinker.cfg. The first bridge starts alone: it
 * migrates the database and, on a new one, creates the first account and prints its key; the other two join it.
 */
export async function startReferenceCluster(options: ReferenceClusterOptions = {}): Promise<ReferenceCluster> {
  const postgres = await startPostgresCluster(options.dir === undefined ? {} : { dataDir: path.join(options.dir, 'postgres', 'data') });
  const bridges: BridgeProcess[] = [];
  let proxy: HaproxyProxy | undefined;
  const stop = async () => {
    await proxy?.stop();
    await Promise.all(bridges.map((bridge) => bridge.dispose()));
    await postgres.stop();
  };
  try {
    await ensureDatabase(postgres.adminUrl);
    const url = new URL(postgres.adminUrl);
    url.pathname = `/${DATABASE}`;
    const databaseUrl = url.toString();
    // TRUST_PROXY=1: the client's address comes from HAProxy's X-Forwarded-For (rate limits, failed-auth counts).
    const env = { INTERLINKER_DATABASE_URL: databaseUrl, TRUST_PROXY: '1', ...options.bridgeEnv };
    bridges.push(await startBridgeProcess({ env, firstKey: false }));
    bridges.push(...(await Promise.all([1, 2].map(() => startBridgeProcess({ env, firstKey: false })))));
    proxy = await startHaproxy(
      bridges.map((bridge) => bridge.port),
      { ...(options.proxyPort === undefined ? {} : { port: options.proxyPort }), ...(options.dir === undefined ? {} : { dir: options.dir }) },
    );
    const started = proxy;
    await Promise.all(started.servers.map((server) => started.waitForStatus(server, 'UP')));
    return { url: started.url, firstKey: bridges[0]!.apiKey || undefined, postgres, databaseUrl, bridges, proxy: started, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
