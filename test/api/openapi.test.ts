import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MIN_RELEVANCE_SCORE } from '../../bridge/src/engine/relevance.js';
import { startTestBridge, type TestBridge } from '../support/api-harness.js';

let bridge: TestBridge;

beforeAll(async () => {
  bridge = await startTestBridge();
});
afterAll(() => bridge.close());

describe('the OpenAPI document', () => {
  it('when it is fetched without a key, then it is OpenAPI 3.1 and covers every route of the API document and the extensions', async () => {
    const response = await fetch(`${bridge.url}/api/openapi.json`);
    expect(response.status).toBe(200);
    const document = await response.json();
    expect(document.openapi).toBe('3.1.0');
    const operations = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations).toEqual(
      expect.arrayContaining([
        'POST /api/projects', 'GET /api/projects', 'GET /api/projects/{projectId}', 'PATCH /api/projects/{projectId}', 'DELETE /api/projects/{projectId}',
        'POST /api/projects/{projectId}/pages/batch', 'GET /api/projects/{projectId}/pages', 'GET /api/projects/{projectId}/pages/{pageId}',
        'POST /api/projects/{projectId}/suggestions', 'GET /api/projects/{projectId}/suggestions',
        'GET /api/projects/{projectId}/suggestions/{suggestionId}', 'PATCH /api/projects/{projectId}/suggestions/{suggestionId}',
        'DELETE /api/projects/{projectId}/suggestions/{suggestionId}',
        'POST /api/projects/{projectId}/implementations', 'GET /api/projects/{projectId}/implementations',
        'GET /api/projects/{projectId}/implementations/{implementationId}',
        'POST /api/projects/{projectId}/implementations/{implementationId}/rollback',
        'POST /api/projects/{projectId}/implementations/{implementationId}/results',
        'GET /api/projects/{projectId}/generation',
        'GET /api/projects/{projectId}/analytics', 'POST /api/keys', 'GET /api/keys', 'DELETE /api/keys/{keyId}', 'GET /healthz',
        'GET /api/account',
      ]),
    );
  });

  it('when a request schema is documented, then it is the one that validates (limits and defaults match)', async () => {
    const document = await (await fetch(`${bridge.url}/api/openapi.json`)).json();
    const generate = document.paths['/api/projects/{projectId}/suggestions'].post;
    const body = generate.requestBody.content['application/json'].schema;
    // Their defaults are the project's settings (suggestionsPerPage 10, minRelevanceScore null: the engine's default).
    expect(body.properties.limit).toMatchObject({ minimum: 1, maximum: 50 });
    expect(body.properties.limit.description).toMatch(/suggestionsPerPage/);
    expect(body.properties.minRelevanceScore).toMatchObject({ minimum: 0, maximum: 1 });
    expect(body.properties.minRelevanceScore.description).toContain(String(DEFAULT_MIN_RELEVANCE_SCORE));
    expect(body.required).toEqual(['sourcePageUrl']);
    const patch = document.paths['/api/projects/{projectId}'].patch.requestBody.content['application/json'].schema;
    expect(patch.properties.suggestionsPerPage).toMatchObject({ type: 'integer', minimum: 1, maximum: 50 });
    expect(patch.properties.ignoredWords).toMatchObject({ type: 'array', maxItems: 200, items: { type: 'string', minLength: 1, maxLength: 60 } });
    expect(JSON.stringify(patch.properties.minRelevanceScore)).toContain('null');
    const rollback = document.paths['/api/projects/{projectId}/implementations/{implementationId}/rollback'].post;
    const rollbackBody = rollback.requestBody.content['application/json'].schema;
    expect(rollbackBody.properties.suggestionIds).toMatchObject({ type: 'array', minItems: 1, maxItems: 100 });
    expect(rollbackBody.required ?? []).toEqual([]);
    expect(JSON.stringify(rollback.responses['200'])).toContain('rolledBackAt');
    const progress = document.paths['/api/projects/{projectId}/generation'].get.responses['200'].content['application/json'].schema;
    expect(JSON.stringify(progress)).toMatch(/GenerationProgress|queuedPages/);
    const list = document.paths['/api/projects/{projectId}/pages'].get;
    const limit = list.parameters.find((p: { name: string }) => p.name === 'limit');
    expect(limit.schema).toMatchObject({ minimum: 1, maximum: 100, default: 50 });
    expect(list.responses['200'].headers['X-RateLimit-Reset']).toBeDefined();
    expect(Object.keys(list.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '404', '429']));
    const sync = document.paths['/api/projects/{projectId}/pages/batch'].post.requestBody.content['application/json'].schema;
    expect(sync.items.properties.keyphrases).toMatchObject({ maxItems: 10, default: [], items: { type: 'string', minLength: 1, maxLength: 100 } });
    expect(sync.items.properties.keyphrases.description).toMatch(/6 words/);
    expect(sync.items.properties.language).toMatchObject({ type: 'string', maxLength: 35, default: 'en' });
    expect(sync.items.properties.language.description).toMatch(/BCP 47/);
    const listed = list.responses['200'].content['application/json'].schema;
    expect(JSON.stringify(listed)).toContain('"language"');
  });

  it('when the creating POSTs are documented, then Idempotency-Key is a header parameter and 409 and 503 are among their answers', async () => {
    const document = await (await fetch(`${bridge.url}/api/openapi.json`)).json();
    for (const path of ['/api/projects', '/api/projects/{projectId}/implementations', '/api/keys']) {
      const operation = document.paths[path].post;
      expect(operation.parameters, path).toContainEqual(
        expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false, schema: expect.objectContaining({ minLength: 16, maxLength: 255 }) }),
      );
      expect(operation.responses['409'].description, path).toMatch(/Idempotency-Key/);
      expect(operation.responses['201'].headers['Idempotent-Replayed'], path).toBeDefined();
      expect(operation.responses['503'].headers['Retry-After'], path).toBeDefined();
    }
    const other = document.paths['/api/projects/{projectId}/pages/batch'].post;
    expect(other.parameters.map((p: { name: string }) => p.name)).not.toContain('Idempotency-Key');
    expect(Object.keys(other.responses)).toContain('503');
    expect(document.info.description).toMatch(/2048 characters/);
  });

  it('when quotas are documented, then GET /api/account reports them and the creating requests list 403 quota_exceeded', async () => {
    const document = await (await fetch(`${bridge.url}/api/openapi.json`)).json();
    const account = JSON.stringify(document.paths['/api/account'].get.responses['200']);
    for (const field of ['projects', 'pages', 'contentBytes', 'limit', 'used', 'custom']) expect(account).toContain(`"${field}"`);
    for (const [path, method] of [['/api/projects', 'post'], ['/api/projects/{projectId}/pages/batch', 'post']] as const) {
      expect(document.paths[path][method].responses['403'].description, path).toMatch(/quota_exceeded/);
    }
    const health = JSON.stringify(document.paths['/healthz'].get.responses['200']);
    for (const field of ['loaded', 'bytes', 'budgetBytes']) expect(health).toContain(`"${field}"`);
  });
});
