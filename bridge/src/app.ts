import express, { type Express } from 'express';
import type { Logger } from 'pino';
import { accountEndpoints } from './accounts/account.routes.js';
import { AccountsRepository } from './accounts/accounts.repository.js';
import { AccountsService } from './accounts/accounts.service.js';
import { FailedAuthRepository } from './accounts/failed-auth.repository.js';
import { IdempotencyRepository } from './accounts/idempotency.repository.js';
import { AccountQuotas, type QuotaLimits } from './accounts/quotas.js';
import { RateLimitRepository } from './accounts/rate-limit.repository.js';
import { AnalyticsRepository } from './analytics/analytics.repository.js';
import { analyticsEndpoints } from './analytics/analytics.routes.js';
import { AnalyticsService } from './analytics/analytics.service.js';
import { BUSY_TIMEOUT_MS, busyBackoff } from './db/connection.js';
import type { DatabaseBackend } from './db/database.js';
import { UrlKeyMatching } from './db/url-keys.js';
import { authenticate, authenticateIfPresent, DEFAULT_FAILED_AUTH_POLICY, FailedAuthThrottle, type FailedAuthPolicy } from './http/auth.js';
import type { Endpoint } from './http/endpoint.js';
import { errorHandler, unknownRoute } from './http/error-handler.js';
import { IdempotentAnswers } from './http/idempotency.js';
import type { RefusalObserver } from './http/protocol-errors.js';
import { rateLimit } from './http/rate-limit.js';
import { requestHead } from './http/request-head.js';
import { requestLog } from './http/request-log.js';
import { REQUEST_TARGET_LIMITS, requestTarget } from './http/request-target.js';
import { buildRouter } from './http/router.js';
import { BackgroundGenerator, DEFAULT_GENERATION_TIMING, type BackgroundGenerationTiming } from './generation/background-generator.js';
import { GenerationQueueRepository } from './generation/generation-queue.repository.js';
import { generationEndpoints } from './generation/generation.routes.js';
import { ForegroundRequests } from './generation/foreground-requests.js';
import { GenerationQueue } from './generation/generation.service.js';
import { ImplementationsRepository } from './implementations/implementations.repository.js';
import { implementationEndpoints } from './implementations/implementations.routes.js';
import { ImplementationsService } from './implementations/implementations.service.js';
import type { RelevanceModel } from './engine/relevance.js';
import { ProjectIndexes } from './indexing/project-indexes.js';
import { keyEndpoints } from './keys/keys.routes.js';
import { BridgeMetrics } from './metrics/bridge-metrics.js';
import { metricsEndpoints } from './metrics/metrics.routes.js';
import { requestMetrics } from './metrics/request-metrics.js';
import { systemClock, type Clock } from './lib/clock.js';
import { buildOpenApiDocument } from './openapi/openapi-document.js';
import { inlineAnalyzer, type PageAnalyzer } from './pages/page-analyzer.js';
import { PagesRepository } from './pages/pages.repository.js';
import { pageEndpoints } from './pages/pages.routes.js';
import { PagesService } from './pages/pages.service.js';
import { ProjectsRepository } from './projects/projects.repository.js';
import { projectEndpoints } from './projects/projects.routes.js';
import { ProjectsService } from './projects/projects.service.js';
import { SuggestionsRepository } from './suggestions/suggestions.repository.js';
import { ProjectRelevance } from './suggestions/project-relevance.js';
import { suggestionEndpoints } from './suggestions/suggestions.routes.js';
import { inboundSuggestionEndpoints } from './suggestions/inbound-suggestions.routes.js';
import { InboundSuggestionsService } from './suggestions/inbound-suggestions.service.js';
import { SuggestionsService } from './suggestions/suggestions.service.js';
import { systemEndpoints } from './system/system.routes.js';
import { BRIDGE_VERSION } from './version.js';

export interface AppDeps {
  /** The database, migrated: SQLite's one connection or a PostgreSQL pool (db/database.ts). */
  database: DatabaseBackend;
  logger: Logger;
  clock?: Clock;
  /** Per-project search indexes; created over `db` when not given. */
  indexes?: ProjectIndexes;
  /** Weights of the relevance model for indexes created here; the fitted default when not given. */
  relevance?: RelevanceModel;
  /**
   * Where synced pages are analysed. The bridge process passes a worker pool (AnalysisPool, which loads the compiled
   * JavaScript and is closed by whoever created it); without one, analysis runs inline, as in the in-process tests.
   */
  analyzer?: PageAnalyzer;
  bodyLimitBytes?: number;
  failedAuthPolicy?: FailedAuthPolicy;
  /** Express's `trust proxy` (config.ts): which X-Forwarded-For entries name the client. */
  trustProxy?: boolean | number | string;
  /** Timing of background generation (config.ts); DEFAULT_GENERATION_TIMING's where not given. */
  generation?: Partial<BackgroundGenerationTiming>;
  /** Quotas of accounts that have none of their own (config.ts); DEFAULT_QUOTAS where not given. */
  quotas?: QuotaLimits;
  /** The memory budget of indexes created here (config.ts); DEFAULT_INDEX_MEMORY_BYTES when not given. */
  indexMemoryBytes?: number;
  /** INTERLINKER_METRICS_TOKEN: with it, requests and analyses are measured and GET /metrics serves them to it. */
  metricsToken?: string | null;
}

export interface App {
  app: Express;
  accounts: AccountsService;
  indexes: ProjectIndexes;
  endpoints: readonly Endpoint[];
  /** Background generation: not running until started (the entry point starts it; tests that need it too). */
  generation: BackgroundGenerator;
  /** For `createHttpServer`: the requests its parser refuses, counted in the metrics (a no-op without them). */
  observeRefusal: RefusalObserver;
}

const API_DESCRIPTION = [
  'Self-hosted internal-link suggestions. Every /api route needs `Authorization: Bearer <key>`. Success bodies are `{data, meta: {timestamp}}` (lists add `meta.pagination {limit, offset, total}`); errors are `{error: {message, code, status, details?}}`. Lists take limit 1–100 (default 50) and offset ≥ 0, newest first. Unknown body fields are ignored.',
  `Failed authentication (no key or a wrong one on an endpoint; a wrong one on any path) is counted per client address; past ${DEFAULT_FAILED_AUTH_POLICY.maxFailures} failures within any ${DEFAULT_FAILED_AUTH_POLICY.windowSeconds} s the address gets 429 for wrong keys until its oldest failure is ${DEFAULT_FAILED_AUTH_POLICY.windowSeconds} s old. A valid key is never refused for failures.`,
  `The path may be ${REQUEST_TARGET_LIMITS.maxPathLength} characters long and the query string ${REQUEST_TARGET_LIMITS.maxQueryLength} (414 uri_too_long past that; 431 headers_too_large past 16 KiB of request line and headers, with the rate-limit headers of a valid key; past 64 KiB Node refuses the head at the socket, without them); a path that is not percent-encoded UTF-8 is 400 validation_error; a query parameter the endpoint reads, given twice, is 400; an unknown method is 405 on a known path and 400 bad_request when Node cannot parse it (CONNECT too).`,
  `503 service_unavailable with Retry-After: the database is held by another writer (a backup, the command line) for longer than the ${BUSY_TIMEOUT_MS / 1000} s busy timeout (after one such wait, for the next second requests that need the lock get 503 at once rather than each waiting); on PostgreSQL (INTERLINKER_DATABASE_URL), a deadlock, a lock not available, too many connections or a server starting or stopping.`,
  'POSTs that create (projects, implementations, API keys) accept `Idempotency-Key` (see the parameter).',
  'Each account has quotas of projects, pages and bytes of stored page content (`GET /api/account`); a request that would go over one is 403 `quota_exceeded` and writes nothing (a batch sync is refused whole).',
].join('\n\n');

/** Wires repositories, services and routes over one connection. Only the entry point listens. */
export function createApp(deps: AppDeps): App {
  const { database, logger } = deps;
  const { db } = database;
  const clock = deps.clock ?? systemClock;
  const indexes =
    deps.indexes ?? new ProjectIndexes(db, { relevance: deps.relevance, memoryBudgetBytes: deps.indexMemoryBytes, sqlite: database.sqlite });
  const quotas = new AccountQuotas(database, deps.quotas);
  const analyzer = deps.analyzer ?? inlineAnalyzer;

  const accounts = new AccountsService(new AccountsRepository(db), clock);
  const suggestionsRepository = new SuggestionsRepository(db);
  const pagesRepository = new PagesRepository(db, new UrlKeyMatching(database.kind));
  const relevance = new ProjectRelevance(
    suggestionsRepository,
    indexes.relevance,
    {
      key: (projectId) => indexes.siteLinksKey(projectId),
      examples: (projectId, model, limits) =>
        indexes.siteLinkExamples(projectId, model, limits, (pageIds) => pagesRepository.contents(pageIds)),
    },
    (projectId, sourcePageId, targetPageId) => indexes.laterTargetInputs(projectId, sourcePageId, targetPageId),
  );
  const suggestions = new SuggestionsService(db, suggestionsRepository, pagesRepository, indexes, relevance, clock);
  const timing = { ...DEFAULT_GENERATION_TIMING, ...deps.generation };
  // The queue finds projects through `projects`, created just below: only ever called after wiring.
  const projectSource = { findForBackgroundWork: (projectId: string) => projects.findForBackgroundWork(projectId) };
  const generationQueue = new GenerationQueue(db, new GenerationQueueRepository(), clock, projectSource, suggestions, timing.quietMs);
  const projects = new ProjectsService(db, new ProjectsRepository(db), clock, {
    deleted: (projectId) => {
      indexes.dropProject(projectId);
      analyzer.releaseMemory?.();
    },
    pathsChanged: (trx, project) => suggestionsRepository.removePendingOutsidePaths(trx, project.id, project.includePaths, project.excludePaths),
    generationChanged: async (trx, project, previous) => {
      await suggestions.pruneForSettings(trx, project, previous);
      await generationQueue.requeueProject(trx, project);
    },
  }, quotas);
  const metrics = deps.metricsToken ? new BridgeMetrics(database, () => indexes.memory()) : null;
  const pages = new PagesService(db, pagesRepository, clock, metrics ? metrics.measure(analyzer) : analyzer, indexes, suggestionsRepository, generationQueue, quotas, indexes);
  const inbound = new InboundSuggestionsService(db, suggestionsRepository, pagesRepository, indexes, relevance, clock);
  const implementations = new ImplementationsService(db, new ImplementationsRepository(db), clock);
  const analytics = new AnalyticsService(new AnalyticsRepository(db), clock);
  // Generate requests go first: background generation waits for them to pause.
  const foreground = new ForegroundRequests();
  const generation = new BackgroundGenerator(generationQueue, logger, timing.intervalMs, foreground);

  const throttle = new FailedAuthThrottle(new FailedAuthRepository(db), clock, deps.failedAuthPolicy);
  const limiter = rateLimit(new RateLimitRepository(db), clock);
  const optionalAuth = authenticateIfPresent(accounts, throttle, limiter);
  let openApi: unknown;
  const endpoints: Endpoint[] = [
    ...systemEndpoints(db, () => (openApi ??= buildOpenApiDocument(endpoints, { version: BRIDGE_VERSION, description: API_DESCRIPTION })), BRIDGE_VERSION, () => indexes.memory()),
    ...accountEndpoints(accounts, quotas),
    ...keyEndpoints(accounts),
    ...projectEndpoints(projects),
    ...pageEndpoints(projects, pages),
    ...inboundSuggestionEndpoints(projects, inbound, foreground),
    ...suggestionEndpoints(projects, suggestions, foreground),
    ...generationEndpoints(projects, generationQueue),
    ...implementationEndpoints(projects, implementations),
    ...analyticsEndpoints(projects, analytics),
    ...metricsEndpoints(metrics && { registry: metrics, token: deps.metricsToken! }, throttle, optionalAuth),
  ];

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.trustProxy ?? false);
  app.use(requestLog(logger));
  if (metrics) app.use(requestMetrics(metrics));
  app.use(requestTarget(optionalAuth));
  app.use(requestHead(optionalAuth));
  app.use(
    buildRouter(endpoints, {
      authChain: [authenticate(accounts, throttle), limiter],
      optionalAuth,
      bodyLimitBytes: deps.bodyLimitBytes ?? 10 * 1024 * 1024,
      idempotency: new IdempotentAnswers(database.kind, db, new IdempotencyRepository(), clock),
    }),
  );
  app.use(optionalAuth, unknownRoute);
  app.use(errorHandler(logger, database.sqlite ? busyBackoff(database.sqlite) : () => undefined));
  const observeRefusal: RefusalObserver = metrics ? (reason, status) => metrics.observeRefusal(reason, status) : () => {};
  return { app, accounts, indexes, endpoints, generation, observeRefusal };
}
