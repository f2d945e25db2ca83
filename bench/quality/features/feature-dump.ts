/**
 * Per source page, every target the engine considers with its feature vectors and its label (the authors linked that
 * target from that page): what fitting/fit-procedure.ts fits on and fitting/replay.ts replays. Runs the engine in this
 * process (see in-process-site.ts); the bridge's API is not involved.
 */
import { anchorOptions, anchorSearch } from '../../../bridge/src/engine/anchor-options.js';
import { anchorVector, targetVector } from '../../../bridge/src/engine/relevance.js';
import { linkedDocuments } from '../../../bridge/src/engine/site-corpus.js';
import { findTargets } from '../../../bridge/src/engine/target-candidates.js';
import type { Variant } from '../corpus/variants.js';
import { batchesOf } from '../bridge/engine-run.js';
import { anchorTokenF1 } from '../metrics/anchor-agreement.js';
import { InProcessSite } from './in-process-site.js';

/** One considered target: label, target inputs, and its anchor options in order of preference. */
export interface DumpedTarget {
  url: string;
  label: 0 | 1;
  target: number[];
  /** Per option: [start, end, ...anchor inputs]. */
  anchors: number[][];
  /**
   * Of a target the authors linked: per option, token F1 with the closest of their anchors for it (the benchmark's
   * anchor agreement), so that the choice among a target's anchors can be judged on the dump too.
   */
  agreement?: number[];
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
 * Every considered target of the chosen source pages of a variant, with its inputs and label: what fitting and the
 * replay read. Runs the engine in this process; does not depend on the model's weights.
 */
export function variantFeatures(corpusId: string, domain: string, variant: Variant, sourceUrls: ReadonlySet<string>, limit: number): DumpedPage[] {
  const site = new InProcessSite(domain);
  const pages = variant.pages.map((page) => ({ url: page.url, title: page.title, content: page.content, statusCode: 200 }));
  for (const batch of batchesOf(pages, 500, 8 * 1024 * 1024)) site.sync(batch);
  return variant.pages
    .filter((page) => sourceUrls.has(page.url))
    .map((page) => {
      const { document, text, request } = site.source(page.url, limit);
      const candidates = findTargets(site.corpus, document, text, request);
      const search = anchorSearch(site.corpus, text, candidates.map((candidate) => candidate.docNo));
      const targets = candidates.map((candidate): DumpedTarget => {
        const url = site.corpus.urlOf(candidate.docNo);
        const options = anchorOptions(search, candidate);
        const humanAnchors = page.truth.get(url)?.map((anchor) => anchor.text);
        return {
          url,
          label: humanAnchors === undefined ? 0 : 1,
          target: targetVector(candidate.features).map(round),
          anchors: options.map((option) => [option.start, option.end, ...anchorVector(option.features).map(round)]),
          ...(humanAnchors === undefined
            ? {}
            : { agreement: options.map((option) => round(anchorTokenF1(text.text.slice(option.start, option.end), humanAnchors))) }),
        };
      });
      return { corpus: corpusId, variant: variant.name, url: page.url, truth: page.truth.size, linked: linkedDocuments(document).size, targets };
    });
}
