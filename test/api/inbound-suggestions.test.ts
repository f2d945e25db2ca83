import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizePageUrl } from '../../bridge/src/lib/url.js';
import { DEFAULT_MIN_RELEVANCE_SCORE } from '../../bridge/src/engine/relevance.js';
import type { Suggestion } from '../../bridge/src/client/index.js';
import { startTestBridge, type TestAccount, type TestBridge } from '../support/api-harness.js';
import {
  EXCLUDED_URL,
  GARDEN_DOMAIN,
  GARDEN_PAGES,
  LINKED_URL,
  PRIVATE_URL,
  SOURCE_URLS,
  TARGET_URL,
  UNPUBLISHED_URL,
} from '../support/inbound-site.js';
import { contractViolations } from '../support/suggestion-validity.js';
import { SITE_DOMAIN, syntheticPage } from '../../bench/speed/synthetic-site.js';

let bridge: TestBridge;
let account: TestAccount;

const BODY_LIMIT = 64 * 1024;
const pageMap = new Map(GARDEN_PAGES.map((p) => [normalizePageUrl(p.url)!, { html: p.content, statusCode: p.statusCode ?? 200 }]));
const inboundPath = (projectId: string) => `/api/projects/${projectId}/suggestions/inbound`;

async function newProject(name: string, paths: { includePaths?: string[]; excludePaths?: string[] } = { excludePaths: ['/private/'] }) {
  const project = await account.client.createProject({ name, domain: GARDEN_DOMAIN, ...paths });
  const sync = await account.client.syncPages(project.id, GARDEN_PAGES);
  expect(sync.failed).toBe(0);
  return project.id;
}

const all = (projectId: string) => account.client.generateInboundSuggestions(projectId, { targetUrl: TARGET_URL, minRelevanceScore: 0, limit: 50 });
const sources = (answer: readonly Suggestion[]) => answer.map((s) => s.sourcePageUrl);

/** Every guarantee of one inbound answer: contract §4 for each suggestion, one target, distinct sources, sorted. */
function inboundViolations(answer: readonly Suggestion[], target: string): string[] {
  const problems = answer.flatMap((suggestion) => contractViolations([suggestion], pageMap));
  if (answer.some((s) => s.targetPageUrl !== target)) problems.push('another target');
  if (new Set(sources(answer)).size !== answer.length) problems.push('a source twice');
  if (answer.some((s, i) => i > 0 && s.relevanceScore > answer[i - 1]!.relevanceScore)) problems.push('not sorted');
  return problems;
}

beforeAll(async () => {
  bridge = await startTestBridge({ bodyLimitBytes: BODY_LIMIT });
  account = await bridge.createAccount('inbound');
});
afterAll(() => bridge.close());

describe('inbound suggestions', () => {
  it('when asked which pages should link to a page, then the posts naming it are suggested and every guarantee holds', async () => {
    const projectId = await newProject('guarantees');
    const answer = await all(projectId);
    expect(inboundViolations(answer, TARGET_URL)).toEqual([]);
    expect(sources(answer)).toEqual(expect.arrayContaining(SOURCE_URLS));
    for (const refused of [TARGET_URL, LINKED_URL, EXCLUDED_URL, UNPUBLISHED_URL, PRIVATE_URL]) expect(sources(answer)).not.toContain(refused);
    for (const suggestion of answer) {
      expect(suggestion).toMatchObject({ id: expect.stringMatching(/^sug_/), status: 'pending', targetPageUrl: TARGET_URL });
    }
    // Where the post names the guide, the anchor is the name.
    const tomato = answer.find((s) => s.sourcePageUrl === SOURCE_URLS[0])!;
    expect(tomato.anchorText.toLowerCase()).toBe('companion planting');
  });

  it('when a pair is generated both ways, then it is one suggestion with the score, anchor and id forward generation gives it', async () => {
    const projectId = await newProject('same score');
    const inbound = await all(projectId);
    expect(inbound.length).toBeGreaterThanOrEqual(SOURCE_URLS.length);
    for (const suggestion of inbound) {
      const forward = await account.client.generateSuggestions(projectId, { sourcePageUrl: suggestion.sourcePageUrl, minRelevanceScore: 0, limit: 50 });
      const same = forward.find((s) => s.targetPageUrl === TARGET_URL);
      expect(same, suggestion.sourcePageUrl).toMatchObject({
        id: suggestion.id,
        relevanceScore: suggestion.relevanceScore,
        anchorText: suggestion.anchorText,
        context: suggestion.context,
      });
    }
    expect((await account.client.listSuggestions(projectId, { targetPageUrl: TARGET_URL })).pagination.total).toBe(inbound.length);
  });

  it('when nothing is excluded or settled, and then a source settles its other targets, then each pair scores as forward generation from its source', async () => {
    const project = await account.client.createProject({ name: 'nothing excluded', domain: GARDEN_DOMAIN });
    expect((await account.client.syncPages(project.id, GARDEN_PAGES.filter((p) => p.excluded !== true))).failed).toBe(0);
    const forwardFrom = (sourcePageUrl: string) => account.client.generateSuggestions(project.id, { sourcePageUrl, minRelevanceScore: 0, limit: 50 });
    const scoredAlike = async () => {
      const inbound = await all(project.id);
      expect(inbound.length).toBeGreaterThanOrEqual(SOURCE_URLS.length);
      expect(sources(inbound)).not.toContain(TARGET_URL);
      for (const suggestion of inbound) {
        const twin = (await forwardFrom(suggestion.sourcePageUrl)).find((s) => s.targetPageUrl === TARGET_URL);
        expect(twin, suggestion.sourcePageUrl).toMatchObject({ id: suggestion.id, relevanceScore: suggestion.relevanceScore, anchorText: suggestion.anchorText });
      }
      return inbound;
    };
    const [first] = await scoredAlike();
    // The source's forward generation now leaves out the other pages it names: its inbound pair is read without them too.
    const others = (await forwardFrom(first!.sourcePageUrl)).filter((s) => s.targetPageUrl !== TARGET_URL);
    expect(others.length).toBeGreaterThan(0);
    for (const other of others) await account.client.updateSuggestion(project.id, other.id, 'rejected');
    expect(sources(await scoredAlike())).toContain(first!.sourcePageUrl);
  });

  it('when generated twice, then pending suggestions keep their ids and no pair is stored twice', async () => {
    const projectId = await newProject('refresh');
    const first = await all(projectId);
    const second = await all(projectId);
    expect(second.map((s) => s.id).sort()).toEqual(first.map((s) => s.id).sort());
    expect((await account.client.listSuggestions(projectId)).pagination.total).toBe(first.length);
  });

  it('when limit and minRelevanceScore are given or left out, then the answer respects them', async () => {
    const projectId = await newProject('limits');
    expect(await account.client.generateInboundSuggestions(projectId, { targetUrl: TARGET_URL, limit: 1, minRelevanceScore: 0 })).toHaveLength(1);
    const two = await account.client.generateInboundSuggestions(projectId, { targetUrl: TARGET_URL, limit: 2, minRelevanceScore: 0 });
    expect(two.map((s) => s.relevanceScore)).toEqual((await all(projectId)).slice(0, 2).map((s) => s.relevanceScore));
    const strict = await account.client.generateInboundSuggestions(projectId, { targetUrl: TARGET_URL, minRelevanceScore: 0.99 });
    expect(strict.every((s) => s.relevanceScore >= 0.99)).toBe(true);
    const byDefault = await account.client.generateInboundSuggestions(projectId, { targetUrl: TARGET_URL });
    expect(byDefault.length).toBeLessThanOrEqual(10);
    expect(byDefault.every((s) => s.relevanceScore >= DEFAULT_MIN_RELEVANCE_SCORE)).toBe(true);
    expect(byDefault.length).toBe((await all(projectId)).filter((s) => s.relevanceScore >= DEFAULT_MIN_RELEVANCE_SCORE).slice(0, 10).length);
  });

  it('when pairs are approved or rejected, then those sources are not suggested again; a deleted rejection comes back', async () => {
    const projectId = await newProject('settled');
    const [first, second] = await all(projectId);
    await account.client.updateSuggestion(projectId, first!.id, 'approved');
    await account.client.updateSuggestion(projectId, second!.id, 'rejected');
    const again = await all(projectId);
    expect(sources(again)).not.toContain(first!.sourcePageUrl);
    expect(sources(again)).not.toContain(second!.sourcePageUrl);
    expect(again.length).toBeGreaterThan(0);
    // Forward generation from the rejecting source remembers the rejection too.
    const forward = await account.client.generateSuggestions(projectId, { sourcePageUrl: second!.sourcePageUrl, minRelevanceScore: 0 });
    expect(forward.map((s) => s.targetPageUrl)).not.toContain(TARGET_URL);
    await account.client.deleteSuggestion(projectId, second!.id);
    expect(sources(await all(projectId))).toContain(second!.sourcePageUrl);
  });

  it('when the target is excluded, unpublished or outside the paths, then 400 naming targetUrl; unknown, then 404', async () => {
    const projectId = await newProject('target rules', { excludePaths: ['/private/'] });
    for (const targetUrl of [EXCLUDED_URL, UNPUBLISHED_URL, PRIVATE_URL]) {
      const response = await bridge.fetch(inboundPath(projectId), { method: 'POST', key: account.key, json: { targetUrl } });
      expect(response.status, targetUrl).toBe(400);
      const body = await response.json();
      expect(body.error.code).toBe('validation_error');
      expect(body.error.details[0].field).toBe('targetUrl');
    }
    const unknown = await bridge.fetch(inboundPath(projectId), { method: 'POST', key: account.key, json: { targetUrl: `${GARDEN_DOMAIN}/nope` } });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.code).toBe('not_found');
    const noProject = await bridge.fetch(inboundPath('prj_missing'), { method: 'POST', key: account.key, json: { targetUrl: TARGET_URL } });
    expect(noProject.status).toBe(404);
    expect((await noProject.json()).error.code).toBe('not_found');
  });

  it('when the body is invalid, too large or not JSON, then 400, 413 or 415 with the contract codes', async () => {
    const projectId = await newProject('bodies');
    for (const json of [{}, { targetUrl: 'x' }, { targetUrl: 5 }, { targetUrl: TARGET_URL, limit: 0 }, { targetUrl: TARGET_URL, limit: 51 }, { targetUrl: TARGET_URL, limit: 2.5 }, { targetUrl: TARGET_URL, minRelevanceScore: -0.1 }, { targetUrl: TARGET_URL, minRelevanceScore: 1.5 }]) {
      const response = await bridge.fetch(inboundPath(projectId), { method: 'POST', key: account.key, json });
      expect(response.status, JSON.stringify(json)).toBe(400);
      expect((await response.json()).error.code).toBe('validation_error');
    }
    const headers = { Authorization: `Bearer ${account.key}` };
    const broken = await fetch(`${bridge.url}${inboundPath(projectId)}`, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: '{"targetUrl":' });
    expect(broken.status).toBe(400);
    expect((await broken.json()).error.code).toBe('invalid_json');
    const large = await fetch(`${bridge.url}${inboundPath(projectId)}`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ targetUrl: TARGET_URL, padding: 'x'.repeat(BODY_LIMIT) }),
    });
    expect(large.status).toBe(413);
    expect((await large.json()).error.code).toBe('payload_too_large');
    const text = await fetch(`${bridge.url}${inboundPath(projectId)}`, { method: 'POST', headers: { ...headers, 'Content-Type': 'text/plain' }, body: TARGET_URL });
    expect(text.status).toBe(415);
    expect((await text.json()).error.code).toBe('unsupported_media_type');
    expect((await account.client.listSuggestions(projectId)).pagination.total).toBe(0);
  });

  it('when inbound suggestions from two sources are implemented and rolled back, then the implementations endpoints handle them as forward ones', async () => {
    const projectId = await newProject('implement');
    const [a, b] = await all(projectId);
    expect(a!.sourcePageUrl).not.toBe(b!.sourcePageUrl);
    for (const suggestion of [a!, b!]) await account.client.updateSuggestion(projectId, suggestion.id, 'approved');
    const created = await account.client.createImplementation(projectId, { suggestionIds: [a!.id, b!.id], platform: 'wordpress' });
    const reported = await account.client.reportResults(projectId, created.id, [
      { suggestionId: a!.id, succeeded: true },
      { suggestionId: b!.id, succeeded: true },
    ]);
    expect(reported).toMatchObject({ status: 'completed', summary: { succeeded: 2, failed: 0 } });
    for (const id of [a!.id, b!.id]) expect((await account.client.getSuggestion(projectId, id)).status).toBe('implemented');
    const whileLinked = await all(projectId);
    expect(sources(whileLinked)).not.toContain(a!.sourcePageUrl);
    expect(sources(whileLinked)).not.toContain(b!.sourcePageUrl);
    const locked = await bridge.fetch(`/api/projects/${projectId}/suggestions/${a!.id}`, { method: 'PATCH', key: account.key, json: { status: 'pending' } });
    expect(locked.status).toBe(409);

    const rolled = await account.client.rollBack(projectId, created.id, 'the links read badly');
    expect(rolled.status).toBe('rolled_back');
    // Rolled back: rejected (not offered again unnoticed), so still settled: one suggestion per pair.
    for (const id of [a!.id, b!.id]) expect((await account.client.getSuggestion(projectId, id)).status).toBe('rejected');
    expect(sources(await all(projectId))).not.toContain(a!.sourcePageUrl);
    expect((await account.client.listSuggestions(projectId, { targetPageUrl: TARGET_URL })).items.filter((s) => s.sourcePageUrl === a!.sourcePageUrl)).toHaveLength(1);
  });

  it("when another account asks about a project, then 404, and its own project's suggestions stay its own", async () => {
    const projectId = await newProject('isolated');
    const mine = await all(projectId);
    const other = await bridge.createAccount('someone else');
    const foreign = await bridge.fetch(inboundPath(projectId), { method: 'POST', key: other.key, json: { targetUrl: TARGET_URL } });
    expect(foreign.status).toBe(404);
    expect((await foreign.json()).error.code).toBe('not_found');
    const theirs = await other.client.createProject({ name: 'theirs', domain: GARDEN_DOMAIN });
    await other.client.syncPages(theirs.id, GARDEN_PAGES.filter((p) => p.url !== SOURCE_URLS[0]));
    const answer = await other.client.generateInboundSuggestions(theirs.id, { targetUrl: TARGET_URL, minRelevanceScore: 0, limit: 50 });
    expect(answer.length).toBeGreaterThan(0);
    expect(sources(answer)).not.toContain(SOURCE_URLS[0]);
    expect(answer.map((s) => s.id)).not.toEqual(expect.arrayContaining([mine[0]!.id]));
    expect((await account.client.listSuggestions(projectId)).pagination.total).toBe(mine.length);
  });

  it('when the OpenAPI document is read, then it describes the endpoint with the schema that validates it', async () => {
    const document = await (await fetch(`${bridge.url}/api/openapi.json`)).json();
    const operation = document.paths['/api/projects/{projectId}/suggestions/inbound'].post;
    expect(operation.operationId).toBe('generateInboundSuggestions');
    const body = operation.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['targetUrl']);
    expect(body.properties.limit).toMatchObject({ minimum: 1, maximum: 50, default: 10 });
    // Its default is the project's minRelevanceScore, the engine's when that is null.
    expect(body.properties.minRelevanceScore).toMatchObject({ minimum: 0, maximum: 1 });
    expect(body.properties.minRelevanceScore.description).toContain(String(DEFAULT_MIN_RELEVANCE_SCORE));
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '400', '404', '413', '415']));
    const forward = document.paths['/api/projects/{projectId}/suggestions'].post;
    expect(operation.responses['200'].content).toEqual(forward.responses['200'].content);
  });

  it('when an excluded page is the only one naming the target in a project, then nothing comes from it', async () => {
    const project = await account.client.createProject({ name: 'only excluded', domain: GARDEN_DOMAIN });
    const only = GARDEN_PAGES.filter((p) => !SOURCE_URLS.includes(p.url) && p.url !== LINKED_URL);
    await account.client.syncPages(project.id, only);
    const answer = await account.client.generateInboundSuggestions(project.id, { targetUrl: TARGET_URL, minRelevanceScore: 0, limit: 50 });
    expect(inboundViolations(answer, TARGET_URL)).toEqual([]);
    for (const refused of [EXCLUDED_URL, UNPUBLISHED_URL]) expect(sources(answer)).not.toContain(refused);
    expect(sources(answer)).toContain(PRIVATE_URL);
  });

  it("when the project's model is adapted to its editors, then inbound pairs are scored by it, as forward ones are", async () => {
    const size = 80;
    const pages = Array.from({ length: size }, (_, i) => syntheticPage(i, size, 400));
    const sync = async (name: string) => {
      const project = await account.client.createProject({ name, domain: SITE_DOMAIN });
      // In batches that keep under this bridge's small body limit.
      for (let first = 0; first < size; first += 10) expect((await account.client.syncPages(project.id, pages.slice(first, first + 10))).failed).toBe(0);
      return project.id;
    };
    const adapted = await sync('adapted');
    const fresh = await sync('not adapted');
    const decided = (
      await Promise.all(pages.slice(0, 20).map((page) => account.client.generateSuggestions(adapted, { sourcePageUrl: page.url, minRelevanceScore: 0 })))
    ).flat();
    for (const [i, suggestion] of decided.entries()) await account.client.updateSuggestion(adapted, suggestion.id, i % 3 === 0 ? 'approved' : 'rejected');
    expect((await account.client.getRelevanceSummary(adapted)).adapted).toBe(true);

    const target = pages[size - 1]!.url;
    const ask = (projectId: string) => account.client.generateInboundSuggestions(projectId, { targetUrl: target, minRelevanceScore: 0, limit: 50 });
    const inbound = await ask(adapted);
    const before = new Map((await ask(fresh)).map((s) => [s.sourcePageUrl, s.relevanceScore]));
    expect(inbound.length).toBeGreaterThan(3);
    let compared = 0;
    for (const suggestion of inbound) {
      const forward = await account.client.generateSuggestions(adapted, { sourcePageUrl: suggestion.sourcePageUrl, minRelevanceScore: 0, limit: 50 });
      const same = forward.find((s) => s.targetPageUrl === target);
      // Forward generation gives the pair another anchor only where a better target of that source takes the passage.
      if (same?.anchorText !== suggestion.anchorText) continue;
      compared += 1;
      expect(same).toMatchObject({ id: suggestion.id, relevanceScore: suggestion.relevanceScore });
    }
    expect(compared).toBeGreaterThanOrEqual(inbound.length / 2);
    expect(inbound.some((s) => before.has(s.sourcePageUrl) && before.get(s.sourcePageUrl) !== s.relevanceScore)).toBe(true);
  });
});
