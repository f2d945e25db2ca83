/**
 * The held-out fits of a feature dump, kept under `.cache/quality-folds/`: they depend on nothing but the dump and the
 * fitting code, so a run that changed neither (or another script judging the same engine) reads them back.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DumpedPage } from '../features/feature-dump.js';
import { sourceHash } from '../features/feature-store.js';
import { heldOutModels, type FoldModel } from './held-out.js';

/**
 * Each site's model fitted on the others, by site id, and whether they were read back; with `heldOutSites`, folds for
 * those sites only (the others' pages in every fit).
 */
export function cachedHeldOutModels(
  repoRoot: string,
  pages: readonly DumpedPage[],
  heldOutSites?: readonly string[],
): { models: Map<string, FoldModel>; file: string; fromCache: boolean } {
  const key = createHash('sha256')
    .update(sourceHash([path.join(repoRoot, 'bench/quality/fitting')]))
    .update(JSON.stringify(heldOutSites ?? null))
    .update(pages.map((page) => JSON.stringify(page)).join('\n'))
    .digest('hex')
    .slice(0, 16);
  const file = path.join(repoRoot, '.cache', 'quality-folds', `${key}.json`);
  const fromCache = existsSync(file);
  const folds = fromCache ? (JSON.parse(readFileSync(file, 'utf8')) as FoldModel[]) : heldOutModels(pages, undefined, heldOutSites);
  if (!fromCache) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(folds));
  }
  return { models: new Map(folds.map((fold) => [fold.heldOut!, fold])), file, fromCache };
}
