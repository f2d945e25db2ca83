import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzePage } from '../../bridge/src/engine/page-analysis.js';
import type { PageInput } from '../../bridge/src/engine/types.js';
import { AnalysisPool } from '../../bridge/src/pages/analysis-pool.js';
import type { AnalysisResult } from '../../bridge/src/pages/page-analyzer.js';

// Workers run the compiled JavaScript, as in the bridge process (`npm run build --workspace bridge` first).
const WORKER = pathToFileURL(path.resolve(import.meta.dirname, '../../bridge/dist/pages/analysis-worker.js'));
// The same protocol, with pages that stall, hoard memory, crash or throw on cue (by title).
const SCRIPTED_WORKER = pathToFileURL(path.resolve(import.meta.dirname, '../support/scripted-analysis-worker.mjs'));

const inputs: PageInput[] = Array.from({ length: 60 }, (_, i) => ({
  url: `https://site.test/page-${i}`,
  title: `Page ${i} – Site`,
  html: `<h2>Section ${i % 7}</h2><p>Kernel module ${i} loads <a href="/page-${(i + 1) % 60}">page ${i + 1}</a> at boot.</p>`,
}));

const scripted = (title: string): PageInput => ({ url: `https://site.test/${title.replace(' ', '-')}`, title, html: '<p>x</p>' });

/** Each result as the analysis, or the failure's code and message. */
const outcomes = (results: AnalysisResult[]) =>
  results.map((result) => ('analysis' in result ? result.analysis : { code: result.failure.code, message: result.failure.message }));

let pool: AnalysisPool;
beforeAll(() => {
  pool = new AnalysisPool({ size: 2, script: WORKER });
});
afterAll(() => pool.close());

describe('the analysis pool', () => {
  it('when a batch is analysed on the workers, then each analysis equals the inline one, in order', async () => {
    expect(outcomes(await pool.analyzeAll(inputs))).toEqual(inputs.map((input) => analyzePage(input)));
  });

  it('when a batch mixes languages, then each page is stemmed in its own and the stems come back as the inline ones', async () => {
    const words = '<p>Die Häuser und das Haus; the houses and the house; les maisons et la maison.</p>';
    const mixed = ['de-DE', 'en', 'fr', 'de', 'pl', undefined].map((language, i): PageInput => ({
      url: `https://site.test/lang-${i}`,
      title: `Haus ${i}`,
      html: words,
      language,
    }));
    const analyses = outcomes(await pool.analyzeAll([...mixed, ...mixed]));
    expect(analyses).toEqual([...mixed, ...mixed].map((input) => analyzePage(input)));
    expect((analyses[0] as { stems: string[] }).stems).toContain('de:haus');
    expect((analyses[1] as { stems: string[] }).stems).toContain('hous');
  });

  it('when batches are analysed at the same time, then each gets its own analyses', async () => {
    const [first, second] = await Promise.all([pool.analyzeAll(inputs.slice(0, 40)), pool.analyzeAll(inputs.slice(20))]);
    expect(outcomes(first).map((analysis) => (analysis as { cleanTitle: string }).cleanTitle)).toEqual(
      inputs.slice(0, 40).map((input) => `Page ${input.url.split('-')[1]}`),
    );
    expect(outcomes(second)).toEqual(inputs.slice(20).map((input) => analyzePage(input)));
  });

  it('when a page cannot be analysed, then it alone fails with internal_error and the pool keeps answering', async () => {
    const broken = { url: 'https://site.test/x', title: 'X', html: 42 as unknown as string };
    const results = outcomes(await pool.analyzeAll([inputs[0]!, broken, inputs[1]!]));
    expect(results).toEqual([analyzePage(inputs[0]!), { code: 'internal_error', message: 'The page could not be analysed.' }, analyzePage(inputs[1]!)]);
    expect(outcomes(await pool.analyzeAll(inputs.slice(0, 3)))).toEqual(inputs.slice(0, 3).map((input) => analyzePage(input)));
  });

  it("when one owner's batches fill the queue, then another owner's small batch is analysed before any of them", async () => {
    // A fresh pool: every chunk below waits in the queue until its worker has started. One worker: analyses end in the
    // order the pool sends them, whatever the machine's load.
    const shared = new AnalysisPool({ size: 1, script: WORKER });
    const many = Array.from({ length: 100 }, (_, i) => inputs[i % inputs.length]!);
    const done: string[] = [];
    const large = [1, 2, 3, 4].map((n) => shared.analyzeAll(many, 'account-a').then(() => done.push(`a${n}`)));
    const small = shared.analyzeAll(inputs.slice(0, 3), 'account-b').then((results) => {
      done.push('b');
      return results;
    });
    expect(outcomes(await small)).toEqual(inputs.slice(0, 3).map((input) => analyzePage(input)));
    await Promise.all(large);
    await shared.close();
    // First come, first served put b behind all 16 chunks of a's four batches; served in turn, it is the second chunk sent.
    expect(done[0]).toBe('b');
  });

  it('when the pool is closed, then it takes no more work', async () => {
    const closing = new AnalysisPool({ size: 1, script: WORKER });
    await closing.close();
    await expect(closing.analyzeAll(inputs.slice(0, 1))).rejects.toThrow(/closed/);
  });
});

describe('an analysis pool with limits', () => {
  let limited: AnalysisPool;
  beforeAll(() => {
    limited = new AnalysisPool({ size: 2, script: SCRIPTED_WORKER, limits: { timeoutMs: 1_000 } });
  });
  afterAll(() => limited.close());

  it('when a page runs past the time limit, then it alone fails with payload_too_large and its worker is replaced', async () => {
    const batch = [...inputs.slice(0, 20), scripted('stall'), ...inputs.slice(20, 40)];
    const results = outcomes(await limited.analyzeAll(batch));
    expect(results[20]).toEqual({
      code: 'payload_too_large',
      message: "Analysing the page took longer than 1000 ms, the bridge's limit: its content is too large or too complex.",
    });
    expect(results.filter((_, i) => i !== 20)).toEqual([...inputs.slice(0, 40)].map((input) => analyzePage(input)));
  });

  it('when a page needs more memory than a worker may have, then it alone fails with payload_too_large', async () => {
    // Collections near the heap limit take long: no time limit here.
    const memoryLimited = new AnalysisPool({ size: 1, script: SCRIPTED_WORKER, limits: { timeoutMs: 60_000, memoryMb: 64 } });
    const results = outcomes(await memoryLimited.analyzeAll([inputs[0]!, scripted('hoard memory'), inputs[1]!]));
    await memoryLimited.close();
    expect(results).toEqual([
      analyzePage(inputs[0]!),
      { code: 'payload_too_large', message: "Analysing the page needed more than 64 MB, the bridge's limit: its content is too large or too complex." },
      analyzePage(inputs[1]!),
    ]);
  });

  it('when a worker dies on a page, then that page fails with internal_error and the others are analysed', async () => {
    const results = outcomes(await limited.analyzeAll([scripted('crash'), ...inputs.slice(0, 30), scripted('throw')]));
    expect(results[0]).toEqual({ code: 'internal_error', message: 'The page could not be analysed.' });
    expect(results[31]).toEqual({ code: 'internal_error', message: 'The page could not be analysed.' });
    expect(results.slice(1, 31)).toEqual(inputs.slice(0, 30).map((input) => analyzePage(input)));
  });

  it('when every worker was ended by a limit, then the replacements answer the next batch', async () => {
    await limited.analyzeAll([scripted('stall'), scripted('stall')]);
    expect(outcomes(await limited.analyzeAll(inputs.slice(0, 5)))).toEqual(inputs.slice(0, 5).map((input) => analyzePage(input)));
  });

  it("when a worker is held by one owner's page, then another owner's batch goes to the other worker instead of waiting behind it", async () => {
    // A fresh pool: the stalled page goes to the first worker to start. Sent ahead behind it, b's batch waited for the
    // time limit (a worker the machine leaves waiting holds a chunk the same way, for as long as it waits).
    const held = new AnalysisPool({ size: 2, script: SCRIPTED_WORKER, limits: { timeoutMs: 20_000 } });
    const stalled = held.analyzeAll([scripted('stall')], 'account-a').then(() => 'a');
    const small = held.analyzeAll(inputs.slice(0, 3), 'account-b').then(() => 'b');
    const first = await Promise.race([stalled, small]);
    await held.close();
    await stalled.catch(() => {});
    expect(first).toBe('b');
  });

  it('when it is closed during an analysis that stalls, then the batch fails at once instead of waiting', async () => {
    const closing = new AnalysisPool({ size: 1, script: SCRIPTED_WORKER, limits: { timeoutMs: 60_000 } });
    const failed = expect(closing.analyzeAll([scripted('stall')])).rejects.toThrow(/closed/);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await closing.close();
    await failed;
  });
});

describe('an analysis pool whose workers cannot start', () => {
  it('when a worker that analysed pages has been idle for idleMs, then a fresh one takes its place; never while it works', async () => {
    const recycling = new AnalysisPool({ size: 1, script: SCRIPTED_WORKER, idleMs: 1_000 });
    const answeringThread = async () => {
      const [result] = await recycling.analyzeAll([scripted('thread id')]);
      return 'analysis' in result! ? result.analysis.cleanTitle : result!.failure.message;
    };
    try {
      const first = await answeringThread();
      expect(await answeringThread()).toBe(first);
      await new Promise((resolve) => setTimeout(resolve, 1_600));
      const fresh = await answeringThread();
      expect(fresh).not.toBe(first);
      expect(Number(fresh)).toBeGreaterThan(0);
    } finally {
      await recycling.close();
    }
  });

  it('when its memory is released (a project was deleted), then idle workers that analysed pages are replaced at once', async () => {
    const releasing = new AnalysisPool({ size: 1, script: SCRIPTED_WORKER, idleMs: 600_000 });
    const answeringThread = async () => {
      const [result] = await releasing.analyzeAll([scripted('thread id')]);
      return 'analysis' in result! ? result.analysis.cleanTitle : result!.failure.message;
    };
    try {
      const first = await answeringThread();
      releasing.releaseMemory();
      const fresh = await answeringThread();
      expect(fresh).not.toBe(first);
      expect(Number(fresh)).toBeGreaterThan(0);
    } finally {
      await releasing.close();
    }
  });

  it('when its worker script is missing, then analysis fails instead of waiting forever', async () => {
    const broken = new AnalysisPool({ size: 1, script: pathToFileURL(path.resolve(import.meta.dirname, 'no-such-worker.js')) });
    await expect(broken.analyzeAll(inputs.slice(0, 1))).rejects.toThrow(/Cannot find module/);
    await expect(broken.analyzeAll(inputs.slice(0, 1))).rejects.toThrow(/no analysis worker could start/);
    await broken.close();
  });
});
