import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageInput } from '../../bridge/src/engine/types.js';
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
  private readonly pool = new AnalysisPool({ size: 2, script: WORKER });
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
  bridge = await startTestBridge({ analyzer: pool });
});
afterAll(async () => {
  await bridge.close();
  await pool.close();
});

describe('analysis shared between accounts', () => {
  it("when an account's large sync is being analysed, then another account's small sync completes before any of its batches", async () => {
    const large = bridge.createAccount('large');
    const small = bridge.createAccount('small');
    const largeProject = await large.client.createProject({ name: 'Large', domain: DOMAIN });
    const smallProject = await small.client.createProject({ name: 'Small', domain: DOMAIN });

    const completed: string[] = [];
    const largeSyncs = [0, 1, 2, 3].map((batch) =>
      large.client
        .syncPages(largeProject.id, Array.from({ length: 150 }, (_, i) => page('large', batch * 150 + i)))
        .then((result) => completed.push(`large ${batch}: ${result.synced}`)),
    );
    // The pool's queue holds every batch of the large sync, then the small one.
    await pool.reached(large.accountId, 4);
    const smallSync = small.client
      .syncPages(smallProject.id, [0, 1, 2].map((n) => page('small', n)))
      .then((result) => completed.push(`small: ${result.synced}`));
    await pool.reached(small.accountId, 1);
    pool.open();
    await Promise.all([...largeSyncs, smallSync]);

    expect(completed).toHaveLength(5);
    expect(completed).toContain('small: 3');
    // First come, first served, it waited for the 32 chunks of the four batches to be sent (and completed after half of
    // them); in turn, it waits for at most the two chunks in flight on a worker, and each large batch has eight.
    expect(completed[0]).toBe('small: 3');
  });
});
