import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../bridge/src/db/connection.js';
import { sqliteBackend, type Executor } from '../../bridge/src/db/database.js';
import { migrate } from '../../bridge/src/db/migrate.js';
import { GenerationQueueRepository } from '../../bridge/src/generation/generation-queue.repository.js';
import { GenerationQueue, type StoredSource } from '../../bridge/src/generation/generation.service.js';
import type { Project } from '../../bridge/src/projects/projects.schemas.js';
import { anchorRule } from '../../bridge/src/suggestions/ignored-words.js';
import { InterlinkerClient, type Suggestion } from '../../bridge/src/client/index.js';
import { startTestBridge, TestClock, waitForGeneration, type TestAccount, type TestBridge } from '../support/api-harness.js';
import { FIXTURE_DOMAIN, FIXTURE_PAGES, SOURCE_URL } from '../support/fixture-site.js';
import { startBridgeProcess } from '../support/bridge-process.js';
import { timeGrowthAsync } from '../support/time-growth.js';

/** Pages of the fixture that may be sources: all but the 404. */
const ELIGIBLE = FIXTURE_PAGES.filter((page) => (page.statusCode ?? 200) === 200).length;
const QUIET_MS = 1_000;

let bridge: TestBridge;
let account: TestAccount;
// Frozen: queued pages wait until a test moves it past the quiet period, so counts read before are exact.
const clock = new TestClock();

beforeAll(async () => {
  bridge = await startTestBridge({ clock, generation: { intervalMs: 10, quietMs: QUIET_MS } });
  account = await bridge.createAccount('generation');
});
afterAll(() => bridge.close());

async function syncedProject(name: string, settings: Record<string, unknown> = {}) {
  const project = await account.client.createProject({ name, domain: FIXTURE_DOMAIN, ...settings });
  await account.client.syncPages(project.id, FIXTURE_PAGES);
  return project.id;
}

/** Lets the project's queued pages go (the syncs are quiet now) and waits until they are generated. */
async function drain(projectId: string) {
  clock.advance(QUIET_MS);
  return waitForGeneration(account, projectId);
}

async function pending(projectId: string): Promise<Suggestion[]> {
  return (await account.client.listSuggestions(projectId, { status: 'pending', limit: 100 })).items;
}

const pairOf = (s: Suggestion) => `${s.sourcePageUrl} -> ${s.targetPageUrl}`;
const byPair = (a: Suggestion, b: Suggestion) => pairOf(a).localeCompare(pairOf(b));

describe('background generation', () => {
  it('when pages are synced, then the eligible ones are queued, and drained into the pending suggestions the explicit generate gives', async () => {
    const projectId = await syncedProject('queue on sync');
    const queued = await account.client.getGenerationProgress(projectId);
    expect(queued).toEqual({
      state: 'generating',
      queuedPages: ELIGIBLE,
      generatedPages: 0,
      totalPages: ELIGIBLE,
      suggestionsCreated: 0,
      startedAt: clock.now().toISOString(),
      finishedAt: null,
    });
    expect(await pending(projectId)).toEqual([]);

    const done = await drain(projectId);
    const stored = await pending(projectId);
    expect(done).toMatchObject({ state: 'idle', queuedPages: 0, generatedPages: ELIGIBLE, totalPages: ELIGIBLE, startedAt: queued.startedAt });
    expect(done.finishedAt).toBe(clock.now().toISOString());
    expect(done.suggestionsCreated).toBe(stored.length);

    // The explicit generate, with the same (the project's) settings, refreshes exactly what the background stored.
    const fromSource = stored.filter((s) => s.sourcePageUrl === SOURCE_URL).sort(byPair);
    expect(fromSource.length).toBeGreaterThanOrEqual(2);
    const explicit = (await account.client.generateSuggestions(projectId, { sourcePageUrl: SOURCE_URL })).sort(byPair);
    const shape = (s: Suggestion) => ({ id: s.id, target: s.targetPageUrl, anchor: s.anchorText, score: s.relevanceScore, context: s.context });
    expect(explicit.map(shape)).toEqual(fromSource.map(shape));
    expect((await pending(projectId)).length).toBe(stored.length);
  });

  it('when the same pages are synced again, then nothing is queued; a changed page starts a run of its own, a page gone leaves the queue', async () => {
    const projectId = await syncedProject('unchanged');
    const first = await drain(projectId);
    await account.client.syncPages(projectId, FIXTURE_PAGES);
    expect(await account.client.getGenerationProgress(projectId)).toEqual(first);

    const [changed, retitled] = FIXTURE_PAGES as [(typeof FIXTURE_PAGES)[number], (typeof FIXTURE_PAGES)[number]];
    clock.advance(1);
    await account.client.syncPages(projectId, [
      { ...changed, content: `${changed.content}<p>A new paragraph about bread flour.</p>` },
      { ...retitled, title: `${retitled.title} (new)` },
    ]);
    const second = await account.client.getGenerationProgress(projectId);
    expect(second).toMatchObject({ state: 'generating', queuedPages: 2, generatedPages: 0, totalPages: 2, finishedAt: null });
    expect(second.startedAt).not.toBe(first.startedAt);

    await account.client.syncPages(projectId, [{ ...retitled, statusCode: 410 }]);
    expect(await account.client.getGenerationProgress(projectId)).toMatchObject({ queuedPages: 1, totalPages: 1 });
    expect(await drain(projectId)).toMatchObject({ state: 'idle', generatedPages: 1, totalPages: 1 });
  });

  it('when a first sync comes in several batches, then pages are generated after the last one, with its pages as targets', async () => {
    const project = await account.client.createProject({ name: 'batches', domain: FIXTURE_DOMAIN });
    // The source first, its targets in later batches: a source generated after the first batch would have none.
    const source = FIXTURE_PAGES.find((page) => page.url === SOURCE_URL)!;
    const others = FIXTURE_PAGES.filter((page) => page !== source);
    await account.client.syncPages(project.id, [source]);
    for (const page of others) {
      clock.advance(QUIET_MS / 2);
      await account.client.syncPages(project.id, [page]);
    }
    const progress = await account.client.getGenerationProgress(project.id);
    expect(progress).toMatchObject({ generatedPages: 0, queuedPages: ELIGIBLE });
    await drain(project.id);
    const targets = (await pending(project.id)).filter((s) => s.sourcePageUrl === SOURCE_URL).map((s) => s.targetPageUrl);
    expect(targets).toEqual(expect.arrayContaining([`${FIXTURE_DOMAIN}/guides/sourdough-starter`, `${FIXTURE_DOMAIN}/guides/bread-flour`]));
  });

  it('when a generation setting changes, then pending suggestions it refuses go and every eligible page is queued again', async () => {
    const projectId = await syncedProject('settings');
    const before = await drain(projectId);
    const all = await pending(projectId);
    const scores = all.map((s) => s.relevanceScore).sort((a, b) => a - b);
    const threshold = scores[Math.floor(scores.length / 2)]!;
    expect(scores[0]).toBeLessThan(threshold);

    clock.advance(1);
    const updated = await account.client.updateProject(projectId, { minRelevanceScore: threshold, suggestionsPerPage: 3 });
    expect(updated).toMatchObject({ minRelevanceScore: threshold, suggestionsPerPage: 3, ignoredWords: [] });
    expect((await pending(projectId)).every((s) => s.relevanceScore >= threshold)).toBe(true);
    const requeued = await account.client.getGenerationProgress(projectId);
    expect(requeued).toMatchObject({ state: 'generating', queuedPages: ELIGIBLE, generatedPages: 0, suggestionsCreated: 0 });
    expect(requeued.startedAt).not.toBe(before.startedAt);

    const after = await drain(projectId);
    expect(after).toMatchObject({ generatedPages: ELIGIBLE, queuedPages: 0 });
    expect((await pending(projectId)).every((s) => s.relevanceScore >= threshold)).toBe(true);
    // The same name and value again changes nothing, so nothing is queued.
    await account.client.updateProject(projectId, { suggestionsPerPage: 3 });
    expect((await account.client.getGenerationProgress(projectId)).state).toBe('idle');
  });

  it('when words are ignored, then no anchor containing one as a whole word is proposed, in background or explicit generation', async () => {
    const projectId = await syncedProject('ignored words');
    await drain(projectId);
    const anchors = (await pending(projectId)).map((s) => s.anchorText);
    const word = anchors.map((a) => /\bstarter\b/i.exec(a)?.[0]).find(Boolean) ?? 'flour';
    const containing = new RegExp(`\\b${word}\\b`, 'i');
    expect(anchors.some((a) => containing.test(a))).toBe(true);

    const updated = await account.client.updateProject(projectId, { ignoredWords: [word.toUpperCase(), '  oven spring ', word] });
    expect(updated.ignoredWords).toEqual([word.toUpperCase(), 'oven spring']);
    expect((await pending(projectId)).some((s) => containing.test(s.anchorText))).toBe(false);
    const explicit = await account.client.generateSuggestions(projectId, { sourcePageUrl: SOURCE_URL, minRelevanceScore: 0, limit: 50 });
    expect(explicit.length).toBeGreaterThan(0);
    expect(explicit.some((s) => containing.test(s.anchorText))).toBe(false);
    await drain(projectId);
    const after = await pending(projectId);
    expect(after.length).toBeGreaterThan(0);
    expect(after.some((s) => containing.test(s.anchorText))).toBe(false);
  });

  it('when ignored words are matched, then only whole words count, in any case and with any spacing', () => {
    const allowed = anchorRule(['starter', 'oven spring', 'C++', 'crème'])!;
    const cases: [string, boolean][] = [
      ['sourdough starter', false],
      ['Sourdough STARTER', false],
      ['starters of dough', true],
      ['restarter', true],
      ['oven   spring', false],
      ['ovens spring', true],
      ['c++ loaf', false],
      ['Crème fraîche', false],
      ['crèmes', true],
      ['bread flour', true],
    ];
    for (const [anchor, ok] of cases) expect(allowed(anchor), anchor).toBe(ok);
    expect(anchorRule([])).toBeUndefined();
  });

  it('when settings are invalid, then 400 validation_error names each bad field and nothing changes', async () => {
    const project = await account.client.createProject({ name: 'invalid settings', domain: FIXTURE_DOMAIN });
    expect(project).toMatchObject({ minRelevanceScore: null, suggestionsPerPage: 10, ignoredWords: [] });
    const bad: [Record<string, unknown>, string][] = [
      [{ minRelevanceScore: 1.5 }, 'minRelevanceScore'],
      [{ minRelevanceScore: -0.1 }, 'minRelevanceScore'],
      [{ minRelevanceScore: '0.5' }, 'minRelevanceScore'],
      [{ suggestionsPerPage: 0 }, 'suggestionsPerPage'],
      [{ suggestionsPerPage: 51 }, 'suggestionsPerPage'],
      [{ suggestionsPerPage: 2.5 }, 'suggestionsPerPage'],
      [{ suggestionsPerPage: null }, 'suggestionsPerPage'],
      [{ ignoredWords: Array.from({ length: 201 }, (_, i) => `w${i}`) }, 'ignoredWords'],
      [{ ignoredWords: ['x'.repeat(61)] }, 'ignoredWords.0'],
      [{ ignoredWords: ['ok', '   '] }, 'ignoredWords.1'],
      [{ ignoredWords: [3] }, 'ignoredWords.0'],
      [{ ignoredWords: 'flour' }, 'ignoredWords'],
    ];
    for (const [json, field] of bad) {
      const response = await bridge.fetch(`/api/projects/${project.id}`, { method: 'PATCH', key: account.key, json });
      expect(response.status, JSON.stringify(json)).toBe(400);
      const { error } = await response.json();
      expect(error).toMatchObject({ code: 'validation_error', status: 400 });
      expect(error.details.map((d: { field: string }) => d.field), JSON.stringify(json)).toContain(field);
    }
    const created = await bridge.fetch('/api/projects', { method: 'POST', key: account.key, json: { name: 'x', domain: FIXTURE_DOMAIN, suggestionsPerPage: 0 } });
    expect(created.status).toBe(400);
    expect(await account.client.getProject(project.id)).toEqual(project);
    // null sets the engine's default back; 200 words of 60 characters are accepted.
    const words = Array.from({ length: 200 }, (_, i) => `${i}`.padEnd(60, 'w'));
    const updated = await account.client.updateProject(project.id, { minRelevanceScore: null, suggestionsPerPage: 50, ignoredWords: words });
    expect(updated).toMatchObject({ minRelevanceScore: null, suggestionsPerPage: 50, ignoredWords: words });
  });

  it("when another account asks for a project's generation, then 404 as for any of its routes", async () => {
    const projectId = await syncedProject('isolation');
    const other = await bridge.createAccount('generation-other');
    const response = await bridge.fetch(`/api/projects/${projectId}/generation`, { key: other.key });
    expect(response.status).toBe(404);
    expect((await response.json()).error.code).toBe('not_found');
    expect((await bridge.fetch(`/api/projects/${projectId}/generation`, { key: null })).status).toBe(401);
    expect((await bridge.fetch(`/api/projects/prj_unknown/generation`, { key: account.key })).status).toBe(404);
  });

  it('when no sync happened yet, then the progress is idle with zeros', async () => {
    const project = await account.client.createProject({ name: 'empty', domain: FIXTURE_DOMAIN });
    expect(await account.client.getGenerationProgress(project.id)).toEqual({
      state: 'idle', queuedPages: 0, generatedPages: 0, totalPages: 0, suggestionsCreated: 0, startedAt: null, finishedAt: null,
    });
  });
});

describe('background generation across a restart', () => {
  it('when the bridge stops with pages queued, then the next start generates them', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'interlinker-restart-'));
    const dbFile = path.join(dir, 'bridge.db');
    try {
      // Not running: the pages stay queued, as at a stop before their syncs went quiet.
      const first = await startTestBridge({ dbFile });
      const owner = await first.createAccount('restart');
      const project = await owner.client.createProject({ name: 'restart', domain: FIXTURE_DOMAIN });
      await owner.client.syncPages(project.id, FIXTURE_PAGES);
      expect((await owner.client.getGenerationProgress(project.id)).queuedPages).toBe(ELIGIBLE);
      await first.close();

      const second = await startTestBridge({ dbFile, generation: { intervalMs: 10, quietMs: 0 } });
      try {
        const again = { ...owner, client: new InterlinkerClient({ baseUrl: second.url, apiKey: owner.key }) };
        const done = await waitForGeneration(again, project.id);
        expect(done).toMatchObject({ state: 'idle', generatedPages: ELIGIBLE, queuedPages: 0 });
        expect(done.suggestionsCreated).toBeGreaterThan(0);
        expect((await again.client.listSuggestions(project.id, { status: 'pending' })).pagination.total).toBe(done.suggestionsCreated);
      } finally {
        await second.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('background generation in the bridge process', () => {
  it('when the process is stopped with pages queued and started again, then its generator (timed by INTERLINKER_GENERATION_*) generates them', async () => {
    // Quiet for an hour: the pages stay queued until the stop.
    const bridgeProcess = await startBridgeProcess({ env: { INTERLINKER_GENERATION_QUIET_MS: '3600000' } });
    try {
      const client = new InterlinkerClient({ baseUrl: bridgeProcess.url, apiKey: bridgeProcess.apiKey });
      const project = await client.createProject({ name: 'process', domain: FIXTURE_DOMAIN });
      await client.syncPages(project.id, FIXTURE_PAGES);
      expect(await client.getGenerationProgress(project.id)).toMatchObject({ state: 'generating', queuedPages: ELIGIBLE });
      await bridgeProcess.stop();
      await bridgeProcess.start({ INTERLINKER_GENERATION_QUIET_MS: '0', INTERLINKER_GENERATION_INTERVAL_MS: '20' });
      const done = await waitForGeneration({ accountId: '', key: bridgeProcess.apiKey, client }, project.id);
      expect(done).toMatchObject({ state: 'idle', queuedPages: 0, generatedPages: ELIGIBLE });
      expect((await client.listSuggestions(project.id, { status: 'pending' })).pagination.total).toBe(done.suggestionsCreated);
    } finally {
      await bridgeProcess.dispose();
    }
  });
});

describe('the generation queue', () => {
  let dir: string;
  let db: ReturnType<typeof openDatabase>;
  let projects = 0;
  // A fresh database per test: each sees only its own projects' queues.
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'interlinker-queue-'));
    db = openDatabase(path.join(dir, 'queue.db'));
    migrate(db);
    db.prepare("INSERT INTO accounts (id, name, tier, rate_limit, created_at) VALUES ('acc', 'a', 'free', 100, '2026-01-01T00:00:00.000Z')").run();
  });
  afterEach(() => {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A project of `size` stored 2xx pages (rows only: the queue reads no more), and its pages as a sync's batches of 500. */
  function projectOf(size: number) {
    const projectId = `prj${(projects += 1)}`;
    db.prepare("INSERT INTO projects (id, account_id, name, domain, created_at, updated_at) VALUES (?, 'acc', 'p', 'https://x.test', 'now', 'now')").run(projectId);
    db.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO pages (id, project_id, url, url_key, title, status_code, path, created_at, last_synced_at)
       SELECT ? || '-' || i, ?, 'https://x.test/p' || i, 'https://x.test/p' || i, 't', 200, '/p' || i, 'now', 'now' FROM n`,
    ).run(size, projectId, projectId);
    const project = { id: projectId, includePaths: [], excludePaths: [] } as unknown as Project;
    const page = (i: number, isNew = true): StoredSource => ({ pageId: `${projectId}-${i}`, url: `https://x.test/p${i}`, statusCode: 200, excluded: false, isNew });
    const batches: StoredSource[][] = [];
    for (let start = 1; start <= size; start += 500) {
      batches.push(Array.from({ length: Math.min(500, size - start + 1) }, (_, k) => page(start + k)));
    }
    return { project, batches, page };
  }

  /** A queue whose "generation" only records the pages it was given, in order. */
  function recordingQueue() {
    const generated: string[] = [];
    const kysely = sqliteBackend(db).db;
    const queue = new GenerationQueue(
      kysely,
      new GenerationQueueRepository(),
      new TestClock(),
      { findForBackgroundWork: async (projectId) => ({ id: projectId }) as unknown as Project },
      {
        generateQueued: async (_project, pageId, alongside) => {
          generated.push(pageId);
          await kysely.transaction().execute((trx) => alongside(trx, { created: 1 }));
        },
        serialized: (_projectId, work) => work(),
      },
      0,
    );
    const inTransaction = (work: (trx: Executor) => Promise<void>) => kysely.transaction().execute(work);
    return { queue, generated, inTransaction };
  }

  it('when a first sync stores many pages, then queueing them takes time linear in their number', async () => {
    const { queue, inTransaction } = recordingQueue();
    const growth = await timeGrowthAsync(
      projectOf,
      ({ project, batches }) =>
        inTransaction(async (trx) => {
          for (const batch of batches) await queue.pagesStored(trx, project, batch);
        }),
      2_000,
      8,
      3,
    );
    // 8 when linear, 64 when quadratic: halfway, as the engine's linear-time tests (a loaded machine measured 24.5).
    expect(growth).toBeLessThan(32);
  });

  it('when a batch brings new pages while a run is under way, then the pages it generated already wait again; a changed page alone does not requeue them', async () => {
    const { queue, generated, inTransaction } = recordingQueue();
    const { project, page } = projectOf(40);
    const progress = () => queue.progress(project.id);
    await inTransaction((trx) => queue.pagesStored(trx, project, Array.from({ length: 30 }, (_, i) => page(i + 1))));
    // One chunk: at most 20 pages.
    expect(await queue.generateChunk(() => {})).toBe(true);
    expect(await progress()).toMatchObject({ generatedPages: 20, queuedPages: 10, suggestionsCreated: 20, state: 'generating' });

    await inTransaction((trx) => queue.pagesStored(trx, project, [page(1, false)]));
    expect(await progress()).toMatchObject({ generatedPages: 19, queuedPages: 11 });
    await inTransaction((trx) => queue.pagesStored(trx, project, [page(31)]));
    expect(await progress()).toMatchObject({ generatedPages: 0, queuedPages: 31, totalPages: 31 });

    while (await queue.generateChunk(() => {}));
    expect(await progress()).toMatchObject({ state: 'idle', generatedPages: 31, queuedPages: 0, finishedAt: expect.any(String) });
    expect(new Set(generated).size).toBe(31);
    expect(generated.length).toBe(20 + 31);
  });

  it('when several projects have queued pages, then chunks go to each in turn', async () => {
    const { queue, generated, inTransaction } = recordingQueue();
    const one = projectOf(45);
    const two = projectOf(45);
    await inTransaction(async (trx) => {
      await queue.pagesStored(trx, one.project, one.batches[0]!);
      await queue.pagesStored(trx, two.project, two.batches[0]!);
    });
    const owners: string[] = [];
    for (let chunk = 0; chunk < 4; chunk += 1) {
      const before = generated.length;
      await queue.generateChunk(() => {});
      owners.push(...new Set(generated.slice(before).map((pageId) => pageId.split('-')[0]!)));
    }
    expect(owners).toEqual([one.project.id, two.project.id, one.project.id, two.project.id]);
  });
});
