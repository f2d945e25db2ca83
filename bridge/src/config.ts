import path from 'node:path';
import { DEFAULT_QUOTAS, type QuotaLimits } from './accounts/quotas.js';
import { isPostgresUrl } from './db/database.js';
import { DEFAULT_GENERATION_TIMING, type BackgroundGenerationTiming } from './generation/background-generator.js';
import { DEFAULT_INDEX_MEMORY_BYTES } from './indexing/project-indexes.js';
import { DEFAULT_ANALYSIS_LIMITS, type AnalysisLimits } from './pages/analysis-pool.js';

export interface BridgeConfig {
  host: string;
  port: number;
  databaseFile: string;
  /** INTERLINKER_DATABASE_URL: a PostgreSQL database (postgres://…) instead of the SQLite file; null: the file. */
  databaseUrl: string | null;
  bodyLimitBytes: number;
  /**
   * Express's `trust proxy`: which X-Forwarded-For entries name the client, for failed-auth throttling. false: none
   * (the socket's peer is the client); a number: that many proxy hops in front of the bridge; a string: the proxies'
   * addresses or subnets (comma-separated, or `loopback`, `uniquelocal`, …).
   */
  trustProxy: false | number | string;
  /** A relevance model file (`{"weights": [...]}`, written by bench/quality/fit-relevance.ts) instead of the default. */
  relevanceModelFile: string | null;
  /** Limits of one page's analysis on the worker threads (pages/analysis-pool.ts). */
  analysisLimits: AnalysisLimits;
  /** Longest a stop waits for requests in flight before closing their connections. */
  shutdownTimeoutMs: number;
  /** Background generation (generation/): how often an idle generator looks for work, how quiet syncs must be. */
  generation: BackgroundGenerationTiming;
  /** The quotas of accounts that have none of their own (accounts/quotas.ts). */
  quotas: QuotaLimits;
  /** Search indexes in memory (indexing/project-indexes.ts): their budget, and how long an unused one stays loaded. */
  indexMemory: { budgetBytes: number; idleMs: number };
  /** The bearer token GET /metrics is served to; null: no metrics (metrics/metrics.routes.ts). */
  metricsToken: string | null;
}

const DEFAULT_BODY_LIMIT = 10 * 1024 * 1024;

/**
 * TRUST_PROXY: unset, `0`, `false` or `off` trust no proxy; `1` or `true` one hop (the usual single reverse proxy: the
 * client is the address it appended, so a client's own X-Forwarded-For entries cannot pose as others); `N` N hops;
 * anything else is a list of proxy addresses or subnets for express.
 */
function trustProxy(value: string | undefined): false | number | string {
  const setting = (value ?? '').trim().toLowerCase();
  if (setting === '' || setting === '0' || setting === 'false' || setting === 'off') return false;
  if (setting === 'true' || setting === 'on') return 1;
  if (/^\d+$/.test(setting)) return Number(setting);
  return value!.trim();
}

/** A token anyone could guess would open the metrics to anyone: 32 characters is `openssl rand -hex 16`. */
export const MIN_METRICS_TOKEN_LENGTH = 32;

function metricsToken(value: string | undefined): string | null {
  const token = (value ?? '').trim();
  if (token === '') return null;
  if (token.length < MIN_METRICS_TOKEN_LENGTH || !/^[\x21-\x7E]+$/.test(token)) {
    throw new Error(`INTERLINKER_METRICS_TOKEN must be at least ${MIN_METRICS_TOKEN_LENGTH} printable characters without spaces (try \`openssl rand -hex 32\`).`);
  }
  return token;
}

/** Long enough for any request but a stuck one (a sync of 500 pages takes seconds), short enough for a deploy. */
const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;

/** Half an hour: a site's editors come back to it within that; an index unused longer is read back when asked. */
const DEFAULT_INDEX_IDLE_SECONDS = 1800;

const MIB = 1024 * 1024;

function databaseUrl(value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  if (!isPostgresUrl(value)) throw new Error('INTERLINKER_DATABASE_URL must be a PostgreSQL URL (postgres://user:password@host:5432/database).');
  return value;
}

function integer(name: string, value: string | undefined, fallback: number, min = 0): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min) throw new Error(`${name} must be a whole number of at least ${min}, got "${value}".`);
  return parsed;
}

/**
 * Reads the environment of contract §8: HOST, PORT, INTERLINKER_DB (+ INTERLINKER_BODY_LIMIT, TRUST_PROXY,
 * INTERLINKER_RELEVANCE_MODEL, INTERLINKER_ANALYSIS_TIMEOUT_MS, INTERLINKER_ANALYSIS_MEMORY_MB,
 * INTERLINKER_SHUTDOWN_TIMEOUT_MS, INTERLINKER_GENERATION_INTERVAL_MS: how often idle background generation looks for
 * queued pages, default 1000; INTERLINKER_GENERATION_QUIET_MS: how long a project's syncs must have been quiet
 * before its queued pages are generated, default 3000; INTERLINKER_QUOTA_PROJECTS, INTERLINKER_QUOTA_PAGES,
 * INTERLINKER_QUOTA_CONTENT_MB: the default quotas per account; INTERLINKER_INDEX_MEMORY_MB: the search indexes'
 * memory budget; INTERLINKER_INDEX_IDLE_SECONDS: how long an unused index stays loaded; INTERLINKER_METRICS_TOKEN: the
 * token GET /metrics is served to, none by default; INTERLINKER_DATABASE_URL: postgres://… to keep the data in
 * PostgreSQL instead of the INTERLINKER_DB file).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): BridgeConfig {
  return {
    host: env.HOST || '127.0.0.1',
    port: integer('PORT', env.PORT, 7700),
    databaseFile: path.resolve(env.INTERLINKER_DB || './data/interlinker.db'),
    databaseUrl: databaseUrl(env.INTERLINKER_DATABASE_URL),
    bodyLimitBytes: integer('INTERLINKER_BODY_LIMIT', env.INTERLINKER_BODY_LIMIT, DEFAULT_BODY_LIMIT),
    trustProxy: trustProxy(env.TRUST_PROXY),
    relevanceModelFile: env.INTERLINKER_RELEVANCE_MODEL ? path.resolve(env.INTERLINKER_RELEVANCE_MODEL) : null,
    analysisLimits: {
      timeoutMs: integer('INTERLINKER_ANALYSIS_TIMEOUT_MS', env.INTERLINKER_ANALYSIS_TIMEOUT_MS, DEFAULT_ANALYSIS_LIMITS.timeoutMs, 1),
      // Below this a worker cannot even load its modules.
      memoryMb: integer('INTERLINKER_ANALYSIS_MEMORY_MB', env.INTERLINKER_ANALYSIS_MEMORY_MB, DEFAULT_ANALYSIS_LIMITS.memoryMb, 16),
    },
    shutdownTimeoutMs: integer('INTERLINKER_SHUTDOWN_TIMEOUT_MS', env.INTERLINKER_SHUTDOWN_TIMEOUT_MS, DEFAULT_SHUTDOWN_TIMEOUT_MS),
    generation: {
      intervalMs: integer('INTERLINKER_GENERATION_INTERVAL_MS', env.INTERLINKER_GENERATION_INTERVAL_MS, DEFAULT_GENERATION_TIMING.intervalMs, 1),
      quietMs: integer('INTERLINKER_GENERATION_QUIET_MS', env.INTERLINKER_GENERATION_QUIET_MS, DEFAULT_GENERATION_TIMING.quietMs),
    },
    quotas: {
      projects: integer('INTERLINKER_QUOTA_PROJECTS', env.INTERLINKER_QUOTA_PROJECTS, DEFAULT_QUOTAS.projects),
      pages: integer('INTERLINKER_QUOTA_PAGES', env.INTERLINKER_QUOTA_PAGES, DEFAULT_QUOTAS.pages),
      contentBytes: integer('INTERLINKER_QUOTA_CONTENT_MB', env.INTERLINKER_QUOTA_CONTENT_MB, DEFAULT_QUOTAS.contentBytes / MIB) * MIB,
    },
    indexMemory: {
      budgetBytes: integer('INTERLINKER_INDEX_MEMORY_MB', env.INTERLINKER_INDEX_MEMORY_MB, DEFAULT_INDEX_MEMORY_BYTES / MIB) * MIB,
      idleMs: integer('INTERLINKER_INDEX_IDLE_SECONDS', env.INTERLINKER_INDEX_IDLE_SECONDS, DEFAULT_INDEX_IDLE_SECONDS, 1) * 1000,
    },
    metricsToken: metricsToken(env.INTERLINKER_METRICS_TOKEN),
  };
}
