/** What the last `npm run bench:quality` left for the fits and replays to read again. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { DumpedPage } from './feature-dump.js';

/** The feature dump (`.cache/relevance-features.jsonl`, a page a line). */
export function readFeatureDump(file = '.cache/relevance-features.jsonl'): DumpedPage[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as DumpedPage);
}

/** The weights of each site's fold model (`<dir>/<site>.json`, the model fitted without that site). */
export function foldWeightsIn(dir = '.cache/quality-models'): (site: string) => number[] {
  return (site) => (JSON.parse(readFileSync(path.join(dir, `${site}.json`), 'utf8')) as { weights: number[] }).weights;
}
