/**
 * The TypeScript client of the bridge API. Takes the key as a constructor option (`apiKey`), as the API document
 * says official clients do, and sends it as `Authorization: Bearer <key>`.
 */
import type { AccountInfo } from '../accounts/account.routes.js';
import type { Analytics, BrokenLink, InboundLinks, OrphanPage, TimeseriesPoint } from '../analytics/analytics.schemas.js';
import type { ApiKeyInfo, CreatedKey } from '../keys/keys.schemas.js';
import type { Implementation } from '../implementations/implementations.schemas.js';
import type { PageDetail, PageSummary, SyncResult } from '../pages/pages.schemas.js';
import type { GenerationProgress } from '../generation/generation.schemas.js';
import type { Project } from '../projects/projects.schemas.js';
import type { RelevanceSummary, Suggestion, SuggestionStatus } from '../suggestions/suggestions.schemas.js';

export type { AccountInfo, Analytics, ApiKeyInfo, CreatedKey, BrokenLink, GenerationProgress, Implementation, InboundLinks, OrphanPage, PageDetail, PageSummary, Project, RelevanceSummary, Suggestion, SuggestionStatus, SyncResult, TimeseriesPoint };

/** A project's settings of background generation. */
export type GenerationSettings = Pick<Project, 'minRelevanceScore' | 'suggestionsPerPage' | 'ignoredWords'>;

export interface ClientOptions {
  baseUrl: string;
  apiKey: string;
  /** Injected fetch (defaults to the global one). */
  fetch?: typeof fetch;
}

export interface RateLimitInfo {
  limit: number;
  remaining: number;
  reset: number;
}

export interface Page<T> {
  items: T[];
  pagination: { limit: number; offset: number; total: number };
}

export interface ListQuery {
  limit?: number;
  offset?: number;
}

export interface SyncPage {
  url: string;
  title: string;
  content: string;
  statusCode?: number;
  /** Keep the page out of suggestions (it still counts for link health). */
  excluded?: boolean;
  /** Phrases the editors want the page linked for (≤ 10, each ≤ 100 characters and 6 words). */
  keyphrases?: string[];
  /** BCP 47 tag or WordPress locale of the page's language ("de-DE", "de_DE"); "en" when absent. */
  language?: string;
}

/** An error answer of the API, with the contract's code. */
export class InterlinkerApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: { field: string; message: string }[] | undefined,
    readonly retryAfter: number | undefined,
  ) {
    super(message);
    this.name = 'InterlinkerApiError';
  }
}

type Query = Record<string, string | number | undefined>;

export class InterlinkerClient {
  private readonly baseUrl: string;
  private readonly apiKey: string;
  private readonly fetchImpl: typeof fetch;
  /** The rate-limit headers of the last answer. */
  rateLimit: RateLimitInfo | undefined;

  constructor(options: ClientOptions) {
    if (!options.apiKey) throw new Error('apiKey is required');
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.apiKey = options.apiKey;
    this.fetchImpl = options.fetch ?? fetch;
  }

  // Projects
  createProject(
    input: { name: string; domain: string; preferredSdk?: string; includePaths?: string[]; excludePaths?: string[] } & Partial<GenerationSettings>,
  ) {
    return this.data<Project>('POST', '/api/projects', input);
  }
  listProjects(query: ListQuery = {}) {
    return this.page<Project>('/api/projects', { ...query });
  }
  getProject(projectId: string) {
    return this.data<Project>('GET', `/api/projects/${enc(projectId)}`);
  }
  updateProject(
    projectId: string,
    input: Partial<Pick<Project, 'name' | 'domain' | 'includePaths' | 'excludePaths'> & GenerationSettings> & { preferredSdk?: string | null },
  ) {
    return this.data<Project>('PATCH', `/api/projects/${enc(projectId)}`, input);
  }
  deleteProject(projectId: string) {
    return this.data<{ success: true }>('DELETE', `/api/projects/${enc(projectId)}`);
  }

  // Pages
  syncPages(projectId: string, pages: SyncPage[]) {
    return this.data<SyncResult>('POST', `/api/projects/${enc(projectId)}/pages/batch`, pages);
  }
  listPages(projectId: string, query: ListQuery = {}) {
    return this.page<PageSummary>(`/api/projects/${enc(projectId)}/pages`, { ...query });
  }
  getPage(projectId: string, pageId: string) {
    return this.data<PageDetail>('GET', `/api/projects/${enc(projectId)}/pages/${enc(pageId)}`);
  }

  // Suggestions
  generateSuggestions(projectId: string, input: { sourcePageUrl: string; limit?: number; minRelevanceScore?: number }) {
    return this.data<Suggestion[]>('POST', `/api/projects/${enc(projectId)}/suggestions`, input);
  }
  /** Extension: suggestions from other pages of the project to `targetUrl`, one per source, best first. */
  generateInboundSuggestions(projectId: string, input: { targetUrl: string; limit?: number; minRelevanceScore?: number }) {
    return this.data<Suggestion[]>('POST', `/api/projects/${enc(projectId)}/suggestions/inbound`, input);
  }
  listSuggestions(
    projectId: string,
    query: ListQuery & { status?: SuggestionStatus | SuggestionStatus[]; sourcePageUrl?: string; targetPageUrl?: string; implementationId?: string; ids?: string[]; q?: string; orderBy?: 'createdAt' | 'relevanceScore'; order?: 'asc' | 'desc' } = {},
  ) {
    const { status, ids, ...rest } = query;
    return this.page<Suggestion>(`/api/projects/${enc(projectId)}/suggestions`, {
      ...rest,
      status: Array.isArray(status) ? status.join(',') : status,
      ids: ids?.join(','),
    });
  }
  getSuggestion(projectId: string, suggestionId: string) {
    return this.data<Suggestion>('GET', `/api/projects/${enc(projectId)}/suggestions/${enc(suggestionId)}`);
  }
  updateSuggestion(projectId: string, suggestionId: string, status: SuggestionStatus) {
    return this.data<Suggestion>('PATCH', `/api/projects/${enc(projectId)}/suggestions/${enc(suggestionId)}`, { status });
  }
  /** Extension: progress of the project's background generation (its current or last run). */
  getGenerationProgress(projectId: string) {
    return this.data<GenerationProgress>('GET', `/api/projects/${enc(projectId)}/generation`);
  }
  /** Extension: whether the project's editors' decisions adapt its relevance model yet. */
  getRelevanceSummary(projectId: string) {
    return this.data<RelevanceSummary>('GET', `/api/projects/${enc(projectId)}/relevance`);
  }
  deleteSuggestion(projectId: string, suggestionId: string) {
    return this.data<{ success: true }>('DELETE', `/api/projects/${enc(projectId)}/suggestions/${enc(suggestionId)}`);
  }

  // Implementations
  createImplementation(projectId: string, input: { suggestionIds: string[]; platform: 'wordpress' | 'custom' | 'manual' }) {
    return this.data<Implementation>('POST', `/api/projects/${enc(projectId)}/implementations`, input);
  }
  listImplementations(projectId: string, query: ListQuery & { status?: Implementation['status']; ids?: string[] } = {}) {
    const { ids, ...rest } = query;
    return this.page<Implementation>(`/api/projects/${enc(projectId)}/implementations`, { ...rest, ids: ids?.join(',') });
  }
  getImplementation(projectId: string, implementationId: string) {
    return this.data<Implementation>('GET', `/api/projects/${enc(projectId)}/implementations/${enc(implementationId)}`);
  }
  reportResults(projectId: string, implementationId: string, results: { suggestionId: string; succeeded: boolean; error?: string }[]) {
    return this.data<Implementation>('POST', `/api/projects/${enc(projectId)}/implementations/${enc(implementationId)}/results`, { results });
  }
  /** The whole implementation, or only the links of `options.suggestionIds`; the reason is optional. */
  rollBack(projectId: string, implementationId: string, reason?: string, options: { suggestionIds?: string[] } = {}) {
    return this.data<Implementation>('POST', `/api/projects/${enc(projectId)}/implementations/${enc(implementationId)}/rollback`, {
      ...(reason === undefined ? {} : { reason }),
      ...(options.suggestionIds ? { suggestionIds: options.suggestionIds } : {}),
    });
  }

  // Analytics
  getAnalytics(projectId: string, window: { startDate?: string; endDate?: string } = {}) {
    return this.data<Analytics>('GET', `/api/projects/${enc(projectId)}/analytics${qs(window)}`);
  }
  getTimeseries(projectId: string, window: { startDate?: string; endDate?: string } = {}) {
    return this.data<TimeseriesPoint[]>('GET', `/api/projects/${enc(projectId)}/analytics/timeseries${qs(window)}`);
  }
  listOrphans(projectId: string, query: ListQuery = {}) {
    return this.page<OrphanPage>(`/api/projects/${enc(projectId)}/analytics/orphans`, { ...query });
  }
  listBrokenLinks(projectId: string, query: ListQuery = {}) {
    return this.page<BrokenLink>(`/api/projects/${enc(projectId)}/analytics/broken-links`, { ...query });
  }
  getInboundLinks(projectId: string) {
    return this.data<InboundLinks>('GET', `/api/projects/${enc(projectId)}/analytics/inbound-links`);
  }

  // The account
  getAccount() {
    return this.data<AccountInfo>('GET', '/api/account');
  }

  // API keys
  createKey(name?: string) {
    return this.data<CreatedKey>('POST', '/api/keys', name === undefined ? {} : { name });
  }
  listKeys() {
    return this.data<ApiKeyInfo[]>('GET', '/api/keys');
  }
  revokeKey(keyId: string) {
    return this.data<{ success: true }>('DELETE', `/api/keys/${enc(keyId)}`);
  }

  private async page<T>(path: string, query: Query): Promise<Page<T>> {
    const body = await this.request<{ data: T[]; meta: { pagination: Page<T>['pagination'] } }>('GET', `${path}${qs(query)}`);
    return { items: body.data, pagination: body.meta.pagination };
  }

  private async data<T>(method: string, path: string, body?: unknown): Promise<T> {
    return (await this.request<{ data: T }>(method, path, body)).data;
  }

  private async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { Authorization: `Bearer ${this.apiKey}`, Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await this.fetchImpl(`${this.baseUrl}${path}`, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const limit = response.headers.get('x-ratelimit-limit');
    if (limit !== null) {
      this.rateLimit = {
        limit: Number(limit),
        remaining: Number(response.headers.get('x-ratelimit-remaining')),
        reset: Number(response.headers.get('x-ratelimit-reset')),
      };
    }
    const text = await response.text();
    const parsed = text ? (JSON.parse(text) as unknown) : undefined;
    if (!response.ok) {
      const error = (parsed as { error?: { code?: string; message?: string; details?: { field: string; message: string }[] } } | undefined)?.error;
      const retryAfter = response.headers.get('retry-after');
      throw new InterlinkerApiError(
        response.status,
        error?.code ?? 'http_error',
        error?.message ?? `HTTP ${response.status}`,
        error?.details,
        retryAfter === null ? undefined : Number(retryAfter),
      );
    }
    return parsed as T;
  }
}

function enc(value: string): string {
  return encodeURIComponent(value);
}

function qs(query: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}
