/**
 * Small sites cut from each corpus (corpus/small-sites.ts), dumped like the whole corpus: what a new user with a few
 * dozen posts has. Their pages are fitted on with their corpus's, so a held-out fold leaves them out with it, and they
 * teach the model what no whole documentation site can: how the chance of a link grows as a site has fewer pages.
 */
import type { Corpus } from '../corpus/types.js';
import { smallSitesOf } from '../corpus/small-sites.js';
import { buildVariant, sampleSourcePages, type VariantName } from '../corpus/variants.js';
import type { DumpedPage } from './feature-dump.js';
import type { FeatureStore } from './feature-store.js';

/** Pages of the small sites cut from each corpus, and how many of each size. */
export const SMALL_SITE_SIZES = [3, 5, 10, 30, 60] as const;
export const SMALL_SITES_PER_SIZE = 3;

/** One small site cut from a corpus: `apache-small10-2` is the third of ten pages cut from apache. */
export interface SmallSite {
  id: string;
  size: number;
  site: Corpus;
}

/** `all-removed@10`: the variant of the small sites of ten pages. */
export const smallSiteVariant = (variant: VariantName, size: number): string => `${variant}@${size}`;

/** The variant a dumped page is of, small site or not: `all-removed@10` → `all-removed`. */
export const baseVariant = (variant: string): string => variant.split('@')[0]!;

/** The small site's size of a dumped page's variant, or null for a whole corpus. */
export function smallSiteSize(variant: string): number | null {
  const size = variant.split('@')[1];
  return size === undefined ? null : Number(size);
}

/** Every small site of every size cut from the corpus, smallest first; the same on every run. */
export function smallSitesOfCorpus(corpusId: string, corpus: Corpus): SmallSite[] {
  return SMALL_SITE_SIZES.flatMap((size) =>
    smallSitesOf(corpus, size, SMALL_SITES_PER_SIZE).map((site, i) => ({ id: `${corpusId}-small${size}-${i}`, size, site })),
  );
}

/** The pages of a small site suggestions are asked for: every page that links. */
export const smallSiteSources = (small: SmallSite): Set<string> => sampleSourcePages(small.site, small.size);

/**
 * Every variant of the corpus's small sites dumped through `store` (a site of its own id, every linking page asked),
 * its pages labelled with the corpus's id and the small site's variant; by size, then variant, then site.
 */
export function smallSiteFeatures(corpusId: string, sites: readonly SmallSite[], variants: readonly VariantName[], store: FeatureStore, limit: number): DumpedPage[] {
  return SMALL_SITE_SIZES.flatMap((size) =>
    variants.flatMap((variant) =>
      sites
        .filter((small) => small.size === size)
        .flatMap((small) =>
          store.variantFeatures(small.id, small.site, buildVariant(small.site, variant), smallSiteSources(small), limit).pages.map((page) => ({
            ...page,
            corpus: corpusId,
            variant: smallSiteVariant(variant, size),
          })),
        ),
    ),
  );
}
