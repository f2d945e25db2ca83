/**
 * Peak memory of the bridge process at a large site: the real bridge (`interlinker-bridge serve`, its analysis worker
 * threads in the same process), the real client, and the sites of bench/speed/benchmark-sites.ts: the realistic site
 * (a vocabulary that grows with the site as real sites' do; the headline) then the synthetic one (50,000
 * pseudo-words; the earlier figures' site), each in a fresh bridge. Two phases, each with `--in-flight` sync requests
 * of `--batch` pages running at the same time (as two editors' full syncs or a plugin with concurrent cron runs would
 * send them):
 *   1. the first sync of every page;
 *   2. a re-sync of every page changed (revision 1 of each page: other text, mentions and links), so everything is
 *      analysed and re-indexed again;
 * then the project is deleted, and the RSS read 5 s and 35 s later is set against the empty bridge's.
 * The figure is the kernel's peak resident set (VmHWM in /proc/<pid>/status), which counts every thread's heap, the
 * native allocations (SQLite's cache, buffers) and the code; it is reset between the phases (clear_refs), so each phase
 * has its own peak. RSS is also sampled every 100 ms to show when the peak happens.
 *
 *   npm run bench:memory -- [--site realistic|synthetic|both] [--pages 100000] [--in-flight 2] [--batch 500] [--env NAME=value …]
 *
 * `--env` passes settings to the bridge (e.g. INTERLINKER_ANALYSIS_WORKERS=1) to compare them. Prints one JSON line
 * per phase and writes .cache/bench-memory-report.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { InterlinkerClient } from '../../bridge/src/client/index.js';
import { startBridgeProcess } from '../../test/support/bridge-process.js';
import { selectBenchmarkSites, type BenchmarkSite } from '../speed/benchmark-sites.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { values: args } = parseArgs({
  options: {
    site: { type: 'string', default: 'both' },
    pages: { type: 'string', default: '100000' },
    'in-flight': { type: 'string', default: '2' },
    batch: { type: 'string', default: '500' },
    env: { type: 'string', multiple: true, default: [] },
  },
});
const size = Number(args.pages);
const inFlight = Number(args['in-flight']);
const batchSize = Number(args.batch);
const bridgeEnv = Object.fromEntries(args.env.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
const LIMIT_MB = 700;

function statusOf(pid: number): { rssMb: number; peakMb: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
}

/** Sets VmHWM back to the current RSS (Linux ≥ 4.0), so that the next phase's peak is its own. */
function resetPeak(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

const phases: Record<string, unknown>[] = [];

/** Both phases and the deletion on `site`, in a fresh bridge and database. */
async function measureSite(site: BenchmarkSite): Promise<void> {
  const dbFile = path.join(ROOT, '.cache/bench-memory', `${site.name}-${size}.db`);
  fs.mkdirSync(path.dirname(dbFile), { recursive: true });
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(dbFile + suffix, { force: true });
  const bridge = await startBridgeProcess({ dbFile, env: bridgeEnv });
  try {
    const key = await bridge.createKey('bench', 'enterprise', 100_000_000);
    const client = new InterlinkerClient({ baseUrl: bridge.url, apiKey: key });
    const emptyRssMb = statusOf(bridge.pid).rssMb;
    const project = await client.createProject({ name: `${site.name} ${size}`, domain: site.domain });

    /** Syncs every page at `revision` with `inFlight` requests at a time; peak and sampled RSS of the bridge meanwhile. */
    const syncPhase = async (name: string, revision: number) => {
      const peakReset = resetPeak(bridge.pid);
      let sampledMaxMb = 0;
      const samples: number[] = [];
      const sampler = setInterval(() => {
        const { rssMb } = statusOf(bridge.pid);
        sampledMaxMb = Math.max(sampledMaxMb, rssMb);
        samples.push(rssMb);
      }, 100);
      let next = 0;
      let resets = 0;
      const durations: number[] = [];
      const started = performance.now();
      const lane = async () => {
        while (next < size) {
          const first = next;
          next += batchSize;
          const batch = Array.from({ length: Math.min(batchSize, size - first) }, (_, i) => site.page(first + i, size, revision));
          const sent = performance.now();
          const result = await client.syncPages(project.id, batch).catch((error: unknown) => {
            // Node's server closes a kept-alive connection 5 s after its last answer when its event loop was too busy to
            // read the next request in time (a loaded machine): that request was never read, and a batch may be sent again.
            const code = (error as { cause?: { code?: string } }).cause?.code;
            if ((code !== 'ECONNRESET' && code !== 'EPIPE') || resets >= 200) throw error;
            resets += 1;
            return client.syncPages(project.id, batch);
          });
          durations.push(performance.now() - sent);
          if (result.failed > 0) throw new Error(`sync failed: ${JSON.stringify(result.errors[0])}`);
        }
      };
      await Promise.all(Array.from({ length: inFlight }, lane));
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      const { rssMb, peakMb } = statusOf(bridge.pid);
      durations.sort((a, b) => a - b);
      const phase = {
        site: site.name,
        phase: name,
        pages: size,
        inFlight,
        batch: batchSize,
        peakRssMb: peakMb,
        peakResetBeforePhase: peakReset,
        sampledMaxRssMb: sampledMaxMb,
        rssAtEndMb: rssMb,
        // RSS at each tenth of the phase, to see whether memory climbs with the site or stays flat.
        rssByTenthMb: Array.from({ length: 10 }, (_, i) => samples[Math.floor(((i + 1) * samples.length) / 10) - 1] ?? 0),
        pagesPerSecond: Math.round(size / seconds),
        batchMedianMs: Math.round(durations[Math.floor(durations.length / 2)]!),
        connectionResetsRetried: resets,
      };
      phases.push(phase);
      console.log(JSON.stringify(phase));
    };

    await syncPhase('first sync', 0);
    await syncPhase('re-sync changed', 1);

    // What a deleted project leaves held: the RSS once the deletion has had time to settle, against the empty bridge's;
    // and 30 s later, when what is freed lazily (V8's pages, idle workers) has gone too.
    await client.deleteProject(project.id);
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const rssAfterDeleteMb = statusOf(bridge.pid).rssMb;
    await new Promise((resolve) => setTimeout(resolve, 30_000));
    const afterDelete = {
      site: site.name,
      phase: 'project deleted',
      pages: size,
      emptyRssMb,
      rssAfterDeleteMb,
      rssAfterDelete35sMb: statusOf(bridge.pid).rssMb,
    };
    phases.push(afterDelete);
    console.log(JSON.stringify(afterDelete));
  } catch (error) {
    const alive = fs.existsSync(`/proc/${bridge.pid}`);
    console.error(`bridge ${alive ? 'still running' : 'gone'}; its last output:\n${bridge.output.slice(-4000)}`);
    throw error;
  } finally {
    await bridge.dispose();
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(dbFile + suffix, { force: true });
  }
}

for (const site of selectBenchmarkSites(args.site)) await measureSite(site);
for (const phase of phases.filter((p) => p.peakRssMb !== undefined)) {
  console.log(`${(phase.peakRssMb as number) <= LIMIT_MB ? 'PASS' : 'FAIL'}  ${phase.site} site, ${phase.phase}: peak RSS ${phase.peakRssMb} MB ≤ ${LIMIT_MB} MB`);
}
fs.writeFileSync(
  path.join(ROOT, '.cache/bench-memory-report.json'),
  JSON.stringify({ generatedAt: new Date().toISOString(), env: bridgeEnv, phases }, null, 2),
);
