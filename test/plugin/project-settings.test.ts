import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RestConnectionCheck, RestGeneration, RestSettings, RestSetup } from '../../admin-ui/src/api/rest-types.js';
import type { RestClient } from '../support/wordpress.js';
import { fullSync, type PluginSite, schemaMisfits, startPluginSite } from './support/plugin-site.js';
import { startRecordingServer } from './support/recording-server.js';

interface WpError {
  code: string;
  message: string;
  data: { status: number };
}
interface BridgeProject {
  id: string;
  excludePaths: string[];
  minRelevanceScore?: number | null;
  suggestionsPerPage?: number;
  ignoredWords?: string[];
}

const POSTS = [
  { title: 'Bread Flour', content: '<p>Bread flour has more protein than cake flour, so bread flour builds gluten.</p>' },
  { title: 'Weekend Loaf', content: '<p>Every Saturday I weigh out strong bread flour for the weekend loaf.</p>' },
];

/** What the plugin sent to the bridge, through the recording proxy: the JSON bodies of the matching requests. */
function sentBodies(site: PluginSite, method: string, path: RegExp): Record<string, unknown>[] {
  return site
    .proxy!.requests.filter((request) => request.method === method && path.test(request.path))
    .map((request) => JSON.parse(request.body) as Record<string, unknown>);
}

/** Forgets what the proxy saw and lifts its faults: what follows is recorded afresh. */
function freshRecording(site: PluginSite): void {
  site.proxy!.clear();
  site.proxy!.seen.length = 0;
  site.proxy!.requests.length = 0;
}

describe('the site settings the bridge project follows', () => {
  let site: PluginSite;

  beforeAll(async () => {
    // No filter: the "Minimum score" setting decides (the filter's override has its own test below).
    site = await startPluginSite({ name: 'plugin-project-settings', throughProxy: true, minRelevanceScore: null });
    for (const post of POSTS) await site.createPost(post);
  });

  afterAll(async () => {
    await site?.stop();
  });

  const save = (body: Record<string, unknown>) => site.admin.json<RestSettings & WpError>('/interlinker/v1/settings', { method: 'POST', body });
  const project = async () => (await site.bridgeApi<{ data: BridgeProject }>(`/api/projects/${await site.projectId()}`)).body.data;

  it('when the project is created (by the first post sent), then it is created with the settings (automatic score as null, 10 per post, no words)', async () => {
    // Creating the posts queued them, and the queue sent them after each answer: that made the project.
    await fullSync(site.admin);

    const created = sentBodies(site, 'POST', /^\/api\/projects$/);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ excludePaths: [], minRelevanceScore: null, suggestionsPerPage: 10, ignoredWords: [] });
  });

  it('when the minimum score, suggestions per post and ignored words are saved, then the project gets them as 0–1, an integer and a list', async () => {
    freshRecording(site);
    const saved = await save({ minRelevanceScore: 70, suggestionsPerPage: 5, ignoredWords: ['click here', ' Read more ', 'CLICK HERE', ''] });

    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ minRelevanceScore: 70, suggestionsPerPage: 5, ignoredWords: ['click here', 'Read more'] });
    expect(saved.body.warnings ?? []).toEqual([]);
    expect(await schemaMisfits(site.admin, '/interlinker/v1/settings', saved)).toEqual([]);
    const patches = sentBodies(site, 'PATCH', /^\/api\/projects\/[^/]+$/);
    expect(patches).toEqual([{ excludePaths: [], minRelevanceScore: 0.7, suggestionsPerPage: 5, ignoredWords: ['click here', 'Read more'] }]);
  });

  // Needs the bridge's project settings (the background-generation branch): before it, the bridge ignores the fields.
  it('when the settings were pushed, then the bridge project holds them', async () => {
    await save({ minRelevanceScore: 55, suggestionsPerPage: 7, ignoredWords: ['here'] });

    expect(await project()).toMatchObject({ minRelevanceScore: 0.55, suggestionsPerPage: 7, ignoredWords: ['here'] });
  });

  it('when the minimum score is set back to automatic, then the project gets null', async () => {
    freshRecording(site);
    const saved = await save({ minRelevanceScore: null });

    expect(saved.status).toBe(200);
    expect(saved.body.minRelevanceScore).toBeNull();
    expect(sentBodies(site, 'PATCH', /^\/api\/projects\/[^/]+$/)[0]).toMatchObject({ minRelevanceScore: null });
  });

  it('when nothing the project follows changed, then the bridge is not told again', async () => {
    freshRecording(site);
    await save({ maxLinksPerPost: 4 });

    expect(sentBodies(site, 'PATCH', /^\/api\/projects\/[^/]+$/)).toEqual([]);
  });

  it.each([
    [{ minRelevanceScore: 101 }],
    [{ minRelevanceScore: -1 }],
    [{ suggestionsPerPage: 0 }],
    [{ suggestionsPerPage: 51 }],
    [{ ignoredWords: ['x'.repeat(61)] }],
    [{ ignoredWords: Array.from({ length: 201 }, (_, i) => `word${i}`) }],
  ])('when %j is saved, then it is refused and nothing is sent', async (body) => {
    freshRecording(site);
    const refused = await save(body);

    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('rest_invalid_param');
    expect(sentBodies(site, 'PATCH', /^\/api\/projects/)).toEqual([]);
  });

  it('when the bridge cannot be told, then saving warns and the next sync sends the settings', async () => {
    site.proxy!.inject('PATCH', /^\/api\/projects\/[^/]+$/, { kind: 'status', status: 503, times: 10 });
    const saved = await save({ suggestionsPerPage: 12 });
    freshRecording(site);
    await fullSync(site.admin);

    expect(saved.status).toBe(200);
    expect(saved.body.warnings?.join(' ')).toMatch(/next sync/);
    expect(sentBodies(site, 'PATCH', /^\/api\/projects\/[^/]+$/)[0]).toMatchObject({ suggestionsPerPage: 12 });
  });
});

describe('the filter interlinker_min_relevance_score', () => {
  let site: PluginSite;

  beforeAll(async () => {
    site = await startPluginSite({ name: 'plugin-min-score-filter', throughProxy: true, minRelevanceScore: 0.25 });
    await site.createPost(POSTS[0]!);
    await fullSync(site.admin);
  });

  afterAll(async () => {
    await site?.stop();
  });

  it('when a filter sets the lowest score, then it overrides the setting in what the project gets', async () => {
    const created = sentBodies(site, 'POST', /^\/api\/projects$/);
    freshRecording(site);
    const saved = await site.admin.json<RestSettings>('/interlinker/v1/settings', { method: 'POST', body: { minRelevanceScore: 80, suggestionsPerPage: 9 } });

    expect(created[0]).toMatchObject({ minRelevanceScore: 0.25 });
    expect(saved.body.minRelevanceScore).toBe(80);
    expect(sentBodies(site, 'PATCH', /^\/api\/projects\/[^/]+$/)).toEqual([expect.objectContaining({ minRelevanceScore: 0.25, suggestionsPerPage: 9 })]);
  });
});

describe('Save connection tests the address and key first', () => {
  let site: PluginSite;

  beforeAll(async () => {
    site = await startPluginSite({ name: 'plugin-save-connection', configure: 'none' });
  });

  afterAll(async () => {
    await site?.stop();
  });

  const save = (body: Record<string, unknown>) => site.admin.json<RestSettings & WpError>('/interlinker/v1/settings', { method: 'POST', body });
  const settings = async () => (await site.admin.json<RestSettings>('/interlinker/v1/settings')).body;
  const setup = async () => (await site.admin.json<RestSetup>('/interlinker/v1/setup')).body;

  it('when the bridge refuses the key, then nothing is saved and the answer says the key was refused', async () => {
    const refused = await save({ bridgeUrl: site.bridge.url, apiKey: 'ilk_not_a_key_of_this_bridge' });

    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('interlinker_bridge_unauthorized');
    expect(refused.body.message).toMatch(/^Not saved: .*refused the API key/);
    expect(await settings()).toMatchObject({ bridgeUrl: '', apiKeySet: false });
    expect(await setup()).toMatchObject({ connectionSet: false, connectionTested: false, complete: false });
  });

  it('when the address answers but is no bridge, then nothing is saved and the key is not sent there', async () => {
    const other = await startRecordingServer((_request, response) => {
      response.writeHead(404, { 'Content-Type': 'text/html' });
      response.end('<h1>Not found</h1>');
    });
    try {
      const notBridge = await save({ bridgeUrl: other.url, apiKey: site.bridge.apiKey });

      expect(notBridge.status).toBe(502);
      expect(notBridge.body.code).toBe('interlinker_not_a_bridge');
      expect((await settings()).apiKeySet).toBe(false);
      expect(other.seen.filter((request) => request.authorization?.includes(site.bridge.apiKey))).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('when nothing answers at the address, then it is saved with a warning that the key could not be checked', async () => {
    const port = site.bridge.port;
    const saved = await save({ bridgeUrl: `http://127.0.0.1:${port === 1 ? 2 : 1}`, apiKey: site.bridge.apiKey });

    expect(saved.status).toBe(200);
    expect(saved.body.warnings?.join(' ')).toMatch(/key could not be checked: Could not connect to 127\.0\.0\.1:\d+\./);
    expect((await setup()).connectionTested).toBe(false);
  });

  it('when the bridge takes the key, then it is saved and the setup counts the connection as tested', async () => {
    const saved = await save({ bridgeUrl: site.bridge.url, apiKey: site.bridge.apiKey });

    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ bridgeUrl: site.bridge.url, apiKeySet: true });
    expect(await setup()).toMatchObject({ connectionSet: true, connectionTested: true, contentSynced: false, complete: false });
  });

  it('when a key alone is changed to one the bridge refuses, then the working key stays', async () => {
    const refused = await save({ apiKey: 'ilk_revoked_or_mistyped' });
    const tested = await site.admin.json<RestConnectionCheck>('/interlinker/v1/settings/test-connection', { method: 'POST' });

    expect(refused.status).toBe(422);
    expect(tested.status).toBe(200);
    expect(tested.body.ok).toBe(true);
  });

  it('when the content is synced, then the setup counts the sync', async () => {
    await site.createPost(POSTS[0]!);
    await fullSync(site.admin);

    expect(await setup()).toMatchObject({ connectionSet: true, connectionTested: true, contentSynced: true });
  });
});

describe('a key of another account', () => {
  let site: PluginSite;

  beforeAll(async () => {
    site = await startPluginSite({ name: 'plugin-other-account', throughProxy: true });
    await site.createPost(POSTS[0]!);
    await fullSync(site.admin);
  });

  afterAll(async () => {
    await site?.stop();
  });

  const testConnection = () => site.admin.json<RestConnectionCheck & WpError>('/interlinker/v1/settings/test-connection', { method: 'POST' });

  it("when the key works but this site's project is in another account, then Test connection says so and the sync creates it there", async () => {
    const before = await testConnection();
    const oldProject = await site.projectId();
    site.proxy!.useKey(await site.bridge.createKey('another-agency'));

    const switched = await testConnection();
    const listed = await site.admin.json<WpError>('/interlinker/v1/suggestions');
    await fullSync(site.admin);
    const after = await testConnection();

    expect(before.body).toMatchObject({ ok: true, projectState: 'found', projectId: oldProject });
    expect(switched.status).toBe(200);
    expect(await schemaMisfits(site.admin, '/interlinker/v1/settings/test-connection', switched)).toEqual([]);
    expect(switched.body.projectState).toBe('missing');
    expect(switched.body.projectId).toBeNull();
    expect(switched.body.message).toContain(oldProject);
    expect(switched.body.message).toMatch(/not in the account of this API key.*Sync all content/);
    expect(switched.body.message).not.toMatch(/Connected to the bridge and to this site's project/);
    expect(listed.body.code).toBe('interlinker_not_synced');
    expect(after.body.projectState).toBe('found');
    expect(after.body.projectId).not.toBe(oldProject);
  });
});

describe('GET /generation', () => {
  let site: PluginSite;
  const clients = new Map<string, RestClient>();

  beforeAll(async () => {
    site = await startPluginSite({ name: 'plugin-generation', throughProxy: true });
    for (const who of ['anonymous', 'subscriber', 'author', 'editor'] as const) clients.set(who, await site.wp.rest(who));
    for (const post of POSTS) await site.createPost(post);
    await fullSync(site.admin);
  });

  afterAll(async () => {
    await site?.stop();
  });

  it.each([
    ['anonymous', 401],
    ['subscriber', 403],
  ] as const)('when the %s asks, then it is refused before any call to the bridge', async (who, status) => {
    freshRecording(site);
    const answer = await clients.get(who)!.json<WpError>('/interlinker/v1/generation');

    expect(answer.status).toBe(status);
    expect(answer.body.code).toBe('interlinker_forbidden');
    expect(site.proxy!.seen).toEqual([]);
  });

  // Needs the bridge's GET /api/projects/{id}/generation (the background-generation branch).
  it("when an editor asks after a sync, then the answer is the bridge's progress, as the schema says", async () => {
    freshRecording(site);
    const answer = await clients.get('editor')!.json<RestGeneration>('/interlinker/v1/generation');

    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(await schemaMisfits(site.admin, '/interlinker/v1/generation', answer)).toEqual([]);
    expect(answer.body.totalPages).toBe(answer.body.generatedPages + answer.body.queuedPages);
    expect(site.proxy!.seen).toContainEqual(expect.stringMatching(/^GET \/api\/projects\/[^/]+\/generation$/));
  });

  // Needs the bridge branch too: the run the sync started ends, and its suggestions complete the setup.
  it('when the background generation has made suggestions, then the setup is complete', async () => {
    let progress: RestGeneration | undefined;
    for (let i = 0; i < 100; i++) {
      progress = (await site.admin.json<RestGeneration>('/interlinker/v1/generation')).body;
      if (progress.state === 'idle') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const setup = (await site.admin.json<RestSetup>('/interlinker/v1/setup')).body;

    expect(progress).toMatchObject({ state: 'idle', queuedPages: 0 });
    // A run counts each generation of a page: a page the full sync brought again after the posts' own sync counts twice.
    expect(progress!.generatedPages).toBeGreaterThanOrEqual(POSTS.length);
    expect(progress!.totalPages).toBe(progress!.generatedPages);
    expect(setup).toMatchObject({ contentSynced: true, suggestionsMade: true, complete: true });
  });
});
