import { describe, expect, test } from 'vitest';
import { candidateSources, sourceBudget, suggestInbound, type InboundRequest } from '../../bridge/src/engine/inbound-suggestions.js';
import { DEFAULT_RELEVANCE_MODEL, RelevanceModel, WEIGHTS } from '../../bridge/src/engine/relevance.js';
import { suggestLinks } from '../../bridge/src/engine/suggestion-engine.js';
import type { GenerateRequest } from '../../bridge/src/engine/types.js';
import { indexSite, type SitePage } from '../support/in-memory-site.js';

const TOPICS = ['pruning roses', 'sowing carrots', 'storing potatoes', 'building a cold frame', 'saving tomato seed', 'watering in drought'];

/** A garden site: `posts` posts naming "compost tea" in prose, one that links to it, and guides on other topics. */
function gardenSite(posts: number): SitePage[] {
  const pages: SitePage[] = [
    { path: '/compost-tea', title: 'Compost Tea', html: '<p>Compost tea is compost steeped in water, aerated and sprayed on leaves as a feed.</p>' },
    ...TOPICS.map((topic, i) => ({
      path: `/guide-${i}`,
      title: topic.replace(/^\w/, (c) => c.toUpperCase()),
      html: `<p>A short guide to ${topic}: tools, timing and the usual mistakes.</p>`,
    })),
    {
      path: '/linked',
      title: 'Feeding the beds',
      html: '<p>I feed the beds with <a href="https://docs.example/compost-tea">compost tea</a>; compost tea smells of the heap.</p>',
      links: ['/compost-tea'],
    },
  ];
  for (let i = 0; i < posts; i += 1) {
    const topic = TOPICS[i % TOPICS.length]!;
    pages.push({
      path: `/post-${i}`,
      title: `Diary ${i}`,
      html: `<p>Day ${i}: before ${topic} I sprayed compost tea on the ${i % 2 === 0 ? 'roses' : 'beans'}.</p><p>Notes on ${topic} and the weather.</p>`,
    });
  }
  return pages;
}

function forwardRequest(sourcePageId: string): GenerateRequest {
  return { projectId: 'prj', sourcePageId, limit: 50, minRelevanceScore: 0, excludedTargetIds: new Set([sourcePageId]), isTargetUrlAllowed: () => true };
}

function inbound(posts: number, overrides: Partial<InboundRequest> = {}, model = DEFAULT_RELEVANCE_MODEL) {
  const site = indexSite(gardenSite(posts));
  const read: string[] = [];
  const request: InboundRequest = {
    projectId: 'prj',
    targetPageId: '/compost-tea',
    limit: 10,
    minRelevanceScore: 0,
    isSourceAllowed: () => true,
    forwardRequest,
    ...overrides,
  };
  const load = (docNo: number) => {
    const pageId = site.corpus.pageIdOf(docNo)!;
    return {
      document: site.documents.get(pageId)!,
      readText: () => {
        read.push(pageId);
        return site.texts.get(pageId);
      },
    };
  };
  const target = site.documents.get('/compost-tea')!;
  return { site, read, request, target, answer: suggestInbound(site.corpus, target, request, load, model) };
}

describe('suggestInbound', () => {
  test.each([
    ['the shipped model', DEFAULT_RELEVANCE_MODEL],
    ['another model', new RelevanceModel(WEIGHTS.map((weight, i) => weight * (1 + (i % 5) / 10)))],
  ])('when a pair is scored inbound under %s, then it scores and reads as forward generation from its source', (_, model) => {
    const { site, answer } = inbound(8, {}, model);
    // The posts name the target in prose: no better target of theirs takes that passage, so forward generation gives
    // the pair the same anchor. (A guide resembling it may lose its anchor to a better target there.)
    const named = answer.filter((suggestion) => suggestion.sourcePageId.startsWith('/post-'));
    expect(named).toHaveLength(8);
    for (const suggestion of named) {
      const source = suggestion.sourcePageId;
      const forward = suggestLinks(site.corpus, site.documents.get(source)!, site.texts.get(source)!, forwardRequest(source), model);
      expect(forward.find((s) => s.targetPageId === '/compost-tea'), source).toEqual({ ...suggestion, sourcePageId: undefined, targetPageId: '/compost-tea' } as never);
    }
  });

  test('when pages already link to the target or may not be sources, then they are never suggested nor their texts read', () => {
    const { answer, read } = inbound(6, { isSourceAllowed: (pageId) => pageId !== '/post-1' });
    const sources = answer.map((s) => s.sourcePageId);
    expect(sources).toEqual(expect.arrayContaining(['/post-0', '/post-2']));
    for (const refused of ['/linked', '/post-1', '/compost-tea']) {
      expect(sources).not.toContain(refused);
      expect(read).not.toContain(refused);
    }
    expect(new Set(sources).size).toBe(sources.length);
    expect(answer.every((s, i) => i === 0 || s.relevanceScore <= answer[i - 1]!.relevanceScore)).toBe(true);
  });

  test('when many pages name the target, then a bounded number of sources is read and limit answers', () => {
    const { answer, read, site, target, request } = inbound(120, { limit: 5 });
    expect(answer).toHaveLength(5);
    expect(read.length).toBe(sourceBudget(5));
    expect(candidateSources(site.corpus, target, request).length).toBeLessThanOrEqual(2 * sourceBudget(5));
  });

  test('when minRelevanceScore is above every score, then nothing is suggested', () => {
    expect(inbound(6, { minRelevanceScore: 1 }).answer).toEqual([]);
  });
});
