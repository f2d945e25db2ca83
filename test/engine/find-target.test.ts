import { describe, expect, test } from 'vitest';
import { findTarget, findTargetFromEach, findTargets } from '../../bridge/src/engine/target-candidates.js';
import type { GenerateRequest } from '../../bridge/src/engine/types.js';
import { SITE_DOMAIN, syntheticPage } from '../../bench/speed/synthetic-site.js';
import { indexSite, SITE, type SitePage } from '../support/in-memory-site.js';

const PAGES = 240;

/**
 * The speed benchmark's synthetic site, small: topics of 40 pages, so a source has well over the 80 similar pages a
 * forward search keeps and targets rank on both sides of that cap; pages naming each other, some linking; and a copy
 * of a page under another path, so two targets tie on similarity.
 */
function syntheticSite(): SitePage[] {
  const pages = Array.from({ length: PAGES }, (_, i): SitePage => {
    const page = syntheticPage(i, PAGES, 400);
    const html = page.content.replaceAll(SITE_DOMAIN, SITE);
    const links = [...html.matchAll(/href="https:\/\/docs\.example([^"]+)"/g)].map((match) => match[1]!);
    return { path: new URL(page.url).pathname, title: page.title, html, links };
  });
  const copied = pages[7]!;
  pages.push({ ...copied, path: '/copy-of-page-7/', links: [] });
  return pages;
}

const site = indexSite(syntheticSite());
// Every fourth page as a source: each is compared with all 241 targets, a full search per pair, which is enough to
// cover every rank band below and keeps the file within a loaded CI machine's seconds.
const sources = [...site.documents.keys()].filter((_, i) => i % 4 === 0);

const requests: [string, (source: string) => GenerateRequest][] = [
  ['as the bridge asks', (source) => request(source)],
  ['with targets excluded and URLs refused', (source) => request(source, { excluded: ['/docs/0/page-3/', '/copy-of-page-7/'], refusedTopic: 2 })],
  ['as if the source had no links', (source) => ({ ...request(source), asIfUnlinked: true })],
];

function request(source: string, options: { excluded?: string[]; refusedTopic?: number } = {}): GenerateRequest {
  return {
    projectId: 'prj',
    sourcePageId: source,
    limit: 10,
    minRelevanceScore: 0,
    excludedTargetIds: new Set([source, ...(options.excluded ?? [])]),
    isTargetUrlAllowed: (url) => options.refusedTopic === undefined || !url.includes(`/docs/${options.refusedTopic}/`),
  };
}

// Each test makes thousands of full searches; the default five seconds is a fraction of that on a loaded machine.
describe('findTarget', { timeout: 60_000 }, () => {
  test.each(requests)('when one target is asked for %s, then it is the candidate findTargets gives it, or none when it gives none', (_, requestFor) => {
    const ranks: number[] = [];
    for (const sourceId of sources) {
      const source = site.documents.get(sourceId)!;
      const text = site.texts.get(sourceId)!;
      const forward = requestFor(sourceId);
      const all = findTargets(site.corpus, source, text, forward);
      for (const document of site.documents.values()) {
        const expected = all.find((candidate) => candidate.docNo === document.docNo);
        expect(findTarget(site.corpus, source, text, forward, document.docNo), `${sourceId} → ${document.pageId}`).toEqual(expected);
        if (expected !== undefined) ranks.push(expected.features.similarityRank);
      }
    }
    // The pairs compared cover the counted ranks, those near the cap of 80 similar pages, and those past it.
    expect(ranks.filter((rank) => rank < 10).length).toBeGreaterThan(100);
    expect(ranks.filter((rank) => rank >= 70 && rank < 80).length).toBeGreaterThan(50);
    expect(ranks.filter((rank) => rank >= 80).length).toBeGreaterThan(2);
  });

  test.each(requests)('when several sources of one target are asked for %s together, then each has the candidate findTargets gives it', (_, requestFor) => {
    const pairs = sources.map((sourceId) => ({ source: site.documents.get(sourceId)!, text: site.texts.get(sourceId)!, request: requestFor(sourceId) }));
    let found = 0;
    for (const document of [...site.documents.values()].filter((_, i) => i % 5 === 0)) {
      const expected = pairs.map(({ source, text, request: forward }) =>
        findTargets(site.corpus, source, text, forward).find((candidate) => candidate.docNo === document.docNo),
      );
      expect(findTargetFromEach(site.corpus, pairs, document.docNo), document.pageId).toEqual(expected);
      found += expected.filter((candidate) => candidate !== undefined).length;
    }
    expect(found).toBeGreaterThan(500);
  });
});
