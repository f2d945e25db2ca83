/**
 * Speed and memory over HTTP: the real bridge process, the real client, sites of 1,000 / 10,000 / 100,000 pages:
 * the realistic site (bench/speed/realistic-site.ts, a vocabulary that grows with the site as real sites' do; the
 * headline) and the synthetic one (bench/speed/synthetic-site.ts, 50,000 pseudo-words at every size; the earlier
 * figures' site). For each site and size: sync throughput (new pages, then the same pages again unchanged), suggestion
 * latency (p50/p99), the bridge's resident memory, and the time from a restart until it answers a suggestion request;
 * then inbound suggestion latency (which pages should link to a page); and what the site asks the index to hold
 * (words, distinct words) against what the database and the process grew by.
 *
 *   npm run bench:http -- [--site realistic|synthetic|both] [--sizes 1000,10000,100000] [--queries 1000]
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { InterlinkerClient } from '../../bridge/src/client/index.js';
import { startBridgeProcess } from '../../test/support/bridge-process.js';
import { selectBenchmarkSites, VocabularyCounter, type BenchmarkSite } from '../speed/benchmark-sites.js';
import { databaseFootprint } from '../speed/database-footprint.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BATCH = 500;
const { values: args } = parseArgs({
  options: {
    site: { type: 'string', default: 'both' },
    sizes: { type: 'string', default: '1000,10000,100000' },
    queries: { type: 'string', default: '1000' },
  },
});

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Resident and peak resident memory of a process, in MB. */
function memoryOf(pid: number): { rssMb: number; peakRssMb: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakRssMb: Math.round(kb('VmHWM') / 1024) };
}

/** A seeded sequence of source pages, so that runs are comparable. */
function sourcePages(count: number, size: number): number[] {
  let state = 12345;
  return Array.from({ length: count }, () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % size;
  });
}

async function measure(site: BenchmarkSite, size: number, queries: number) {
  const { urlOf } = site;
  const dbFile = path.join(ROOT, '.cache/bench-http', `${site.name}-${size}.db`);
  fs.mkdirSync(path.dirname(dbFile), { recursive: true });
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(dbFile + suffix, { force: true });
  const bridge = await startBridgeProcess({ dbFile });
  try {
    const key = await bridge.createKey('bench', 'enterprise', 100_000_000);
    const client = new InterlinkerClient({ baseUrl: bridge.url, apiKey: key });
    const project = await client.createProject({ name: `${site.name} ${size}`, domain: site.domain });
    const beforeSync = memoryOf(bridge.pid);

    /**
     * Syncs the whole site in batches; the time spent in requests (generating and counting pages is not counted).
     * `vocabulary` counts the pages' words on the way.
     */
    const syncSite = async (vocabulary?: VocabularyCounter): Promise<number> => {
      let ms = 0;
      for (let first = 0; first < size; first += BATCH) {
        const batch = Array.from({ length: Math.min(BATCH, size - first) }, (_, i) => site.page(first + i, size));
        if (vocabulary) for (const page of batch) vocabulary.add(page);
        const started = performance.now();
        const result = await client.syncPages(project.id, batch);
        ms += performance.now() - started;
        if (result.failed > 0) throw new Error(`sync failed: ${JSON.stringify(result.errors[0])}`);
      }
      return ms;
    };
    const vocabulary = new VocabularyCounter();
    const syncMs = await syncSite(vocabulary);
    const { words, distinctWords } = vocabulary;
    const afterSync = memoryOf(bridge.pid);
    // The same site again, unchanged: what a periodic full sync costs.
    const resyncMs = await syncSite();

    const ask = async (page: number) => {
      const started = performance.now();
      const answer = await client.generateSuggestions(project.id, { sourcePageUrl: urlOf(page), limit: 10, minRelevanceScore: 0 });
      return { ms: performance.now() - started, count: answer.length };
    };
    for (const page of sourcePages(50, size)) await ask(page); // warm-up
    const latencies: number[] = [];
    let answered = 0;
    for (const page of sourcePages(queries, size).map((p) => (p * 7 + 3) % size)) {
      const { ms, count } = await ask(page);
      latencies.push(ms);
      if (count > 0) answered += 1;
    }
    latencies.sort((a, b) => a - b);
    const inbound = await measureInbound(client, project.id, site, size, queries);
    const afterQueries = memoryOf(bridge.pid);

    await bridge.stop();
    const restartStarted = performance.now();
    await bridge.start();
    const healthyMs = performance.now() - restartStarted;
    await ask(size - 1);
    const readyMs = performance.now() - restartStarted;
    const afterRestart = memoryOf(bridge.pid);
    const footprint = databaseFootprint(dbFile);
    const rssGrowthBytes = (afterSync.rssMb - beforeSync.rssMb) * 1024 * 1024;

    return {
      site: site.name,
      pages: size,
      wordsPerPage: Math.round(words / size),
      distinctWords,
      syncPagesPerSecond: Math.round(size / (syncMs / 1000)),
      resyncUnchangedPagesPerSecond: Math.round(size / (resyncMs / 1000)),
      suggestP50Ms: +percentile(latencies, 50).toFixed(2),
      suggestP99Ms: +percentile(latencies, 99).toFixed(2),
      suggestMaxMs: +latencies.at(-1)!.toFixed(2),
      answeredShare: +(answered / queries).toFixed(3),
      ...inbound,
      rssAfterSyncMb: afterSync.rssMb,
      peakRssAfterSyncMb: afterSync.peakRssMb,
      rssAfterQueriesMb: afterQueries.rssMb,
      peakRssMb: afterQueries.peakRssMb,
      restartHealthyMs: Math.round(healthyMs),
      restartReadyMs: Math.round(readyMs),
      rssAfterRestartMb: afterRestart.rssMb,
      databaseMb: Math.round(footprint.databaseBytes / 1024 / 1024),
      indexMb: Math.round(footprint.indexBytes / 1024 / 1024),
      indexBytesPerPage: Math.round(footprint.indexBytes / size),
      indexBytesPerDistinctWord: Math.round(footprint.indexBytes / distinctWords),
      rssGrowthBytesPerPage: Math.round(rssGrowthBytes / size),
      rssGrowthBytesPerDistinctWord: Math.round(rssGrowthBytes / distinctWords),
    };
  } finally {
    await bridge.dispose();
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(dbFile + suffix, { force: true });
  }
}

/** Inbound generation (which pages should link to a page) for seeded target pages, after a warm-up. */
async function measureInbound(client: InterlinkerClient, projectId: string, site: BenchmarkSite, size: number, queries: number) {
  const { urlOf } = site;
  const ask = async (page: number) => {
    const started = performance.now();
    const answer = await client.generateInboundSuggestions(projectId, { targetUrl: urlOf(page), limit: 10, minRelevanceScore: 0 });
    return { ms: performance.now() - started, count: answer.length };
  };
  for (const page of sourcePages(50, size).map((p) => (p * 11 + 5) % size)) await ask(page); // warm-up
  const latencies: number[] = [];
  let answered = 0;
  let suggestions = 0;
  for (const page of sourcePages(queries, size).map((p) => (p * 13 + 1) % size)) {
    const { ms, count } = await ask(page);
    latencies.push(ms);
    suggestions += count;
    if (count > 0) answered += 1;
  }
  latencies.sort((a, b) => a - b);
  return {
    inboundP50Ms: +percentile(latencies, 50).toFixed(2),
    inboundP99Ms: +percentile(latencies, 99).toFixed(2),
    inboundMaxMs: +latencies.at(-1)!.toFixed(2),
    inboundAnsweredShare: +(answered / queries).toFixed(3),
    inboundPerAnswer: +(suggestions / queries).toFixed(2),
  };
}

const results: Awaited<ReturnType<typeof measure>>[] = [];
const sites = selectBenchmarkSites(args.site);
for (const size of args.sizes.split(',').map(Number)) {
  for (const site of sites) {
    const result = await measure(site, size, Number(args.queries));
    results.push(result);
    console.log(JSON.stringify(result));
  }
}
// The targets are judged on the realistic site when it ran (the site users' sites resemble), else on the synthetic one.
const judged = results.filter((r) => r.site === sites[0]!.name);
const bySize = (pages: number) => judged.filter((r) => r.pages === pages);
const targets: [string, typeof results, (r: (typeof results)[number]) => boolean][] = [
  ['sync ≥ 1,500 pages/s', judged, (r) => r.syncPagesPerSecond >= 1500],
  ['10k: p50 ≤ 3 ms, p99 ≤ 20 ms', bySize(10_000), (r) => r.suggestP50Ms <= 3 && r.suggestP99Ms <= 20],
  ['100k: p50 ≤ 5 ms, p99 ≤ 30 ms', bySize(100_000), (r) => r.suggestP50Ms <= 5 && r.suggestP99Ms <= 30],
  ['100k: inbound p50 ≤ 20 ms', bySize(100_000), (r) => r.inboundP50Ms <= 20],
  ['100k: RSS ≤ 700 MB', bySize(100_000), (r) => r.peakRssMb <= 700],
  ['100k: ready ≤ 5 s after restart', bySize(100_000), (r) => r.restartReadyMs <= 5000],
];
// One row per site and size; every figure is in the JSON lines above and the report file.
console.table(
  results.map((r) => ({
    site: r.site,
    pages: r.pages,
    'words/page': r.wordsPerPage,
    'distinct words': r.distinctWords,
    'sync pages/s': r.syncPagesPerSecond,
    'p50 ms': r.suggestP50Ms,
    'p99 ms': r.suggestP99Ms,
    'inbound p50 ms': r.inboundP50Ms,
    'peak RSS MB': r.peakRssMb,
    'index MB': r.indexMb,
    'index B/page': r.indexBytesPerPage,
    'index B/word': r.indexBytesPerDistinctWord,
    'RSS B/page': r.rssGrowthBytesPerPage,
  })),
);
for (const [name, measured, holds] of targets) {
  console.log(`${measured.length === 0 ? 'n/a ' : measured.every(holds) ? 'PASS' : 'FAIL'}  ${sites[0]!.name} site: ${name}`);
}
fs.writeFileSync(path.join(ROOT, '.cache/bench-http-report.json'), JSON.stringify({ generatedAt: new Date().toISOString(), results }, null, 2));
