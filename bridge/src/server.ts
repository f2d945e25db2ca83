import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import v8 from 'node:v8';
import type { Logger } from 'pino';
import { createApp } from './app.js';
import { ensureFirstAccount } from './bootstrap.js';
import type { BridgeConfig } from './config.js';
import { migrateBackend } from './db/migrate.js';
import { migrationStateOf } from './db/migration-state.js';
import { describeDatabase, openConfiguredDatabase } from './db/open.js';
import { closeConnectionsOnStop, createHttpServer } from './http/http-server.js';
import { RelevanceModel } from './engine/relevance.js';
import { AnalysisPool } from './pages/analysis-pool.js';

/**
 * How much a heap may grow past what survived its last full collection before the next one: at most double. V8's own
 * choice, up to several times, let the garbage of sync batches (tens of MB each: request bodies, analyses) keep the
 * resident memory far above the live data. Process-wide: the analysis workers' heaps too. 10,000 pages: peak RSS
 * 458–524 → 375–389 MB at the same sync throughput and latency (30 % saved more, 346 MB, but the more frequent full
 * collections during requests raised p99 from ~15 to ~20 ms).
 */
const HEAP_GROWING_PERCENT = 100;

export interface RunningBridge {
  server: Server;
  url: string;
  stop: () => Promise<void>;
}

/** How long an idle kept-alive connection stays open. */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/**
 * Opens and migrates the database (refusing one written by a newer version), prints a first key when there is no account, starts the page analysis workers,
 * listens and starts background generation (search indexes load at their first use, and are released when unused or
 * over INTERLINKER_INDEX_MEMORY_MB). `stop()` (also on SIGTERM/SIGINT) stops background generation, stops accepting, lets requests in flight finish for at most `config.shutdownTimeoutMs` (then closes
 * their connections), ends the workers, saves the index snapshots and closes the database.
 */
export async function serve(config: BridgeConfig, logger: Logger, options: { handleSignals?: boolean } = {}): Promise<RunningBridge> {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  const database = openConfiguredDatabase(config);
  const where = describeDatabase(config);
  let applied: number[];
  try {
    const unknown = (await migrationStateOf(database))?.unknown ?? [];
    if (unknown.length > 0) {
      // Its schema may have changed in ways this version would misread or undo.
      throw new Error(`${where} has migrations ${unknown.join(', ')}, unknown to this bridge: it was written by a newer version. Run that version, or restore a backup made by this one.`);
    }
    applied = await migrateBackend(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  if (applied.length > 0) logger.info({ migrations: applied }, 'database migrated');

  const analyzer = new AnalysisPool({ limits: config.analysisLimits, logger });
  const { app, accounts, indexes, generation, observeRefusal } = createApp({
    database,
    logger,
    analyzer,
    generation: config.generation,
    bodyLimitBytes: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    quotas: config.quotas,
    indexMemoryBytes: config.indexMemory.budgetBytes,
    metricsToken: config.metricsToken,
    relevance: config.relevanceModelFile === null ? undefined : RelevanceModel.fromJson(readFileSync(config.relevanceModelFile, 'utf8')),
  });
  let server: Server;
  try {
    const first = await ensureFirstAccount(accounts);
    if (first) {
      // Printed once, on stdout and never through the logger, so it is not kept in log files.
      process.stdout.write(
        `\nInterlinker bridge: created account "default" and its first API key (shown only now):\n\n  ${first.key}\n\n`,
      );
    }

    server = await new Promise<Server>((resolve, reject) => {
      const listening = createHttpServer(app, observeRefusal).listen(config.port, config.host, () => resolve(listening));
      // Node closes a kept-alive connection 5 s after its last answer; a bridge busy storing a batch for longer
      // then closes connections whose next request has already arrived (the client sees ECONNRESET). A minute is
      // longer than any batch, and behind a proxy it outlives the proxy's own idle timeout (usually 60 s).
      listening.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
      listening.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
      listening.once('error', reject);
    });
  } catch (error) {
    // Live workers would keep the process from exiting.
    await analyzer.close();
    await database.close();
    throw error;
  }
  const keepAlive = closeConnectionsOnStop(server);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  logger.info({ url, database: where }, 'bridge listening');
  // Pages queued before a stop are generated now: the queue is in the database.
  generation.start();
  // Indexes load at first use (not here: a bridge of a hundred projects would hold them all); unused ones go.
  const idleSweep = setInterval(() => {
    const released = indexes.releaseIdle(config.indexMemory.idleMs);
    if (released.length > 0) logger.info({ projects: released.length, ...indexes.memory() }, 'unused indexes released');
  }, Math.min(60_000, config.indexMemory.idleMs));
  idleSweep.unref();

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= new Promise<void>((resolve) => {
      logger.info('shutting down');
      // Between two chunks: the chunk in progress, if any, finishes its transactions first (awaited below).
      const generationStopped = generation.stop();
      clearInterval(idleSweep);
      // A request still running at the deadline (a slow client, a long sync) has its connection closed; whatever it
      // was about to write is not written: every write is one transaction, so the database stays whole.
      const deadline = setTimeout(() => {
        logger.warn({ timeoutMs: config.shutdownTimeoutMs }, 'requests still in flight at the shutdown deadline: connections closed');
        server.closeAllConnections();
      }, config.shutdownTimeoutMs);
      keepAlive.stopKeepingAlive();
      server.close(() => {
        clearTimeout(deadline);
        // Ends analyses in progress: the syncs waiting for them fail before writing anything.
        void (async () => {
          await analyzer.close();
          await generationStopped;
          const snapshotStarted = Date.now();
          try {
            // Only projects whose index in memory is of the stored revision are saved (ProjectIndexes.saveSnapshots).
            const saved = await indexes.saveSnapshots();
            logger.info({ projects: saved.length, ms: Date.now() - snapshotStarted }, 'index snapshots saved');
          } catch (error) {
            // Only the next start's speed depends on it: it rebuilds the indexes from their rows instead.
            logger.error({ err: error }, 'index snapshots not saved');
          }
          await database.close();
          logger.info('stopped');
          resolve();
        })();
      });
      server.closeIdleConnections();
    }));

  if (options.handleSignals) {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void stop().then(() => process.exit(0)));
  }
  return { server, url, stop };
}
