/**
 * The held-out replay of the adaptation to editors' decisions (fitting/adaptation-replay.ts) on the last dump and fold
 * models of `npm run bench:quality` (which prints the same at its end), with other prior strengths to try.
 *
 *   npx tsx bench/quality/adapt-decisions.ts [.cache/relevance-features.jsonl] [--strengths 3,10,30,100]
 */
import { parseArgs } from 'node:util';
import { foldWeightsIn, readFeatureDump } from './features/dump-file.js';
import { smallSiteSize } from './features/small-site-features.js';
import { adaptationReplay, DEFAULT_STRENGTHS, printAdaptation } from './fitting/adaptation-replay.js';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { strengths: { type: 'string', default: DEFAULT_STRENGTHS.join(',') }, models: { type: 'string', default: '.cache/quality-models' } },
});
// The whole sites only, as `npm run bench:quality` replays them: the dump holds the small sites' pages too.
const pages = readFeatureDump(positionals[0]).filter((page) => smallSiteSize(page.variant) === null);
printAdaptation(adaptationReplay(pages, foldWeightsIn(args.models), args.strengths!.split(',').map(Number)));
