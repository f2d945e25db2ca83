/**
 * The held-out replay of the adaptation to editors' decisions (fitting/adaptation-replay.ts) on the last dump and fold
 * models of `npm run bench:quality` (which prints the same at its end), with other prior strengths to try.
 *
 *   npx tsx bench/quality/adapt-decisions.ts [.cache/relevance-features.jsonl] [--strengths 3,10,30,100]
 */
import { parseArgs } from 'node:util';
import { foldWeightsIn, readFeatureDump } from './features/dump-file.js';
import { adaptationReplay, DEFAULT_STRENGTHS, printAdaptation } from './fitting/adaptation-replay.js';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { strengths: { type: 'string', default: DEFAULT_STRENGTHS.join(',') }, models: { type: 'string', default: '.cache/quality-models' } },
});
printAdaptation(adaptationReplay(readFeatureDump(positionals[0]), foldWeightsIn(args.models), args.strengths!.split(',').map(Number)));
