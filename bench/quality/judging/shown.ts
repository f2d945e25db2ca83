/**
 * What the default shows on each blog with all its links removed: every suggestion at the shipped default
 * `minRelevanceScore`, as the bridge returned it, and whether it is one of the author's removed links. The judging
 * protocol samples from it (`sample.ts`); `run.ts` writes it to `.cache/quality-shown.json`.
 */
import type { EngineRun } from '../bridge/engine-run.js';
import type { Variant } from '../corpus/variants.js';

export const JUDGED_VARIANT = 'all-removed';

export interface ShownSuggestion {
  sourceUrl: string;
  targetUrl: string;
  anchorText: string;
  /** The sentence around the anchor, as the bridge returned it. */
  context: string;
  score: number;
  /** The author linked this target from this post (and the variant removed it). */
  authorLink: boolean;
}

export interface ShownBlog {
  id: string;
  variant: string;
  /** The posts suggestions were asked for, in URL order. */
  askedUrls: string[];
  suggestions: ShownSuggestion[];
}

export interface ShownReport {
  generatedAt: string;
  engine: { commit: string; bridgeModified: boolean };
  minRelevanceScore: number;
  blogs: ShownBlog[];
}

/** One blog's shown suggestions: the answers of its asked posts at or above `threshold`, in post then answer order. */
export function shownOfBlog(id: string, variant: Variant, sourceUrls: ReadonlySet<string>, run: EngineRun, threshold: number): ShownBlog {
  const asked = variant.pages.filter((page) => sourceUrls.has(page.url)).sort((a, b) => a.url.localeCompare(b.url));
  const suggestions = asked.flatMap((page) =>
    (run.answers.get(page.url) ?? [])
      .filter((suggestion) => suggestion.relevanceScore >= threshold)
      .map((suggestion) => ({
        sourceUrl: page.url,
        targetUrl: suggestion.targetPageUrl,
        anchorText: suggestion.anchorText,
        context: suggestion.context,
        score: suggestion.relevanceScore,
        authorLink: page.truth.has(suggestion.targetPageUrl),
      })),
  );
  return { id, variant: variant.name, askedUrls: asked.map((page) => page.url), suggestions };
}
