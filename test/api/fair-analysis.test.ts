import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageInput } from '../../bridge/src/engine/types.js';
import type { Clock } from '../../bridge/src/lib/clock.js';
import { AnalysisPool } from '../../bridge/src/pages/analysis-pool.js';
import type { AnalysisResult, PageAnalyzer } from '../../bridge/src/pages/page-analyzer.js';
import { startTestBridge, type TestBridge } from '../support/api-harness.js';

// Workers run the compiled JavaScript, as in the bridge process (`npm run build --workspace bridge` first).
const WORKER = pathToFileURL(path.resolve(import.meta.dirname, '../../bridge/dist/pages/analysis-worker.js'));

/**
 * The bridge's worker pool behind a gate: batches wait at the gate, in the order they came, until `open()` hands them
 * to the pool all at once (so that the test decides what the pool's queue holds, whatever the machine's speed).
 */
class GatedPool implements PageAnalyzer {
  // One worker: analyses end in the order the pool sends them, so the order checked below is the pool's, whatever the
  // machine's load. With two, a worker the machine leaves waiting may end the small sync's chunk after the other worker
  // ended several of the large sync's (where each chunk goes is chunk-placement.test.ts's).
  private readonly pool = new AnalysisPool({ size: 1, script: WORKER });
  private readonly waiting: { inputs: readonly PageInput[]; owner?: string; resolve(results: Promise<AnalysisResult[]>): void }[] = [];
  private readonly watchers: { owner: string; count: number; resolve(): void }[] = [];
  private opened = false;

  analyzeAll(inputs: readonly PageInput[], owner?: string): Promise<AnalysisResult[]> {
    if (this.opened) return this.pool.analyzeAll(inputs, owner);
    return new Promise((resolve) => {
      this.waiting.push({ inputs, owner, resolve });
      for (const watcher of this.watchers) if (this.count(watcher.owner) >= watcher.count) watcher.resolve();
    });
  }

  /** Resolves once `count` batches of `owner` wait at the gate. */
  reached(owner: string, count: number): Promise<void> {
    if (this.count(owner) >= count) return Promise.resolve();
    return new Promise((resolve) => this.watchers.push({ owner, count, resolve }));
  }

  open(): void {
    this.opened = true;
    for (const { inputs, owner, resolve } of this.waiting.splice(0)) resolve(this.pool.analyzeAll(inputs, owner));
  }

  close() {
    return this.pool.close();
  }

  private count(owner: string): number {
    return this.waiting.filter((batch) => batch.owner === owner).length;
  }
}

/** A clock that moves on a millisecond at every reading: each sync batch is stored at its own time. */
class TickingClock implements Clock {
  private ms = Date.parse('2026-03-10T12:00:00.000Z');
  now(): Date {
    this.ms += 1;
    return new Date(this.ms);
  }
}

const DOMAIN = 'https://site.test';
const page = (site: string, n: number) => ({
  url: `${DOMAIN}/${site}/page-${n}/`,
  title: `Kernel topic ${n} of ${site}`,
  content: `<h2>Topic ${n}</h2><p>${`The kernel loads module ${n} of ${site} at boot and checks its signature. `.repeat(20)}</p>`,
});

let pool: GatedPool;
let bridge: TestBridge;
beforeAll(async () => {
  pool = new GatedPool();
  bridge = await startTestBridge({ analyzer: pool, clock: new TickingClock() });
});
afterAll(async () => {
  await bridge.close();
  await pool.close();
});

describe('analysis shared between accounts', () => {
  it("when an account's large sync is being analysed, then another account's small sync is stored before any of its batches", async () => {
    const large = await bridge.createAccount('large');
    const small = await bridge.createAccount('small');
    const largeProject = await large.client.createProject({ name: 'Large', domain: DOMAIN });
    const smallProject = await small.client.createProject({ name: 'Small', domain: DOMAIN });

    const largeSyncs = [0, 1, 2, 3].map((batch) =>
      large.client.syncPages(largeProject.id, Array.from({ length: 150 }, (_, i) => page('large', batch * 150 + i))),
    );
    // The pool's queue holds every batch of the large sync, then the small one.
    await pool.reached(large.accountId, 4);
    const smallSync = small.client.syncPages(smallProject.id, [0, 1, 2].map((n) => page('small', n)));
    await pool.reached(small.accountId, 1);
    pool.open();
    const [largeResults, smallResult] = await Promise.all([Promise.all(largeSyncs), smallSync]);
    expect(largeResults.map((result) => result.synced)).toEqual([150, 150, 150, 150]);
    expect(smallResult.synced).toBe(3);

    // When each batch was stored, not when its answer reached this client: the client shares the bridge's event loop,
    // and a large batch's transaction that starts after the small answer was sent holds that answer unread until both
    // are read, in either order.
    const storedAt = async (account: typeof large, projectId: string, pageId: string) =>
      (await account.client.getPage(projectId, pageId)).lastSyncedAt;
    const stored = [
      ...(await Promise.all(largeResults.map(async (result, batch) => ({ sync: `large ${batch}`, at: await storedAt(large, largeProject.id, result.pages[0]!.id) })))),
      { sync: 'small', at: await storedAt(small, smallProject.id, smallResult.pages[0]!.id) },
    ];
    const order = stored.sort((a, b) => a.at.localeCompare(b.at)).map(({ sync }) => sync);
    // First come, first served, it waited for the 16 chunks of the four batches to be analysed; in turn, it waits for at
    // most the two chunks in flight and one of the large account's, and each large batch has four.
    expect(order[0]).toBe('small');
  });
});
