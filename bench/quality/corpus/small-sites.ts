/**
 * Small sites cut from a benchmark corpus: what a new user with a few dozen posts has. A site of `size` pages is the
 * pages reached from a seed page along the authors' links (either way), nearest first, so that its pages are about
 * related things and still link each other, as a small blog's are; links leaving it are unwrapped, since a real small
 * site has no links to pages it does not have.
 */
import { createHash } from 'node:crypto';
import { resolveHref } from '../../../bridge/src/lib/url.js';
import { findElements, innerHtml, parseHtml, unwrapElement } from '../html/dom.js';
import type { Corpus, CorpusPage } from './types.js';

const hashOf = (text: string): string => createHash('sha256').update(text).digest('hex');

/** `count` small sites of `size` pages from `corpus`, each grown from its own seed; the same on every run. */
export function smallSitesOf(corpus: Corpus, size: number, count: number): Corpus[] {
  const byUrl = new Map(corpus.pages.map((page) => [page.url, page]));
  const neighbours = new Map<string, Set<string>>(corpus.pages.map((page) => [page.url, new Set<string>()]));
  for (const page of corpus.pages) {
    for (const link of page.links) {
      if (link.targetUrl === page.url || !byUrl.has(link.targetUrl)) continue;
      neighbours.get(page.url)!.add(link.targetUrl);
      neighbours.get(link.targetUrl)!.add(page.url);
    }
  }
  // Seeds in a stable pseudo-random order, among pages that link: a site grown from an unlinked page is one page.
  const order = (url: string): string => hashOf(`${size}\n${url}`);
  const seeds = corpus.pages
    .filter((page) => neighbours.get(page.url)!.size > 0)
    .map((page) => page.url)
    .sort((a, b) => order(a).localeCompare(order(b)));
  const sites: Corpus[] = [];
  const usedSeeds = new Set<string>();
  for (const seed of seeds) {
    if (sites.length >= count) break;
    if (usedSeeds.has(seed)) continue;
    const chosen = grow(seed, size, neighbours, order);
    if (chosen.length < size) continue;
    // A later seed inside this site would grow much the same site.
    chosen.forEach((url) => usedSeeds.add(url));
    const members = new Set(chosen);
    sites.push({ ...corpus, pages: chosen.map((url) => withinSite(byUrl.get(url)!, members)) });
  }
  return sites;
}

/** Breadth-first from the seed over the link graph, neighbours in hash order, until `size` pages. */
function grow(seed: string, size: number, neighbours: ReadonlyMap<string, ReadonlySet<string>>, order: (url: string) => string): string[] {
  const chosen = [seed];
  const seen = new Set(chosen);
  for (let next = 0; next < chosen.length && chosen.length < size; next += 1) {
    const around = [...neighbours.get(chosen[next]!)!].filter((url) => !seen.has(url)).sort((a, b) => order(a).localeCompare(order(b)));
    for (const url of around) {
      if (chosen.length >= size) break;
      seen.add(url);
      chosen.push(url);
    }
  }
  return chosen;
}

/** The page with its links to corpus pages outside the small site unwrapped to their text; other links stay. */
function withinSite(page: CorpusPage, members: ReadonlySet<string>): CorpusPage {
  const corpusTargets = new Set(page.links.map((link) => link.targetUrl));
  const document = parseHtml(page.content);
  for (const a of findElements(document, (el) => el.name === 'a' && 'href' in el.attribs)) {
    const target = resolveHref(a.attribs['href'] ?? '', page.url);
    if (target && target !== page.url && !members.has(target) && corpusTargets.has(target)) unwrapElement(a);
  }
  return { ...page, content: innerHtml(document), links: page.links.filter((link) => members.has(link.targetUrl)) };
}
