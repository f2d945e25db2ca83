/**
 * The small sites cut from a corpus put through the bridge, each a project of its own, every linking page asked: what a
 * new user's small site gets, with whatever the bridge reads from the site's own links (its relevance summary says).
 */
import type { InterlinkerClient, RelevanceSummary } from '../../../bridge/src/client/index.js';
import { buildVariant, type VariantName } from '../corpus/variants.js';
import { smallSiteSources, smallSiteVariant, type SmallSite } from '../features/small-site-features.js';
import { runEngine } from './engine-run.js';

/** One source page's answer, each suggestion marked by whether the authors linked it (one of the removed links). */
export interface AnsweredPage {
  url: string;
  /** Removed targets of the page (the recall denominator). */
  truth: number;
  suggestions: { target: string; score: number; accepted: boolean }[];
}

/** One small site in one variant, as the bridge answered it. */
export interface SmallSiteAnswers {
  corpus: string;
  site: string;
  size: number;
  /** `half-removed@10` (features/small-site-features.ts). */
  variant: string;
  relevance: RelevanceSummary;
  pages: AnsweredPage[];
  failures: number;
}

export async function runSmallSites(
  api: InterlinkerClient,
  corpusId: string,
  sites: readonly SmallSite[],
  variants: readonly VariantName[],
  options: { concurrency: number; limit: number },
): Promise<SmallSiteAnswers[]> {
  const results: SmallSiteAnswers[] = [];
  for (const small of sites) {
    const sourceUrls = smallSiteSources(small);
    for (const name of variants) {
      const variant = buildVariant(small.site, name);
      const run = await runEngine(api, variant, {
        projectName: `quality ${small.id} ${name}`,
        domain: small.site.domain,
        batchSize: 500,
        batchBytes: 8 * 1024 * 1024,
        concurrency: options.concurrency,
        limit: options.limit,
        minRelevanceScore: 0,
        sourceUrls,
      });
      const pages = variant.pages
        .filter((page) => sourceUrls.has(page.url))
        .map((page) => ({
          url: page.url,
          truth: page.truth.size,
          suggestions: (run.answers.get(page.url) ?? []).map((s) => ({ target: s.targetPageUrl, score: s.relevanceScore, accepted: page.truth.has(s.targetPageUrl) })),
        }));
      results.push({ corpus: corpusId, site: small.id, size: small.size, variant: smallSiteVariant(name, small.size), relevance: run.relevance, pages, failures: run.failures.length });
    }
  }
  return results;
}
