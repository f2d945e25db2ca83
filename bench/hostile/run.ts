/**
 * Analysis time of each hostile page shape (bench/hostile/hostile-pages.ts) at the largest page the bridge accepts,
 * one fresh process per shape; a shape still running after `--timeout-ms` is stopped and reported as such.
 *
 *   npm run bench:hostile [-- --bytes 2097152 --shapes links,entities --timeout-ms 60000 --engine bridge/dist]
 *
 * The npm script builds the bridge first. `--engine`: the compiled bridge to measure, e.g. an older commit's build
 * (`git archive <commit> bridge tsconfig.base.json | tar -x -C .cache/old && npx tsc -p .cache/old/bridge`).
 *
 * Prints one line per shape (ms, and how much the process's peak RSS grew) and writes .cache/hostile-report.json.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { HOSTILE_SHAPES, LARGEST_PAGE_BYTES } from './hostile-pages.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { values: args } = parseArgs({
  options: {
    bytes: { type: 'string', default: String(LARGEST_PAGE_BYTES) },
    shapes: { type: 'string' },
    'timeout-ms': { type: 'string', default: '60000' },
    engine: { type: 'string', default: 'bridge/dist' },
  },
});
const chosen = args.shapes === undefined ? HOSTILE_SHAPES : HOSTILE_SHAPES.filter((shape) => args.shapes!.split(',').includes(shape.name));
const timeoutMs = Number(args['timeout-ms']);

const results: Record<string, unknown>[] = [];
for (const shape of chosen) {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'bench/hostile/measure-shape.ts'), '--shape', shape.name, '--bytes', args.bytes, '--engine', args.engine],
    { cwd: ROOT, encoding: 'utf8', timeout: timeoutMs, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const line = run.stdout.trim().split('\n').pop() ?? '';
  const result: Record<string, unknown> =
    run.status === 0 && line.startsWith('{')
      ? (JSON.parse(line) as Record<string, unknown>)
      : { shape: shape.name, error: run.error?.message.includes('ETIMEDOUT') ? `still running after ${timeoutMs} ms` : run.stderr.trim().split('\n').slice(-3).join(' ') };
  results.push(result);
  const figures = 'ms' in result ? `${String(result.ms).padStart(7)} ms  rss +${result.rssMb} MB` : String(result.error);
  console.log(`${shape.name.padEnd(28)} ${figures}`);
}
mkdirSync(path.join(ROOT, '.cache'), { recursive: true });
writeFileSync(
  path.join(ROOT, '.cache/hostile-report.json'),
  JSON.stringify({ generatedAt: new Date().toISOString(), engine: args.engine, bytes: Number(args.bytes), results }, null, 2),
);
