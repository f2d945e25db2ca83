import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Suggestion } from '../../bridge/src/client/index.js';
import { MIN_SITE_LINK_PAGES, siteLevelShift } from '../../bridge/src/suggestions/project-relevance.js';
import { startTestBridge, type TestAccount, type TestBridge } from '../support/api-harness.js';

/*
 * Two sites with the same pages and the same words, whose authors link differently: on one they link the pages their
 * text names, on the other they never do (their links go to a "related reading" page with other words). Read as
 * examples, each site's own links must move the score of a named page in opposite directions on the pages that have
 * no links yet.
 */
const DOMAIN = 'https://links.example';
const ADJECTIVES = ['alpine', 'coastal', 'desert', 'boreal', 'tropical', 'urban', 'arctic', 'volcanic'];
const NOUNS = ['meadow', 'harbour', 'canyon', 'forest', 'glacier'];
const NAMES = ADJECTIVES.flatMap((adjective) => NOUNS.map((noun) => `${adjective} ${noun}`));
const FILLER = [
  'field notes describe the season, the weather and the light over the ground',
  'visitors walk the marked paths early and leave before the afternoon heat',
  'the survey counted birds, insects and flowering plants along each transect',
  'rangers keep a record of water levels, trail damage and closed campsites',
  'a short history of the area explains how the first settlers used the land',
  'maps show the roads, the shelters and the places where travel is difficult',
];
/** Pages 0–31 carry the site's links; 32–39 have none and are asked for suggestions. */
const LINKING_PAGES = 32;
const RELATED = NAMES.length; // the "related reading" page

const urlOf = (page: number): string => `${DOMAIN}/${page === RELATED ? 'related-reading' : NAMES[page]!.replace(' ', '-')}/`;
const titleOf = (name: string): string => name.replace(/^./, (c) => c.toUpperCase());

type Linking = 'names' | 'related' | 'none';

function body(page: number, linking: Linking): string {
  const named = [1, 7, 13].map((step) => (page + step) % NAMES.length);
  const paragraphs = named.map((other, i) => {
    const name = NAMES[other]!;
    const mention = page < LINKING_PAGES && linking === 'names' ? `<a href="${urlOf(other)}">${name}</a>` : name;
    return `<p>${FILLER[(page + i) % FILLER.length]}. Compare it with the ${mention}, where ${FILLER[(page + i + 3) % FILLER.length]}.</p>`;
  });
  if (page < LINKING_PAGES && linking === 'related') paragraphs.push(`<p>More in the <a href="${urlOf(RELATED)}">related reading</a> list.</p>`);
  return `<p>The ${NAMES[page]!} is one of the regions of the park. ${FILLER[page % FILLER.length]}.</p>${paragraphs.join('')}`;
}

function site(linking: Linking) {
  return [
    ...NAMES.map((name, page) => ({ url: urlOf(page), title: titleOf(name), content: body(page, linking) })),
    { url: urlOf(RELATED), title: 'Related reading', content: '<p>Books, articles and recorded talks about parks and their visitors.</p>' },
  ];
}

let bridge: TestBridge;
let account: TestAccount;

beforeAll(async () => {
  bridge = await startTestBridge();
  account = bridge.createAccount('site-links');
});
afterAll(() => bridge.close());

async function project(linking: Linking): Promise<string> {
  const created = await account.client.createProject({ name: linking, domain: DOMAIN });
  const result = await account.client.syncPages(created.id, site(linking));
  expect(result.failed).toBe(0);
  return created.id;
}

const isNamed = (s: Suggestion): boolean => NAMES.some((name, page) => s.targetPageUrl === urlOf(page) && s.anchorText.toLowerCase() === name);

/** Suggestions for the pages without links: to the pages they name, and the others. */
async function probeSuggestions(projectId: string): Promise<{ named: Suggestion[]; others: Suggestion[] }> {
  const answers = await Promise.all(
    NAMES.slice(LINKING_PAGES).map((_, i) =>
      account.client.generateSuggestions(projectId, { sourcePageUrl: urlOf(LINKING_PAGES + i), limit: 10, minRelevanceScore: 0 }),
    ),
  );
  return { named: answers.flat().filter(isNamed), others: answers.flat().filter((s) => !isNamed(s)) };
}

const meanScore = (suggestions: readonly Suggestion[]): number =>
  suggestions.reduce((sum, s) => sum + s.relevanceScore, 0) / Math.max(1, suggestions.length);

describe("scores adapted to the links a site already has", () => {
  it('when a site has no links, then the model is not adapted to them, and the summary says so', async () => {
    const projectId = await project('none');
    await probeSuggestions(projectId);
    expect((await account.client.getRelevanceSummary(projectId)).siteLinks).toEqual({ adapted: false, pages: 0, examples: 0, linked: 0, meanScore: null, levelShift: 0 });
  });

  it("when a site's authors link the pages they name, then a named page scores higher than where they never do", async () => {
    const names = await project('names');
    const related = await project('related');
    const namesSummary = (await account.client.getRelevanceSummary(names)).siteLinks;
    const relatedSummary = (await account.client.getRelevanceSummary(related)).siteLinks;
    expect(namesSummary).toMatchObject({ adapted: true, pages: LINKING_PAGES });
    expect(namesSummary.pages).toBeGreaterThanOrEqual(MIN_SITE_LINK_PAGES);
    // Each linking page links the three pages it names: the engine finds them unlinked, so most are examples.
    expect(namesSummary.linked).toBeGreaterThanOrEqual(LINKING_PAGES * 2);
    expect(relatedSummary).toMatchObject({ adapted: true, pages: LINKING_PAGES });

    // The level follows the share of examples the site links against the bridge's mean score over them.
    for (const summary of [namesSummary, relatedSummary]) {
      expect(summary.meanScore).toBeGreaterThan(0);
      expect(summary.levelShift).toBe(siteLevelShift(summary.linked / summary.examples, summary.meanScore!));
    }
    const onNamesSite = await probeSuggestions(names);
    const onRelatedSite = await probeSuggestions(related);
    // Each page without links names three pages.
    expect(onNamesSite.named).toHaveLength((NAMES.length - LINKING_PAGES) * 3);
    // Where authors never link a name, some named pages fall out of the first ten; the rest still score.
    expect(onRelatedSite.named.length).toBeGreaterThan(0);
    // The level of scores stays the bridge's; what moves is how far named pages score above the rest.
    const lead = ({ named, others }: { named: Suggestion[]; others: Suggestion[] }): number => meanScore(named) - meanScore(others);
    // Without the adaptation the two leads are within 0.02 of each other (0.237 and 0.254); with it, 0.31 and 0.08.
    expect(lead(onNamesSite)).toBeGreaterThan(lead(onRelatedSite) + 0.1);
  });
});
