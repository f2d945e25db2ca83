/**
 * The two benchmark variants built from a corpus: every human link unwrapped to its content ("all removed"), or a
 * deterministic half of each page's linked targets unwrapped and the other half kept as links ("half removed").
 * The removed targets are the ground truth; kept ones are already linked, so suggesting them again is invalid.
 */
import { createHash } from 'node:crypto';
import { resolveHref } from '../../../bridge/src/lib/url.js';
import { containsCode, findElements, innerHtml, parseHtml, textOf, unwrapElement } from '../html/dom.js';
import type { Corpus, CorpusPage } from './types.js';

export type VariantName = 'all-removed' | 'half-removed';

export interface VariantPage {
  url: string;
  title: string;
  /** The body as synced to the bridge. */
  content: string;
  /** Removed targets → the anchors the authors gave them on this page. */
  truth: Map<string, HumanAnchor[]>;
  /** Targets still linked in `content`. */
  keptTargets: Set<string>;
}

export interface HumanAnchor {
  text: string;
  inCode: boolean;
}

export interface Variant {
  name: VariantName;
  pages: VariantPage[];
}

/** A stable pseudo-random order of a page's targets, independent of Node's or the corpus's ordering. */
function rankKey(pageUrl: string, targetUrl: string): string {
  return createHash('sha256').update(`${pageUrl}\n${targetUrl}`).digest('hex');
}

/** The targets to remove from a page: all of them, or the first half (rounded up) in hash order. */
export function targetsToRemove(page: CorpusPage, variant: VariantName): Set<string> {
  const targets = [...new Set(page.links.map((link) => link.targetUrl))];
  if (variant === 'all-removed') return new Set(targets);
  const ordered = targets.sort((a, b) => rankKey(page.url, a).localeCompare(rankKey(page.url, b)));
  return new Set(ordered.slice(0, Math.ceil(ordered.length / 2)));
}

function variantPage(page: CorpusPage, variant: VariantName, pageUrls: ReadonlySet<string>): VariantPage {
  const removed = targetsToRemove(page, variant);
  const truth = new Map<string, HumanAnchor[]>();
  const keptTargets = new Set<string>();
  const document = parseHtml(page.content);
  for (const a of findElements(document, (el) => el.name === 'a' && 'href' in el.attribs)) {
    const target = resolveHref(a.attribs['href'] ?? '', page.url);
    if (!target || target === page.url || !pageUrls.has(target)) continue;
    if (!removed.has(target)) {
      keptTargets.add(target);
      continue;
    }
    const anchors = truth.get(target) ?? [];
    anchors.push({ text: textOf(a), inCode: containsCode(a) });
    truth.set(target, anchors);
    unwrapElement(a);
  }
  return { url: page.url, title: page.title, content: innerHtml(document), truth, keptTargets };
}

export function buildVariant(corpus: Corpus, variant: VariantName): Variant {
  const pageUrls = new Set(corpus.pages.map((page) => page.url));
  return { name: variant, pages: corpus.pages.map((page) => variantPage(page, variant, pageUrls)) };
}

/**
 * The source pages suggestions are asked for: pages with at least one link to another corpus page (the others have
 * nothing to find), at most `max` of them in hash order, so a large site costs no more than a small one and the
 * choice is the same on every run.
 */
export function sampleSourcePages(corpus: Corpus, max: number): Set<string> {
  const key = (url: string): string => createHash('sha256').update(url).digest('hex');
  const linking = corpus.pages.filter((page) => page.links.length > 0).map((page) => page.url);
  return new Set(linking.sort((a, b) => key(a).localeCompare(key(b))).slice(0, max));
}
