/**
 * Feature dumps kept under `.cache/quality-features/`, keyed by everything they depend on: the engine's source, the
 * corpus (package version, builder format), the variant and the sampled source pages. The in-process engine run takes
 * minutes over a dozen sites; refitting and replaying then take seconds.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Corpus } from '../corpus/types.js';
import type { Variant } from '../corpus/variants.js';
import { variantFeatures, type DumpedPage } from './feature-dump.js';

/** Hash of every source file under the given folders, in path order. */
export function sourceHash(folders: readonly string[]): string {
  const hash = createHash('sha256');
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts')) hash.update(full).update(readFileSync(full));
    }
  };
  folders.forEach(walk);
  return hash.digest('hex');
}

export class FeatureStore {
  constructor(
    private readonly dir: string,
    /** Hash of what the features depend on besides the corpus: the engine and the dump code. */
    private readonly codeHash: string,
  ) {}

  /** The cached dump for this key, or a fresh one from `compute`, stored for next time. */
  load(key: { corpus: string; corpusVersion: string; variant: string; sourceUrls: readonly string[] }, compute: () => DumpedPage[]): { pages: DumpedPage[]; fromCache: boolean } {
    const digest = createHash('sha256')
      .update([this.codeHash, key.corpusVersion, key.variant, ...key.sourceUrls].join('\n'))
      .digest('hex')
      .slice(0, 16);
    const file = path.join(this.dir, `${key.corpus}-${key.variant}-${digest}.jsonl`);
    if (existsSync(file)) {
      const pages = readFileSync(file, 'utf8').split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as DumpedPage);
      return { pages, fromCache: true };
    }
    const pages = compute();
    mkdirSync(this.dir, { recursive: true });
    writeFileSync(file, pages.map((page) => JSON.stringify(page)).join('\n') + '\n');
    return { pages, fromCache: false };
  }

  /** `variant` of `corpus`, synced as site `siteId`, dumped for the given source pages (variantFeatures), cached. */
  variantFeatures(siteId: string, corpus: Corpus, variant: Variant, sourceUrls: ReadonlySet<string>, limit: number): { pages: DumpedPage[]; fromCache: boolean } {
    const corpusVersion = `${corpus.packageName} ${corpus.packageVersion} ${corpus.formatVersion}`;
    return this.load({ corpus: siteId, corpusVersion, variant: variant.name, sourceUrls: [...sourceUrls] }, () =>
      variantFeatures(siteId, corpus.domain, variant, sourceUrls, limit),
    );
  }
}
