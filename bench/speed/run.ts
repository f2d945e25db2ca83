/**
 * Engine speed benchmark: synthetic sites of 1,000 / 10,000 / 100,000 pages, measured directly against
 * ProjectIndexes on a real SQLite file (no HTTP). Each size is built, queried, then reopened as after a restart,
 * every step in a fresh process.
 *
 *   npx tsx bench/speed/run.ts [--sizes 1000,10000,100000] [--queries 1000]
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { values: args } = parseArgs({
  options: { sizes: { type: 'string', default: '1000,10000,100000' }, queries: { type: 'string', default: '1000' } },
});

function measure(pages: number, phase: 'sync' | 'reload'): Record<string, number | string> {
  const db = path.join(ROOT, '.cache/speed', `${pages}.db`);
  const output = execFileSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', path.join(ROOT, 'bench/speed/measure-site.ts'), '--pages', String(pages), '--db', db, '--phase', phase, '--queries', args.queries],
    { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 20 },
  );
  return JSON.parse(output.trim().split('\n').pop()!) as Record<string, number | string>;
}

mkdirSync(path.join(ROOT, '.cache/speed'), { recursive: true });
const results: Record<string, number | string>[] = [];
for (const pages of args.sizes.split(',').map(Number)) {
  for (const phase of ['sync', 'reload'] as const) {
    const result = measure(pages, phase);
    results.push(result);
    console.log(JSON.stringify(result));
  }
}
writeFileSync(path.join(ROOT, '.cache/speed-report.json'), JSON.stringify({ generatedAt: new Date().toISOString(), results }, null, 2));
