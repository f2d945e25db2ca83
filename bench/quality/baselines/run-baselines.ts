/** Runs both baselines over a variant's synced pages, with the same eligibility the engine has. */
import type { Variant } from '../corpus/variants.js';
import type { PageText } from '../html/page-text.js';
import type { RankedSuggestion } from '../metrics/system-score.js';
import { TfidfCosineBaseline } from './tfidf-cosine.js';
import { TitleWordMatchBaseline } from './title-word-match.js';
import type { BaselinePage } from './types.js';
import { baselineWords } from './words.js';

export interface BaselineRun {
  name: string;
  rankings: Map<string, RankedSuggestion[]>;
  ms: number;
}

/**
 * Ranks targets for the pages in `sourceUrls` (every page when not given); every page is a target. `language`: the
 * site's BCP 47 tag (English when absent), whose stop words and stemmer the baselines read it with.
 */
export function runBaselines(
  variant: Variant,
  texts: ReadonlyMap<string, PageText>,
  limit: number,
  sourceUrls?: ReadonlySet<string>,
  language?: string,
): BaselineRun[] {
  const words = baselineWords(language);
  const pages: BaselinePage[] = variant.pages.map((page) => {
    const text = texts.get(page.url);
    if (!text) throw new Error(`no text for ${page.url}`);
    return { url: page.url, title: page.title, text };
  });
  const systems = [
    { name: 'tf-idf cosine', build: () => new TfidfCosineBaseline(pages, words) },
    { name: 'title words (Link Whisper)', build: () => new TitleWordMatchBaseline(pages, words) },
  ];
  return systems.map(({ name, build }) => {
    const started = performance.now();
    const baseline = build();
    const rankings = new Map(
      pages.flatMap((page, index) => (sourceUrls === undefined || sourceUrls.has(page.url) ? [[page.url, baseline.rank(index, limit)] as const] : [])),
    );
    return { name, rankings, ms: performance.now() - started };
  });
}
