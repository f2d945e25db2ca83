/**
 * The sites the speed and memory benchmarks run on, behind one shape: `realistic` (realistic-site.ts, a vocabulary
 * that grows with the site as real sites' do; the headline) and `synthetic` (synthetic-site.ts, 50,000 pseudo-words
 * whatever the size; kept so that figures stay comparable with earlier ones).
 */
import { tokenize } from '../../bridge/src/engine/tokenizer.js';
import { extractVisibleText } from '../../bridge/src/engine/visible-text.js';
import { REALISTIC_SITE_DOMAIN, realisticSite } from './realistic-site.js';
import { SITE_DOMAIN, syntheticPage, urlOf as syntheticUrlOf } from './synthetic-site.js';

export interface BenchmarkPage {
  url: string;
  title: string;
  content: string;
}

export interface BenchmarkSite {
  name: 'realistic' | 'synthetic';
  domain: string;
  /** Page `index` of a site of `size` pages; `revision` > 0 is an edited version of it. */
  page(index: number, size: number, revision?: number): BenchmarkPage;
  urlOf(index: number): string;
}

export const BENCHMARK_SITES: Readonly<Record<BenchmarkSite['name'], BenchmarkSite>> = {
  realistic: {
    name: 'realistic',
    domain: REALISTIC_SITE_DOMAIN,
    page: (index, _size, revision = 0) => realisticSite().page(index, revision),
    urlOf: (index) => realisticSite().urlOf(index),
  },
  synthetic: {
    name: 'synthetic',
    domain: SITE_DOMAIN,
    page: (index, size, revision = 0) => syntheticPage(index, size, 1500, revision),
    urlOf: syntheticUrlOf,
  },
};

/** `realistic`, `synthetic` or `both` (realistic first) → the sites to run. */
export function selectBenchmarkSites(choice: string): BenchmarkSite[] {
  if (choice === 'both') return [BENCHMARK_SITES.realistic, BENCHMARK_SITES.synthetic];
  if (choice === 'realistic' || choice === 'synthetic') return [BENCHMARK_SITES[choice]];
  throw new Error(`unknown site "${choice}"; expected realistic, synthetic or both`);
}

/**
 * Words and distinct words of pages (titles and visible text, as the engine's tokenizer splits them, lower case): what
 * the index has to hold. Pages are added as they are sent, so that counting needs no second pass over the site.
 */
export class VocabularyCounter {
  words = 0;
  private readonly seen = new Set<string>();

  add(page: BenchmarkPage): void {
    for (const text of [page.title, extractVisibleText(page.content).text]) {
      const tokens = tokenize(text);
      this.words += tokens.count;
      for (let i = 0; i < tokens.count; i += 1) this.seen.add(tokens.words[i]!);
    }
  }

  get distinctWords(): number {
    return this.seen.size;
  }
}

/** Words and distinct words of a site's first `size` pages. */
export function siteVocabulary(site: BenchmarkSite, size: number): { words: number; distinctWords: number } {
  const counter = new VocabularyCounter();
  for (let index = 0; index < size; index += 1) counter.add(site.page(index, size));
  return { words: counter.words, distinctWords: counter.distinctWords };
}
