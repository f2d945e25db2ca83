/**
 * The engine's inbound suggestions on one variant, in this process: the site synced as the bridge syncs it
 * (features/in-process-site.ts), then engine/inbound-suggestions.ts asked for each sampled target with the site's
 * held-out model, limit 10 and no threshold, as POST …/suggestions/inbound would answer.
 */
import { suggestInbound } from '../../../bridge/src/engine/inbound-suggestions.js';
import type { RelevanceModel } from '../../../bridge/src/engine/relevance.js';
import type { Variant } from '../corpus/variants.js';
import { InProcessSite } from '../features/in-process-site.js';

const SYNC_BATCH = 500;

/** Normalised target URL → suggested source URLs, best first. */
export function engineInbound(
  domain: string,
  variant: Variant,
  targets: readonly string[],
  model: RelevanceModel,
  limit: number,
  sources?: number,
): Map<string, string[]> {
  const site = new InProcessSite(domain);
  for (let first = 0; first < variant.pages.length; first += SYNC_BATCH) site.sync(variant.pages.slice(first, first + SYNC_BATCH));
  const { corpus } = site;
  const load = (docNo: number) => {
    if (corpus.pageIdOf(docNo) === undefined) return undefined;
    const { document, text } = site.source(corpus.urlOf(docNo), limit);
    return { document, readText: () => text };
  };
  const answers = new Map<string, string[]>();
  for (const target of targets) {
    const { document } = site.source(target, limit);
    const suggestions = suggestInbound(
      corpus,
      document,
      {
        projectId: 'in-process',
        targetPageId: document.pageId,
        limit,
        minRelevanceScore: 0,
        ...(sources === undefined ? {} : { sources }),
        isSourceAllowed: () => true,
        forwardRequest: (sourcePageId) => site.source(sourcePageId, limit).request,
      },
      load,
      model,
    );
    answers.set(target, suggestions.map((suggestion) => suggestion.sourcePageId));
  }
  return answers;
}
