import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Suggestion } from '../../bridge/src/client/index.js';
import { fewLinksLevelShift, MIN_SITE_LINK_PAGES, siteLevelShift } from '../../bridge/src/suggestions/project-relevance.js';
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
/** On a site with few links, pages 0–3 carry them: too few for the bridge to adapt its model to. */
const FEW_LINKING_PAGES = 4;
const RELATED = NAMES.length; // the "related reading" page

const urlOf = (page: number): string => `${DOMAIN}/${page === RELATED ? 'related-reading' : NAMES[page]!.replace(' ', '-')}/`;
const titleOf = (name: string): string => name.replace(/^./, (c) => c.toUpperCase());

type Linking = 'names' | 'related' | 'none';

function body(page: number, linking: Linking, linkingPages: number): string {
  const named = [1, 7, 13].map((step) => (page + step) % NAMES.length);
  const paragraphs = named.map((other, i) => {
    const name = NAMES[other]!;
    const mention = page < linkingPages && linking === 'names' ? `<a href="${urlOf(other)}">${name}</a>` : name;
    return `<p>${FILLER[(page + i) % FILLER.length]}. Compare it with the ${mention}, where ${FILLER[(page + i + 3) % FILLER.length]}.</p>`;
  });
  // Without links, the same words: so that a site with few links differs from one without only by its links.
  if (page < linkingPages && linking === 'related') paragraphs.push(`<p>More in the <a href="${urlOf(RELATED)}">related reading</a> list.</p>`);
  if (page < linkingPages && linking === 'none') paragraphs.push('<p>More in the related reading list.</p>');
  return `<p>The ${NAMES[page]!} is one of the regions of the park. ${FILLER[page % FILLER.length]}.</p>${paragraphs.join('')}`;
}

function site(linking: Linking, linkingPages: number) {
  return [
    ...NAMES.map((name, page) => ({ url: urlOf(page), title: titleOf(name), content: body(page, linking, linkingPages) })),
    { url: urlOf(RELATED), title: 'Related reading', content: '<p>Books, articles and recorded talks about parks and their visitors.</p>' },
  ];
}

let bridge: TestBridge;
let account: TestAccount;

beforeAll(async () => {
  bridge = await startTestBridge();
  account = await bridge.createAccount('site-links');
});
afterAll(() => bridge.close());

async function project(linking: Linking, linkingPages = LINKING_PAGES): Promise<string> {
  const created = await account.client.createProject({ name: `${linking} (${linkingPages} linking pages)`, domain: DOMAIN });
  const result = await account.client.syncPages(created.id, site(linking, linkingPages));
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

  it("when a site has too few links to adapt to and its authors seldom link what the bridge would suggest, then its scores are lowered, in order", async () => {
    const none = await project('none', FEW_LINKING_PAGES);
    const related = await project('related', FEW_LINKING_PAGES);
    const names = await project('names', FEW_LINKING_PAGES);
    const relatedSummary = (await account.client.getRelevanceSummary(related)).siteLinks;
    const namesSummary = (await account.client.getRelevanceSummary(names)).siteLinks;
    expect(relatedSummary).toMatchObject({ adapted: false, pages: FEW_LINKING_PAGES });
    expect(relatedSummary.levelShift).toBe(fewLinksLevelShift(relatedSummary.linked, relatedSummary.examples, relatedSummary.meanScore!));
    expect(relatedSummary.levelShift).toBeLessThan(-0.3);
    // Where the authors link the pages their text names, the bridge's level stands.
    expect(namesSummary).toMatchObject({ adapted: false, pages: FEW_LINKING_PAGES, levelShift: 0 });

    // The pages without links get the same suggestions on both sites, each moved by the same log-odds: the site's
    // shift, and what its links per page add to every named target (the model's site-links input, a tenth of a unit).
    const ask = (projectId: string) =>
      Promise.all(
        NAMES.slice(FEW_LINKING_PAGES).map((_, i) =>
          account.client.generateSuggestions(projectId, { sourcePageUrl: urlOf(FEW_LINKING_PAGES + i), limit: 10, minRelevanceScore: 0 }),
        ),
      );
    const [unlinked, levelled] = await Promise.all([ask(none), ask(related)]);
    const logit = (p: number): number => Math.log(p / (1 - p));
    const moves = unlinked.flatMap((answer, page) => {
      const named = answer.filter(isNamed);
      expect(named.length).toBeGreaterThan(0);
      return named.map((suggestion) => {
        const same = levelled[page]!.find((s) => s.targetPageUrl === suggestion.targetPageUrl)!;
        return logit(same.relevanceScore) - logit(suggestion.relevanceScore);
      });
    });
    expect(Math.max(...moves) - Math.min(...moves)).toBeLessThan(0.02);
    const meanMove = moves.reduce((sum, move) => sum + move, 0) / moves.length;
    expect(Math.abs(meanMove - relatedSummary.levelShift)).toBeLessThan(0.15);
  });
});
