import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBridge, type TestAccount, type TestBridge } from '../support/api-harness.js';

const DOMAIN = 'https://site.test';

let bridge: TestBridge;
let account: TestAccount;

beforeAll(async () => {
  bridge = await startTestBridge();
  account = await bridge.createAccount('languages');
});
afterAll(() => bridge.close());

const newProject = async (name: string) => (await account.client.createProject({ name, domain: DOMAIN })).id;

/** A German site: "Häuser" on the garden page is the plural of the house page's title. */
const house = (language?: string) => ({
  url: `${DOMAIN}/haus`,
  title: 'Haus',
  content: '<p>Ein Haus hat Wände, ein Dach und Fenster.</p>',
  ...(language === undefined ? {} : { language }),
});
const garden = (language?: string) => ({
  url: `${DOMAIN}/garten`,
  title: 'Garten',
  content: '<p>Im Garten stehen kleine Häuser für Werkzeug und Pflanzen.</p>',
  ...(language === undefined ? {} : { language }),
});

async function suggestionsFrom(projectId: string, url: string) {
  const suggestions = await account.client.generateSuggestions(projectId, { sourcePageUrl: url, minRelevanceScore: 0 });
  return suggestions.map((s) => ({ target: s.targetPageUrl, anchor: s.anchorText }));
}

describe('page language on sync', () => {
  it('when a page is sent without a language, then it is stored as English; with a tag or a WordPress locale, then in canonical form', async () => {
    const projectId = await newProject('tags');
    const sent = [
      { url: `${DOMAIN}/none`, title: 'None', content: '<p>x</p>' },
      { url: `${DOMAIN}/de`, title: 'De', content: '<p>x</p>', language: 'de' },
      { url: `${DOMAIN}/de-de`, title: 'De DE', content: '<p>x</p>', language: 'de_DE' },
      { url: `${DOMAIN}/pt-br`, title: 'Pt BR', content: '<p>x</p>', language: 'pt-br' },
      { url: `${DOMAIN}/formal`, title: 'Formal', content: '<p>x</p>', language: 'de_DE_formal' },
    ];
    const result = await account.client.syncPages(projectId, sent);
    expect(result).toMatchObject({ synced: 5, failed: 0 });
    const languages = await Promise.all(result.pages.map(async (p) => (await account.client.getPage(projectId, p.id)).language));
    expect(languages).toEqual(['en', 'de', 'de-DE', 'pt-BR', 'de-DE-formal']);
    const listed = await account.client.listPages(projectId);
    expect(listed.items.map((p) => [p.url, p.language])).toContainEqual([`${DOMAIN}/de-de`, 'de-DE']);
  });

  it('when a language is no BCP 47 tag, then that page fails alone with validation_error naming the field', async () => {
    const projectId = await newProject('invalid');
    const bad: unknown[] = ['english', 'de DE', 'x', '', 42, null, `de-${'a'.repeat(40)}`];
    const result = await account.client.syncPages(projectId, [
      ...bad.map((language, i) => ({ url: `${DOMAIN}/bad-${i}`, title: 'Bad', content: '<p>x</p>', language: language as string })),
      { url: `${DOMAIN}/good`, title: 'Good', content: '<p>x</p>', language: 'fr-CA' },
    ]);
    expect(result).toMatchObject({ synced: 1, failed: bad.length });
    for (const error of result.errors) {
      expect(error.code).toBe('validation_error');
      expect(error.message).toMatch(/^language: /);
    }
    expect(result.errors.find((e) => e.index === 0)!.message).toMatch(/BCP 47/);
  });

  it('when the only page of a request has an invalid language, then the answer says so with the contract\'s code', async () => {
    const projectId = await newProject('single');
    const response = await bridge.fetch(`/api/projects/${projectId}/pages/batch`, {
      method: 'POST',
      key: account.key,
      json: [{ url: `${DOMAIN}/a`, title: 'A', content: '<p>x</p>', language: 'german' }],
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.data).toMatchObject({ synced: 0, failed: 1, errors: [{ index: 0, code: 'validation_error' }] });
  });
});

describe('analysis in the page\'s language', () => {
  it('when German pages are synced as German, then "Häuser" is an anchor to the page "Haus"; as English, it is not', async () => {
    const german = await newProject('german');
    await account.client.syncPages(german, [house('de-DE'), garden('de-DE')]);
    expect(await suggestionsFrom(german, `${DOMAIN}/garten`)).toContainEqual({ target: `${DOMAIN}/haus`, anchor: 'Häuser' });

    const english = await newProject('english');
    await account.client.syncPages(english, [house(), garden()]);
    expect((await suggestionsFrom(english, `${DOMAIN}/garten`)).map((s) => s.anchor)).not.toContain('Häuser');
  });

  it('when pages are synced again with another language, then they are analysed again in it', async () => {
    const projectId = await newProject('resync');
    await account.client.syncPages(projectId, [house('en'), garden('en')]);
    expect((await suggestionsFrom(projectId, `${DOMAIN}/garten`)).map((s) => s.anchor)).not.toContain('Häuser');

    const again = await account.client.syncPages(projectId, [house('de_DE'), garden('de_DE')]);
    expect(again).toMatchObject({ synced: 2, failed: 0 });
    expect((await account.client.getPage(projectId, again.pages[0]!.id)).language).toBe('de-DE');
    expect(await suggestionsFrom(projectId, `${DOMAIN}/garten`)).toContainEqual({ target: `${DOMAIN}/haus`, anchor: 'Häuser' });
  });

  it('when a site has pages in two languages, then no suggestion crosses them, not even through a link\'s anchor text', async () => {
    const projectId = await newProject('mixed');
    await account.client.syncPages(projectId, [
      house('de'),
      garden('de-AT'),
      { url: `${DOMAIN}/en/house`, title: 'Haus', content: '<p>Haus is the German word for a house.</p>', language: 'en' },
      { url: `${DOMAIN}/en/garden`, title: 'Garden', content: '<p>Our garden has small Häuser, each Haus for tools.</p>' },
      // A German page linking to the English one with a German anchor: that anchor names the English page.
      { url: `${DOMAIN}/links`, title: 'Verweise', content: `<p>Auf Englisch: <a href="${DOMAIN}/en/house">Häuser</a>.</p>`, language: 'de' },
    ]);
    const fromGerman = await suggestionsFrom(projectId, `${DOMAIN}/garten`);
    expect(fromGerman).toContainEqual({ target: `${DOMAIN}/haus`, anchor: 'Häuser' });
    expect(fromGerman.map((s) => s.target)).not.toContain(`${DOMAIN}/en/house`);
    expect(fromGerman.map((s) => s.target)).not.toContain(`${DOMAIN}/en/garden`);

    const fromEnglish = (await suggestionsFrom(projectId, `${DOMAIN}/en/garden`)).map((s) => s.target);
    expect(fromEnglish).toContain(`${DOMAIN}/en/house`);
    expect(fromEnglish.every((url) => url.startsWith(`${DOMAIN}/en/`))).toBe(true);

    // Inbound: the English garden names "Haus" and "Häuser" too, but is no source for the German page.
    const inbound = await account.client.generateInboundSuggestions(projectId, { targetUrl: `${DOMAIN}/haus`, minRelevanceScore: 0 });
    expect(inbound.map((s) => s.sourcePageUrl)).toContain(`${DOMAIN}/garten`);
    expect(inbound.map((s) => s.sourcePageUrl)).not.toContain(`${DOMAIN}/en/garden`);
  });
});

/** An English site: the garden page mentions both other pages by their titles' words. */
const englishHouse = { url: `${DOMAIN}/house`, title: 'House', content: '<p>A house has walls, a roof and windows.</p>' };
const englishShed = { url: `${DOMAIN}/shed`, title: 'Shed', content: '<p>A shed is a small wooden building for tools.</p>' };
const englishGarden = {
  url: `${DOMAIN}/garden`,
  title: 'Garden',
  content: '<p>Our garden is next to the house. The shed keeps the garden tools dry.</p>',
};

/** A project of the three English pages, with the garden's pending suggestions to the house and the shed. */
async function englishSiteWithSuggestions(name: string) {
  const projectId = await newProject(name);
  await account.client.syncPages(projectId, [englishHouse, englishShed, { ...englishGarden, language: 'en-US' }]);
  const fromGarden = await account.client.generateSuggestions(projectId, { sourcePageUrl: englishGarden.url, minRelevanceScore: 0 });
  const toHouse = fromGarden.find((s) => s.targetPageUrl === englishHouse.url);
  const toShed = fromGarden.find((s) => s.targetPageUrl === englishShed.url);
  expect(toHouse?.status).toBe('pending');
  expect(toShed?.status).toBe('pending');
  return { projectId, toHouse: toHouse!, toShed: toShed! };
}

async function suggestionsOfProject(projectId: string) {
  return (await account.client.listSuggestions(projectId)).items.map((s) => ({ id: s.id, target: s.targetPageUrl, status: s.status }));
}

describe('suggestions when a page\'s language changes', () => {
  it('when a source is synced again in another language, then its pending suggestions to the old language go, approved ones stay, and generate brings none back', async () => {
    const { projectId, toShed } = await englishSiteWithSuggestions('source-changes');
    await account.client.updateSuggestion(projectId, toShed.id, 'approved');

    await account.client.syncPages(projectId, [{ ...englishGarden, language: 'de-DE' }]);
    expect(await suggestionsOfProject(projectId)).toEqual([{ id: toShed.id, target: englishShed.url, status: 'approved' }]);

    expect(await suggestionsFrom(projectId, englishGarden.url)).toEqual([]);
    expect(await suggestionsOfProject(projectId)).toEqual([{ id: toShed.id, target: englishShed.url, status: 'approved' }]);
  });

  it('when a target is synced again in another language, then the pending suggestions to it go, and generate brings them not back', async () => {
    const { projectId, toShed } = await englishSiteWithSuggestions('target-changes');

    await account.client.syncPages(projectId, [{ ...englishHouse, language: 'de' }]);
    expect(await suggestionsOfProject(projectId)).toEqual([{ id: toShed.id, target: englishShed.url, status: 'pending' }]);

    expect((await suggestionsFrom(projectId, englishGarden.url)).map((s) => s.target)).toEqual([englishShed.url]);
  });

  it('when a page changes only its region, or both pages of a suggestion change language together, then the suggestion stays', async () => {
    const { projectId, toHouse, toShed } = await englishSiteWithSuggestions('same-language');

    await account.client.syncPages(projectId, [{ ...englishGarden, language: 'en-GB' }]);
    expect((await suggestionsOfProject(projectId)).map((s) => s.id).sort()).toEqual([toHouse.id, toShed.id].sort());

    await account.client.syncPages(projectId, [{ ...englishGarden, language: 'fr' }, { ...englishHouse, language: 'fr-FR' }]);
    expect(await suggestionsOfProject(projectId)).toEqual([{ id: toHouse.id, target: englishHouse.url, status: 'pending' }]);
  });
});
