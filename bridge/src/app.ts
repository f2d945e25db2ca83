import express, { type Express } from 'express';
import type { Logger } from 'pino';
import { AccountsRepository } from './accounts/accounts.repository.js';
import { AccountsService } from './accounts/accounts.service.js';
import { RateLimitRepository } from './accounts/rate-limit.repository.js';
import { AnalyticsRepository } from './analytics/analytics.repository.js';
import { analyticsEndpoints } from './analytics/analytics.routes.js';
import { AnalyticsService } from './analytics/analytics.service.js';
import type { Db } from './db/connection.js';
import { authenticate, authenticateIfPresent, DEFAULT_FAILED_AUTH_POLICY, type FailedAuthPolicy } from './http/auth.js';
import type { Endpoint } from './http/endpoint.js';
import { errorHandler, unknownRoute } from './http/error-handler.js';
import { rateLimit } from './http/rate-limit.js';
import { requestLog } from './http/request-log.js';
import { buildRouter } from './http/router.js';
import { ImplementationsRepository } from './implementations/implementations.repository.js';
import { implementationEndpoints } from './implementations/implementations.routes.js';
import { ImplementationsService } from './implementations/implementations.service.js';
import type { RelevanceModel } from './engine/relevance.js';
import { ProjectIndexes } from './indexing/project-indexes.js';
import { keyEndpoints } from './keys/keys.routes.js';
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
import { suggestionEndpoints } from './suggestions/suggestions.routes.js';
import { SuggestionsService } from './suggestions/suggestions.service.js';
import { systemEndpoints } from './system/system.routes.js';
import { BRIDGE_VERSION } from './version.js';

export interface AppDeps {
  /** The one database connection, migrated. */
  db: Db;
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
  trustProxy?: boolean;
}

export interface App {
  app: Express;
  accounts: AccountsService;
  indexes: ProjectIndexes;
  endpoints: readonly Endpoint[];
}

const API_DESCRIPTION =
  'Self-hosted internal-link suggestions. Every /api route needs `Authorization: Bearer <key>`. Success bodies are `{data, meta: {timestamp}}` (lists add `meta.pagination {limit, offset, total}`); errors are `{error: {message, code, status, details?}}`. Lists take limit 1–100 (default 50) and offset ≥ 0, newest first. Unknown body fields are ignored.';

/** Wires repositories, services and routes over one connection. Only the entry point listens. */
export function createApp(deps: AppDeps): App {
  const { db, logger } = deps;
  const clock = deps.clock ?? systemClock;
  const indexes = deps.indexes ?? new ProjectIndexes(db, { relevance: deps.relevance });

  const accounts = new AccountsService(new AccountsRepository(db), clock);
  const suggestionsRepository = new SuggestionsRepository(db);
  const projects = new ProjectsService(db, new ProjectsRepository(db), clock, {
    deleted: (projectId) => indexes.dropProject(projectId),
    pathsChanged: (project) => suggestionsRepository.removePendingOutsidePaths(project.id, project.includePaths, project.excludePaths),
  });
  const pagesRepository = new PagesRepository(db);
  const pages = new PagesService(db, pagesRepository, clock, deps.analyzer ?? inlineAnalyzer, indexes, suggestionsRepository);
  const suggestions = new SuggestionsService(db, suggestionsRepository, pagesRepository, indexes, clock);
  const implementations = new ImplementationsService(db, new ImplementationsRepository(db), clock);
  const analytics = new AnalyticsService(new AnalyticsRepository(db), clock);

  let openApi: unknown;
  const endpoints: Endpoint[] = [
    ...systemEndpoints(db, () => (openApi ??= buildOpenApiDocument(endpoints, { version: BRIDGE_VERSION, description: API_DESCRIPTION })), BRIDGE_VERSION),
    ...keyEndpoints(accounts),
    ...projectEndpoints(projects),
    ...pageEndpoints(projects, pages),
    ...suggestionEndpoints(projects, suggestions),
    ...implementationEndpoints(projects, implementations),
    ...analyticsEndpoints(projects, analytics),
  ];

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.trustProxy ?? false);
  app.use(requestLog(logger));
  const limiter = rateLimit(new RateLimitRepository(db), clock);
  const optionalAuth = authenticateIfPresent(accounts, limiter);
  app.use(
    buildRouter(endpoints, {
      authChain: [authenticate(accounts, clock, deps.failedAuthPolicy ?? DEFAULT_FAILED_AUTH_POLICY), limiter],
      optionalAuth,
      bodyLimitBytes: deps.bodyLimitBytes ?? 10 * 1024 * 1024,
    }),
  );
  app.use(optionalAuth, unknownRoute);
  app.use(errorHandler(logger));
  return { app, accounts, indexes, endpoints };
}
