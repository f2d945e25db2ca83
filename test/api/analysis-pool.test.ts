import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzePage } from '../../bridge/src/engine/page-analysis.js';
import type { PageInput } from '../../bridge/src/engine/types.js';
import { AnalysisPool } from '../../bridge/src/pages/analysis-pool.js';

// Workers run the compiled JavaScript, as in the bridge process (`npm run build --workspace bridge` first).
const WORKER = pathToFileURL(path.resolve(import.meta.dirname, '../../bridge/dist/pages/analysis-worker.js'));

const inputs: PageInput[] = Array.from({ length: 60 }, (_, i) => ({
  url: `https://site.test/page-${i}`,
  title: `Page ${i} – Site`,
  html: `<h2>Section ${i % 7}</h2><p>Kernel module ${i} loads <a href="/page-${(i + 1) % 60}">page ${i + 1}</a> at boot.</p>`,
}));

let pool: AnalysisPool;
beforeAll(() => {
  pool = new AnalysisPool(2, WORKER);
});
afterAll(() => pool.close());

describe('the analysis pool', () => {
  it('when a batch is analysed on the workers, then each analysis equals the inline one, in order', async () => {
    expect(await pool.analyzeAll(inputs)).toEqual(inputs.map((input) => analyzePage(input)));
  });

  it('when batches are analysed at the same time, then each gets its own analyses', async () => {
    const [first, second] = await Promise.all([pool.analyzeAll(inputs.slice(0, 40)), pool.analyzeAll(inputs.slice(20))]);
    expect(first.map((analysis) => analysis.cleanTitle)).toEqual(inputs.slice(0, 40).map((input) => `Page ${input.url.split('-')[1]}`));
    expect(second).toEqual(inputs.slice(20).map((input) => analyzePage(input)));
  });

  it('when a page cannot be analysed, then its batch fails and the pool keeps answering', async () => {
    await expect(pool.analyzeAll([{ url: 'https://site.test/x', title: 'X', html: 42 as unknown as string }])).rejects.toThrow(
      /page analysis failed/,
    );
    expect(await pool.analyzeAll(inputs.slice(0, 3))).toEqual(inputs.slice(0, 3).map((input) => analyzePage(input)));
  });

  it('when the pool is closed, then it takes no more work', async () => {
    const closing = new AnalysisPool(1, WORKER);
    await closing.close();
    await expect(closing.analyzeAll(inputs.slice(0, 1))).rejects.toThrow(/closed/);
  });
});

describe('an analysis pool whose workers cannot start', () => {
  it('when its worker script is missing, then analysis fails instead of waiting forever', async () => {
    const broken = new AnalysisPool(1, pathToFileURL(path.resolve(import.meta.dirname, 'no-such-worker.js')));
    await expect(broken.analyzeAll(inputs.slice(0, 1))).rejects.toThrow(/Cannot find module/);
    await expect(broken.analyzeAll(inputs.slice(0, 1))).rejects.toThrow(/no analysis worker could start/);
    await broken.close();
  });
});
