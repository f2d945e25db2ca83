/**
 * The ground truth of the inbound row: for each page, the pages whose authors linked to it (links removed in the
 * variant), and the target pages sampled, in SHA-256 order of their URL like the forward row's sources.
 */
import { createHash } from 'node:crypto';
import { normalizePageUrl } from '../../../bridge/src/lib/url.js';
import type { Variant } from '../corpus/variants.js';

/** Normalised target URL → normalised URLs of the pages that linked to it. */
export function inboundTruth(variant: Variant): Map<string, Set<string>> {
  const truth = new Map<string, Set<string>>();
  for (const page of variant.pages) {
    const source = normalizePageUrl(page.url)!;
    for (const targetUrl of page.truth.keys()) {
      const target = normalizePageUrl(targetUrl)!;
      if (target === source) continue;
      const sources = truth.get(target) ?? new Set<string>();
      sources.add(source);
      truth.set(target, sources);
    }
  }
  return truth;
}

/** At most `max` pages that received at least one removed link, in hash order: the same on every run. */
export function sampleTargets(truth: ReadonlyMap<string, ReadonlySet<string>>, max: number): string[] {
  const key = (url: string): string => createHash('sha256').update(url).digest('hex');
  return [...truth.keys()].sort((a, b) => key(a).localeCompare(key(b))).slice(0, max);
}
