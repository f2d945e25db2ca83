import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InterlinkerClient } from '../../bridge/src/client/index.js';
import { startBridgeProcess, type BridgeProcess } from '../support/bridge-process.js';
import { FIXTURE_DOMAIN, FIXTURE_PAGES, SOURCE_URL } from '../support/fixture-site.js';

// The real bridge process, killed with SIGKILL (no shutdown, no snapshot, a transaction left open) at a point it
// announces: started with INTERLINKER_TEST_PAUSE_AT, it stops there (bridge/src/lib/pause-points.ts) until killed.
let bridge: BridgeProcess;
let client: InterlinkerClient;
let projectId: string;

beforeAll(async () => {
  bridge = await startBridgeProcess({ sqliteOnly: true });
  client = new InterlinkerClient({ baseUrl: bridge.url, apiKey: bridge.apiKey });
  projectId = (await client.createProject({ name: 'Crash', domain: FIXTURE_DOMAIN })).id;
  await client.syncPages(projectId, FIXTURE_PAGES);
});
afterAll(() => bridge.dispose());

/** Restarts the bridge paused at `point`, starts `request`, and kill -9s the bridge once it is paused there. */
async function killDuring(point: string, request: () => Promise<unknown>): Promise<'answered' | 'cut'> {
  await bridge.stop();
  await bridge.start({ INTERLINKER_TEST_PAUSE_AT: point });
  const outcome = request().then(
    () => 'answered' as const,
    () => 'cut' as const,
  );
  const deadline = Date.now() + 20_000;
  while (!bridge.output.includes(`paused at ${point}`)) {
    if (Date.now() > deadline) throw new Error(`the bridge never reached ${point}: ${bridge.output}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  process.kill(bridge.pid, 'SIGKILL');
  await bridge.stop();
  return outcome;
}

/** The database file as the crash left it (WAL recovered on open): integrity_check's answer and any query. */
function inspect<T>(query: (db: Database.Database) => T): { integrity: string; result: T } {
  const db = new Database(bridge.dbFile);
  try {
    return { integrity: db.pragma('integrity_check', { simple: true }) as string, result: query(db) };
  } finally {
    db.close();
  }
}

const suggestions = async () =>
  (await client.generateSuggestions(projectId, { sourcePageUrl: SOURCE_URL, minRelevanceScore: 0 })).map(
    ({ targetPageUrl, anchorText, relevanceScore }) => ({ targetPageUrl, anchorText, relevanceScore }),
  );

describe('the bridge process killed with SIGKILL', () => {
  it('when it is killed in the middle of storing a batch, then after a restart the database is whole and holds none of the batch', async () => {
    const before = await suggestions();
    const stored = (db: Database.Database) =>
      db.prepare('SELECT url, title FROM pages WHERE project_id = ? ORDER BY url').all(projectId) as { url: string; title: string }[];
    const pagesBefore = inspect(stored).result;
    // Every known page changed, and as many new ones: half of them are written when the bridge stops.
    const batch = [
      ...FIXTURE_PAGES.map((page) => ({ ...page, title: `${page.title} (edited)` })),
      ...FIXTURE_PAGES.map((page, i) => ({ ...page, url: `${FIXTURE_DOMAIN}/new/page-${i}`, title: `New ${i}` })),
    ];

    expect(await killDuring('sync-store', () => client.syncPages(projectId, batch))).toBe('cut');

    const after = inspect((db) => ({
      pages: stored(db),
      indexed: db.prepare('SELECT COUNT(*) FROM search_documents WHERE project_id = ?').pluck().get(projectId),
      texts: db.prepare('SELECT COUNT(*) FROM search_texts JOIN pages ON pages.id = search_texts.page_id WHERE project_id = ?').pluck().get(projectId),
    }));
    expect(after.integrity).toBe('ok');
    expect(after.result.pages).toEqual(pagesBefore);
    expect(after.result.texts).toBe(after.result.indexed);

    // The batch never committed, so the stored revision is the one before it: suggestions are those of before the crash.
    await bridge.start();
    expect(await suggestions()).toEqual(before);
    const again = await client.syncPages(projectId, batch);
    expect(again).toMatchObject({ synced: batch.length, failed: 0 });
    expect(inspect(stored).result).toHaveLength(pagesBefore.length + FIXTURE_PAGES.length);
  }, 60_000);

  it('when it is killed while an implementation report is being stored, then after a restart the implementation is pending and can be reported', async () => {
    const approved = (await client.generateSuggestions(projectId, { sourcePageUrl: SOURCE_URL, minRelevanceScore: 0 })).slice(0, 3);
    expect(approved.length).toBeGreaterThanOrEqual(2);
    for (const suggestion of approved) await client.updateSuggestion(projectId, suggestion.id, 'approved');
    const implementation = await client.createImplementation(projectId, { suggestionIds: approved.map((s) => s.id), platform: 'wordpress' });
    const results = approved.map((s) => ({ suggestionId: s.id, succeeded: true }));

    // Paused after the first suggestion is marked implemented, before the implementation is completed.
    expect(await killDuring('implementation-results', () => client.reportResults(projectId, implementation.id, results))).toBe('cut');

    const after = inspect((db) => ({
      implementation: db.prepare('SELECT status, implemented_at FROM implementations WHERE id = ?').get(implementation.id),
      reported: db.prepare('SELECT COUNT(*) FROM implementation_items WHERE implementation_id = ? AND succeeded IS NOT NULL').pluck().get(implementation.id),
      suggestions: db
        .prepare(`SELECT status FROM suggestions WHERE id IN (${approved.map(() => '?').join(', ')})`)
        .pluck()
        .all(...approved.map((s) => s.id)),
    }));
    expect(after.integrity).toBe('ok');
    expect(after.result.implementation).toEqual({ status: 'pending', implemented_at: null });
    expect(after.result.reported).toBe(0);
    expect(after.result.suggestions).toEqual(approved.map(() => 'approved'));

    await bridge.start();
    const reread = await client.getImplementation(projectId, implementation.id);
    expect(reread).toMatchObject({ status: 'pending', summary: { succeeded: 0, failed: 0 } });
    expect(reread.results.map((result) => result.succeeded)).toEqual(approved.map(() => null));
    // The platform's retry of its report is taken as the first one.
    const reported = await client.reportResults(projectId, implementation.id, results);
    expect(reported).toMatchObject({ status: 'completed', summary: { succeeded: approved.length, failed: 0 } });
    for (const suggestion of approved) expect((await client.getSuggestion(projectId, suggestion.id)).status).toBe('implemented');
  }, 60_000);
});
