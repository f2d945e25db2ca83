/** The three calls the benchmark makes to the bridge, over plain HTTP as the API document describes them. */
import type { SuggestionLike } from '../metrics/validity.js';

export interface PageToSync {
  url: string;
  title: string;
  content: string;
  statusCode: number;
}

export interface SyncOutcome {
  synced: number;
  failed: number;
  errors?: { index: number; url: string | null; code: string; message: string }[];
}

export interface GenerateOptions {
  sourcePageUrl: string;
  limit: number;
  minRelevanceScore: number;
}

export class BridgeRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(`${status} ${code}: ${message}`);
  }
}

export class SuggestionApi {
  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
  ) {}

  async createProject(name: string, domain: string): Promise<{ id: string }> {
    return this.request<{ id: string }>('POST', '/api/projects', { name, domain, preferredSdk: 'benchmark' });
  }

  async syncPages(projectId: string, pages: readonly PageToSync[]): Promise<SyncOutcome> {
    return this.request<SyncOutcome>('POST', `/api/projects/${encodeURIComponent(projectId)}/pages/batch`, pages);
  }

  async generateSuggestions(projectId: string, options: GenerateOptions): Promise<SuggestionLike[]> {
    return this.request<SuggestionLike[]>('POST', `/api/projects/${encodeURIComponent(projectId)}/suggestions`, options);
  }

  /** The bridge's OpenAPI document (served without a key), or null when it has none. */
  async openApiDocument(): Promise<unknown> {
    const response = await fetch(`${this.baseUrl}/api/openapi.json`);
    return response.ok ? response.json() : null;
  }

  private async request<T>(method: string, route: string, body: unknown): Promise<T> {
    const response = await fetch(`${this.baseUrl}${route}`, {
      method,
      headers: { authorization: `Bearer ${this.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const payload = (await response.json().catch(() => null)) as { data?: T; error?: { code: string; message: string } } | null;
    if (!response.ok || !payload || payload.data === undefined) {
      throw new BridgeRequestError(response.status, payload?.error?.code ?? 'unexpected_response', payload?.error?.message ?? response.statusText);
    }
    return payload.data;
  }
}
