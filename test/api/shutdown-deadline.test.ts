import { once } from 'node:events';
import net from 'node:net';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTILE_SHAPES, LARGEST_PAGE_BYTES } from '../../bench/hostile/hostile-pages.js';
import { InterlinkerClient } from '../../bridge/src/client/index.js';
import { startBridgeProcess, type BridgeProcess } from '../support/bridge-process.js';
import { FIXTURE_DOMAIN, FIXTURE_PAGES, SOURCE_URL } from '../support/fixture-site.js';

const DEADLINE_MS = 500;

let bridge: BridgeProcess;
let client: InterlinkerClient;
let projectId: string;

beforeAll(async () => {
  bridge = await startBridgeProcess({ sqliteOnly: true, env: { INTERLINKER_SHUTDOWN_TIMEOUT_MS: String(DEADLINE_MS), INTERLINKER_BODY_LIMIT: String(16 * 1024 * 1024) } });
  client = new InterlinkerClient({ baseUrl: bridge.url, apiKey: bridge.apiKey });
  projectId = (await client.createProject({ name: 'Shutdown', domain: FIXTURE_DOMAIN })).id;
  await client.syncPages(projectId, FIXTURE_PAGES);
});
afterAll(() => bridge.dispose());

const suggestions = async () =>
  (await client.generateSuggestions(projectId, { sourcePageUrl: SOURCE_URL, minRelevanceScore: 0 })).map(
    ({ targetPageUrl, anchorText, relevanceScore }) => ({ targetPageUrl, anchorText, relevanceScore }),
  );

/** Stops the bridge and tells how long it took to exit. */
async function timedStop(): Promise<number> {
  const started = Date.now();
  await bridge.stop();
  return Date.now() - started;
}

/**
 * The suggestions after a restart equal those of indexes rebuilt from the rows: the snapshot matched the database.
 * Starts from a stopped bridge.
 */
async function expectIndexesMatchTheDatabase(): Promise<void> {
  await bridge.start();
  const fromSnapshot = await suggestions();
  await bridge.stop();
  const db = new Database(bridge.dbFile);
  db.prepare('DELETE FROM search_snapshots').run();
  db.close();
  await bridge.start();
  expect(await suggestions()).toEqual(fromSnapshot);
}

describe('the bridge process stopping with a deadline', () => {
  it('when a request is still in flight at the deadline, then the bridge exits after the deadline and closes it', async () => {
    const before = await suggestions();
    // The headers of a sync whose body never comes: the request stays in flight until its connection is closed.
    const socket = net.connect(bridge.port, '127.0.0.1');
    await once(socket, 'connect');
    const closed = once(socket, 'close');
    socket.write(
      `POST /api/projects/${projectId}/pages/batch HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${bridge.apiKey}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n[',
    );
    await new Promise((resolve) => setTimeout(resolve, 200));

    const elapsed = await timedStop();
    // It waited for the request up to the deadline, not for Node's 5-minute request timeout.
    expect(elapsed).toBeGreaterThanOrEqual(DEADLINE_MS - 50);
    expect(elapsed).toBeLessThan(10_000);
    await closed;
    await bridge.start();
    expect(await suggestions()).toEqual(before);
    await bridge.stop();
    await expectIndexesMatchTheDatabase();
  }, 60_000);

  it('when a sync is still analysing at the deadline, then the bridge exits and stores all of the batch or none of it', async () => {
    const pagesBefore = (await client.listPages(projectId, { limit: 1 })).pagination.total;
    const batch = HOSTILE_SHAPES.filter((shape) => ['links', 'text-nodes', 'headings', 'distinct-words'].includes(shape.name)).map((shape) => ({
      url: `${FIXTURE_DOMAIN}/hostile/${shape.name}`,
      title: `Hostile ${shape.name}`,
      content: shape.build(LARGEST_PAGE_BYTES),
    }));
    const sync = client.syncPages(projectId, batch).then(
      () => 'stored',
      () => 'cut',
    );
    // Four 2 MiB pages take seconds to analyse on two workers: the sync is in flight when the bridge is told to stop.
    await new Promise((resolve) => setTimeout(resolve, 300));

    const elapsed = await timedStop();
    expect(elapsed).toBeLessThan(10_000);
    const outcome = await sync;
    await bridge.start();
    const pagesAfter = (await client.listPages(projectId, { limit: 1 })).pagination.total;
    expect([pagesBefore, pagesBefore + batch.length]).toContain(pagesAfter);
    if (outcome === 'stored') expect(pagesAfter).toBe(pagesBefore + batch.length);
    await bridge.stop();
    await expectIndexesMatchTheDatabase();
  }, 60_000);
});
