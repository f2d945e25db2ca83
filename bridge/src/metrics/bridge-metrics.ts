import fs from 'node:fs';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { sql } from 'kysely';
import type { DatabaseBackend } from '../db/database.js';
import type { IndexMemory } from '../indexing/project-indexes.js';
import type { PageAnalyzer } from '../pages/page-analyzer.js';
import { REFUSALS, type RefusalReason } from '../http/protocol-errors.js';

/** The route label of a request that matched no declared endpoint: never its URL, which would be unbounded. */
export const UNMATCHED_ROUTE = 'unmatched';

/** From a health check to a sync batch of hundreds of pages, which takes seconds. */
const LATENCY_BUCKETS_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * The bridge's Prometheus metrics (GET /metrics), in a registry of their own (never prom-client's global one, so
 * that two apps in one process do not share counts). Labels are bounded and name no account or project: the route
 * pattern, never the URL; whole-bridge totals only. Gauges are read when scraped.
 */
export class BridgeMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly latency: Histogram<'method' | 'route'>;
  private readonly refused: Counter<'reason' | 'status'>;
  private readonly analysed: Counter<'outcome'>;
  private readonly analysing: Gauge;

  constructor(database: DatabaseBackend, indexMemory: () => IndexMemory) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({
      name: 'interlinker_http_requests_total',
      help: 'Requests answered, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.latency = new Histogram({
      name: 'interlinker_http_request_duration_seconds',
      help: 'Time from a request to the end of its answer, by method and route pattern.',
      labelNames: ['method', 'route'],
      buckets: LATENCY_BUCKETS_SECONDS,
      registers,
    });
    this.refused = new Counter({
      name: 'interlinker_http_refused_total',
      help: "Requests Node's HTTP parser refused before routing (not in interlinker_http_requests_total), by reason and status.",
      labelNames: ['reason', 'status'],
      registers,
    });
    // Every series from the start: a rate over a series that appears only at its first refusal misses that one.
    for (const [reason, answer] of Object.entries(REFUSALS)) this.refused.inc({ reason, status: String(answer().status) }, 0);
    this.analysed = new Counter({
      name: 'interlinker_pages_analysed_total',
      help: 'Synced pages analysed (outcome "analysed") or refused by the analysis limits ("failed").',
      labelNames: ['outcome'],
      registers,
    });
    this.analysing = new Gauge({
      name: 'interlinker_analysis_queue_pages',
      help: 'Pages of syncs in progress waiting for or under analysis.',
      registers,
    });
    const { db, sqlite } = database;
    const totals = async () => {
      const row = await db
        .selectFrom('projects')
        .select((eb) => [eb.fn.countAll().as('projects'), eb.fn.coalesce(eb.fn.sum('page_count'), eb.lit(0)).as('pages')])
        .executeTakeFirstOrThrow();
      return { projects: Number(row.projects), pages: Number(row.pages) };
    };
    const gauge = (name: string, help: string, read: () => number | Promise<number>) =>
      new Gauge({
        name,
        help,
        registers,
        async collect() {
          this.set(await read());
        },
      });
    gauge('interlinker_generation_queue_pages', 'Pages queued for background generation, over all projects.', async () => {
      const row = await db.selectFrom('generation_queue').select((eb) => eb.fn.countAll().as('count')).where('generated_at', 'is', null).executeTakeFirstOrThrow();
      return Number(row.count);
    });
    gauge('interlinker_index_loaded', 'Search indexes in memory (one per project in use).', () => indexMemory().loaded);
    gauge('interlinker_index_memory_bytes', 'Estimated bytes the loaded search indexes hold.', () => indexMemory().bytes);
    gauge('interlinker_index_memory_budget_bytes', 'INTERLINKER_INDEX_MEMORY_MB in bytes.', () => indexMemory().budgetBytes);
    if (sqlite) {
      gauge('interlinker_database_bytes', 'Size of the database (SQLite: its pages, without the WAL).', () => (sqlite.pragma('page_count', { simple: true }) as number) * (sqlite.pragma('page_size', { simple: true }) as number));
      gauge('interlinker_database_wal_bytes', 'Size of the SQLite write-ahead log, until its next checkpoint.', () => fileSize(`${sqlite.name}-wal`));
    } else {
      gauge('interlinker_database_bytes', 'Size of the database (PostgreSQL: pg_database_size).', async () => {
        const { rows } = await sql<{ bytes: number }>`SELECT pg_database_size(current_database()) AS bytes`.execute(db);
        return Number(rows[0]?.bytes ?? 0);
      });
    }
    gauge('interlinker_projects', 'Projects, over all accounts.', async () => (await totals()).projects);
    gauge('interlinker_pages', 'Stored pages, over all accounts.', async () => (await totals()).pages);
  }

  observeRequest(method: string, route: string, status: number, seconds: number): void {
    this.requests.inc({ method, route, status: String(status) });
    this.latency.observe({ method, route }, seconds);
  }

  /** A request answered at the socket, before express (http/protocol-errors.ts). */
  observeRefusal(reason: RefusalReason, status: number): void {
    this.refused.inc({ reason, status: String(status) });
  }

  /** `analyzer`, counting the pages it analyses and the pages it holds. */
  measure(analyzer: PageAnalyzer): PageAnalyzer {
    return {
      analyzeAll: async (inputs, owner) => {
        this.analysing.inc(inputs.length);
        try {
          const results = await analyzer.analyzeAll(inputs, owner);
          const failed = results.filter((result) => 'failure' in result).length;
          this.analysed.inc({ outcome: 'analysed' }, results.length - failed);
          this.analysed.inc({ outcome: 'failed' }, failed);
          return results;
        } finally {
          this.analysing.dec(inputs.length);
        }
      },
      close: () => analyzer.close(),
    };
  }

  /** The exposition, and its media type. */
  async exposition(): Promise<{ contentType: string; text: string }> {
    return { contentType: this.registry.contentType, text: await this.registry.metrics() };
  }
}

function fileSize(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}
