/**
 * The held-out replay of the adaptation to editors' decisions (fitting/adaptation-replay.ts) on the last dump and fold
 * models of `npm run bench:quality` (which prints the same at its end), with other prior strengths to try.
 *
 *   npx tsx bench/quality/adapt-decisions.ts [.cache/relevance-features.jsonl] [--strengths 3,10,30,100]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { DumpedPage } from './features/feature-dump.js';
import { adaptationReplay, DEFAULT_STRENGTHS, printAdaptation } from './fitting/adaptation-replay.js';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { strengths: { type: 'string', default: DEFAULT_STRENGTHS.join(',') }, models: { type: 'string', default: '.cache/quality-models' } },
});
const pages: DumpedPage[] = readFileSync(positionals[0] ?? '.cache/relevance-features.jsonl', 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as DumpedPage);
const foldWeights = (site: string): number[] =>
  (JSON.parse(readFileSync(path.join(args.models!, `${site}.json`), 'utf8')) as { weights: number[] }).weights;
printAdaptation(adaptationReplay(pages, foldWeights, args.strengths!.split(',').map(Number)));
