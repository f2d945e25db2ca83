/**
 * `--dump-features FILE`: per source page, every target the engine considers with its feature vectors and its label
 * (the authors linked that target from that page), for bench/quality/fit-relevance.ts. One JSON object per line.
 * Runs the engine in this process (see in-process-site.ts); the bridge's API is not involved.
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import { anchorOptions, anchorSearch } from '../../../bridge/src/engine/anchor-options.js';
import { anchorVector, targetVector } from '../../../bridge/src/engine/relevance.js';
import { linkedDocuments } from '../../../bridge/src/engine/site-corpus.js';
import { suggestLinks } from '../../../bridge/src/engine/suggestion-engine.js';
import { findTargets } from '../../../bridge/src/engine/target-candidates.js';
import type { SuggestionLike } from '../metrics/validity.js';
import type { Variant } from '../corpus/variants.js';
import { batchesOf } from '../bridge/engine-run.js';
import { InProcessSite } from './in-process-site.js';

/** One considered target: label, target inputs, and its anchor options in order of preference. */
export interface DumpedTarget {
  url: string;
  label: 0 | 1;
  target: number[];
  /** Per option: [start, end, ...anchor inputs]. */
  anchors: number[][];
}

export interface DumpedPage {
  corpus: string;
  variant: string;
  url: string;
  /** Removed targets of the page (the recall denominator). */
  truth: number;
  /** Pages the source already links to. */
  linked: number;
  /** Candidates in the engine's order (by similarity). */
  targets: DumpedTarget[];
}

const round = (value: number): number => Math.round(value * 1e6) / 1e6;

/**
 * Appends the variant's pages to `file` and returns the share of pages whose in-process suggestions (targets and
 * scores) equal the bridge's answer: a check that the dump describes what the bridge scored.
 */
export function dumpVariantFeatures(
  file: string,
  corpusId: string,
  domain: string,
  variant: Variant,
  answers: ReadonlyMap<string, SuggestionLike[]>,
  limit: number,
): number {
  const site = new InProcessSite(domain);
  const pages = variant.pages.map((page) => ({ url: page.url, title: page.title, content: page.content, statusCode: 200 }));
  for (const batch of batchesOf(pages, 500, 8 * 1024 * 1024)) site.sync(batch);
  let agreeing = 0;
  const lines: string[] = [];
  for (const page of variant.pages) {
    const { document, text, request } = site.source(page.url, limit);
    const candidates = findTargets(site.corpus, document, text, request);
    const search = anchorSearch(site.corpus, text, candidates.map((candidate) => candidate.docNo));
    const targets = candidates.map((candidate): DumpedTarget => {
      const url = site.corpus.urlOf(candidate.docNo);
      return {
        url,
        label: page.truth.has(url) ? 1 : 0,
        target: targetVector(candidate.features).map(round),
        anchors: anchorOptions(search, candidate).map((option) => [option.start, option.end, ...anchorVector(option.features).map(round)]),
      };
    });
    const dumped: DumpedPage = { corpus: corpusId, variant: variant.name, url: page.url, truth: page.truth.size, linked: linkedDocuments(document).size, targets };
    lines.push(JSON.stringify(dumped));
    // Ties in score may come back in either order.
    const mine = suggestLinks(site.corpus, document, text, request).map((s) => `${s.relevanceScore} ${s.targetPageId}`).sort();
    const theirs = (answers.get(page.url) ?? []).map((s) => `${s.relevanceScore} ${s.targetPageUrl}`).sort();
    if (mine.join('\n') === theirs.join('\n')) agreeing += 1;
  }
  appendFileSync(file, lines.join('\n') + '\n');
  return agreeing / Math.max(1, variant.pages.length);
}

export function startDump(file: string): void {
  writeFileSync(file, '');
}
