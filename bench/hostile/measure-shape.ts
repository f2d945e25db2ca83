/**
 * One measurement of `npm run bench:hostile`, in its own process so that a shape that never ends can be stopped:
 * analyses one hostile page and prints `{shape, bytes, ms, rssMb}` as a JSON line.
 *
 *   npx tsx bench/hostile/measure-shape.ts --shape unclosed-links [--bytes 2097152] [--engine bridge/dist]
 *
 * `--engine`: the compiled bridge to measure (as the bridge's workers run it), e.g. a build of an older commit.
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { PageAnalysis, PageInput } from '../../bridge/src/engine/types.js';
import { HOSTILE_SHAPES, LARGEST_PAGE_BYTES } from './hostile-pages.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { values: args } = parseArgs({
  options: {
    shape: { type: 'string' },
    bytes: { type: 'string', default: String(LARGEST_PAGE_BYTES) },
    engine: { type: 'string', default: 'bridge/dist' },
  },
});
const engine = pathToFileURL(path.resolve(ROOT, args.engine, 'engine/page-analysis.js')).href;
const { analyzePage } = (await import(engine)) as { analyzePage: (input: PageInput) => PageAnalysis };
const shape = HOSTILE_SHAPES.find((candidate) => candidate.name === args.shape);
if (shape === undefined) throw new Error(`no shape named ${args.shape}`);

const html = shape.build(Number(args.bytes));
// A normal page first: module loading and the first compilations are not the shape's cost.
analyzePage({ url: 'https://site.test/warm-up', title: 'Warm-up', html: '<h2>Kernel</h2><p>The kernel <a href="/boot">boots</a>.</p>' });
const rssBefore = process.memoryUsage().rss;
const started = performance.now();
analyzePage({ url: 'https://site.test/hostile', title: `Hostile ${shape.name}`, html });
const ms = performance.now() - started;
const rssMb = (process.resourceUsage().maxRSS * 1024 - rssBefore) / 1024 / 1024;
console.log(JSON.stringify({ shape: shape.name, bytes: Buffer.byteLength(html), ms: Math.round(ms), rssMb: Math.round(rssMb) }));
