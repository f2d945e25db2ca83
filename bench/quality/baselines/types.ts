/** What a baseline sees of the synced site, and what it answers. */
import type { PageText } from '../html/page-text.js';

export interface BaselinePage {
  url: string;
  title: string;
  text: PageText;
}

export interface RankedTarget {
  targetUrl: string;
  score: number;
}

/** A baseline ranks, for one source, the targets it may suggest: not itself and not already linked from it. */
export function isEligibleTarget(source: BaselinePage, target: BaselinePage): boolean {
  return target.url !== source.url && !source.text.linkedUrls.has(target.url);
}

/** Highest score first; equal scores by URL so that runs are repeatable. */
export function byScoreThenUrl(a: RankedTarget, b: RankedTarget): number {
  return b.score - a.score || a.targetUrl.localeCompare(b.targetUrl);
}
