import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBridge, type TestAccount, type TestBridge } from '../support/api-harness.js';
import { FIXTURE_DOMAIN, FIXTURE_PAGES, SOURCE_URL } from '../support/fixture-site.js';

let bridge: TestBridge;
let account: TestAccount;

beforeAll(async () => {
  bridge = await startTestBridge();
  account = await bridge.createAccount('implementations');
});
afterAll(() => bridge.close());

/** A project with at least two approved suggestions. */
async function approvedSuggestions() {
  const project = await account.client.createProject({ name: 'impl', domain: FIXTURE_DOMAIN });
  await account.client.syncPages(project.id, FIXTURE_PAGES);
  const answer = await account.client.generateSuggestions(project.id, { sourcePageUrl: SOURCE_URL, minRelevanceScore: 0 });
  expect(answer.length).toBeGreaterThanOrEqual(2);
  for (const suggestion of answer) await account.client.updateSuggestion(project.id, suggestion.id, 'approved');
  return { projectId: project.id, ids: answer.map((s) => s.id) };
}

describe('implementations', () => {
  it('when approved suggestions are implemented and results reported, then the full lifecycle holds', async () => {
    const { projectId, ids } = await approvedSuggestions();
    const [a, b] = ids as [string, string];
    const response = await bridge.fetch(`/api/projects/${projectId}/implementations`, { method: 'POST', key: account.key, json: { suggestionIds: [a, b], platform: 'wordpress' } });
    expect(response.status).toBe(201);
    const created = (await response.json()).data;
    expect(created).toMatchObject({ id: expect.stringMatching(/^imp_/), suggestionIds: [a, b], status: 'pending', platform: 'wordpress', implementedAt: null });

    const reported = await account.client.reportResults(projectId, created.id, [
      { suggestionId: a, succeeded: true },
      { suggestionId: b, succeeded: false, error: 'anchor no longer in the post' },
    ]);
    expect(reported).toMatchObject({ status: 'completed', summary: { succeeded: 1, failed: 1 }, implementedAt: expect.any(String) });
    expect(reported.summary).toEqual({ succeeded: 1, failed: 1, rolledBack: 0 });
    expect(reported.results).toEqual([
      { suggestionId: a, succeeded: true, error: null, rolledBackAt: null, rollbackReason: null },
      { suggestionId: b, succeeded: false, error: 'anchor no longer in the post', rolledBackAt: null, rollbackReason: null },
    ]);
    expect((await account.client.getSuggestion(projectId, a)).status).toBe('implemented');
    expect((await account.client.getSuggestion(projectId, b)).status).toBe('approved');

    const twice = await bridge.fetch(`/api/projects/${projectId}/implementations/${created.id}/results`, { method: 'POST', key: account.key, json: { results: [{ suggestionId: a, succeeded: true }] } });
    expect(twice.status).toBe(409);

    for (const [method, json] of [['PATCH', { status: 'pending' }], ['DELETE', undefined]] as const) {
      const locked = await bridge.fetch(`/api/projects/${projectId}/suggestions/${a}`, { method, key: account.key, ...(json ? { json } : {}) });
      expect(locked.status, method).toBe(409);
      expect((await locked.json()).error.code).toBe('conflict');
    }

    const rolled = await account.client.rollBack(projectId, created.id, 'editor changed their mind');
    expect(rolled).toMatchObject({ status: 'rolled_back', rollbackReason: 'editor changed their mind', rolledBackAt: expect.any(String) });
    expect(rolled.summary).toEqual({ succeeded: 1, failed: 1, rolledBack: 1 });
    expect(rolled.results).toEqual([
      { suggestionId: a, succeeded: true, error: null, rolledBackAt: rolled.rolledBackAt, rollbackReason: 'editor changed their mind' },
      { suggestionId: b, succeeded: false, error: 'anchor no longer in the post', rolledBackAt: null, rollbackReason: null },
    ]);
    // Rejected, not approved: a "select all approved, implement" must not insert it again.
    expect((await account.client.getSuggestion(projectId, a)).status).toBe('rejected');
    expect((await account.client.getSuggestion(projectId, b)).status).toBe('approved');
    const again = await bridge.fetch(`/api/projects/${projectId}/implementations/${created.id}/rollback`, { method: 'POST', key: account.key, json: { reason: 'again' } });
    expect(again.status).toBe(409);
    expect((await account.client.updateSuggestion(projectId, a, 'pending')).status).toBe('pending');
  });

  it('when every result failed, then the implementation is failed and cannot be rolled back', async () => {
    const { projectId, ids } = await approvedSuggestions();
    const created = await account.client.createImplementation(projectId, { suggestionIds: [ids[0]!], platform: 'custom' });
    const reported = await account.client.reportResults(projectId, created.id, [{ suggestionId: ids[0]!, succeeded: false, error: 'x' }]);
    expect(reported.status).toBe('failed');
    const rollback = await bridge.fetch(`/api/projects/${projectId}/implementations/${created.id}/rollback`, { method: 'POST', key: account.key, json: { reason: 'r' } });
    expect(rollback.status).toBe(409);
  });

  it('when a pending implementation is rolled back, then it is rolled_back and results can no longer be reported', async () => {
    const { projectId, ids } = await approvedSuggestions();
    const created = await account.client.createImplementation(projectId, { suggestionIds: [ids[0]!], platform: 'manual' });
    expect((await account.client.rollBack(projectId, created.id, 'not needed')).status).toBe('rolled_back');
    const late = await bridge.fetch(`/api/projects/${projectId}/implementations/${created.id}/results`, { method: 'POST', key: account.key, json: { results: [{ suggestionId: ids[0], succeeded: true }] } });
    expect(late.status).toBe(409);
  });

  it('when ids are unknown, rejected or implemented, then 404 or 409 naming them, and nothing is created', async () => {
    const { projectId, ids } = await approvedSuggestions();
    await account.client.updateSuggestion(projectId, ids[1]!, 'rejected');
    const unknown = await bridge.fetch(`/api/projects/${projectId}/implementations`, { method: 'POST', key: account.key, json: { suggestionIds: [ids[0], 'sug_unknown'], platform: 'wordpress' } });
    expect(unknown.status).toBe(404);
    const notApproved = await bridge.fetch(`/api/projects/${projectId}/implementations`, { method: 'POST', key: account.key, json: { suggestionIds: [ids[0], ids[1]], platform: 'wordpress' } });
    expect(notApproved.status).toBe(409);
    expect((await notApproved.json()).error.message).toContain(ids[1]);
    expect((await account.client.listImplementations(projectId)).pagination.total).toBe(0);
  });

  it('when the body is wrong, then 400: bad platform, empty or duplicate ids, empty or long reason, foreign result ids', async () => {
    const { projectId, ids } = await approvedSuggestions();
    for (const json of [{ suggestionIds: [ids[0]], platform: 'joomla' }, { suggestionIds: [], platform: 'wordpress' }, { suggestionIds: [ids[0], ids[0]], platform: 'wordpress' }]) {
      expect((await bridge.fetch(`/api/projects/${projectId}/implementations`, { method: 'POST', key: account.key, json })).status).toBe(400);
    }
    const created = await account.client.createImplementation(projectId, { suggestionIds: [ids[0]!], platform: 'wordpress' });
    const foreign = await bridge.fetch(`/api/projects/${projectId}/implementations/${created.id}/results`, { method: 'POST', key: account.key, json: { results: [{ suggestionId: ids[1], succeeded: true }] } });
    expect(foreign.status).toBe(400);
    for (const json of [{ reason: '' }, { reason: 'x'.repeat(501) }, { reason: 5 }, { suggestionIds: [] }, { suggestionIds: [ids[0], ids[0]] }, { suggestionIds: 'x' }]) {
      expect((await bridge.fetch(`/api/projects/${projectId}/implementations/${created.id}/rollback`, { method: 'POST', key: account.key, json })).status).toBe(400);
    }
    expect((await account.client.getImplementation(projectId, created.id)).status).toBe('pending');
  });

  it('when listing, then the status filter applies and items have the get shape', async () => {
    const { projectId, ids } = await approvedSuggestions();
    const one = await account.client.createImplementation(projectId, { suggestionIds: [ids[0]!], platform: 'wordpress' });
    await account.client.createImplementation(projectId, { suggestionIds: [ids[1]!], platform: 'wordpress' });
    await account.client.rollBack(projectId, one.id, 'test');
    const rolledBack = await account.client.listImplementations(projectId, { status: 'rolled_back' });
    expect(rolledBack.items.map((i) => i.id)).toEqual([one.id]);
    expect(rolledBack.items[0]).toEqual(await account.client.getImplementation(projectId, one.id));
    const byIds = await account.client.listImplementations(projectId, { ids: [one.id, 'imp_unknown'] });
    expect(byIds.items.map((i) => i.id)).toEqual([one.id]);
    expect((await bridge.fetch(`/api/projects/${projectId}/implementations?ids=${'x,'.repeat(101)}`, { key: account.key })).status).toBe(400);
    const ofOne = await account.client.listSuggestions(projectId, { implementationId: one.id });
    expect(ofOne.items.map((s) => s.id)).toEqual([ids[0]]);
    expect((await account.client.listImplementations(projectId)).pagination.total).toBe(2);
  });

  it('when two implementations of the same approved suggestions are created at once, then exactly one is created and the other is 409 naming them', async () => {
    const { projectId, ids } = await approvedSuggestions();
    const json = { suggestionIds: ids.slice(0, 2), platform: 'wordpress' };
    const answers = await Promise.all(
      [0, 1].map(() => bridge.fetch(`/api/projects/${projectId}/implementations`, { method: 'POST', key: account.key, json })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const created = (await answers.find((answer) => answer.status === 201)!.json()).data;
    const refused = (await answers.find((answer) => answer.status === 409)!.json()).error;
    expect(refused.code).toBe('conflict');
    expect(refused.message).toContain(ids[0]);
    expect(refused.message).toContain(created.id);
    expect(refused.details).toHaveLength(2);
    expect((await account.client.listImplementations(projectId)).pagination.total).toBe(1);
  });

  it('when a suggestion is held by a pending or completed implementation, then a second one is refused until the first is rolled back; a failed link may be tried again', async () => {
    const { projectId, ids } = await approvedSuggestions();
    const [a, b] = ids as [string, string];
    const create = (suggestionIds: string[]) =>
      bridge.fetch(`/api/projects/${projectId}/implementations`, { method: 'POST', key: account.key, json: { suggestionIds, platform: 'wordpress' } });
    const first = await account.client.createImplementation(projectId, { suggestionIds: [a, b], platform: 'wordpress' });
    // Pending: both are held, even together with a free one.
    expect((await create([b])).status).toBe(409);

    await account.client.reportResults(projectId, first.id, [{ suggestionId: a, succeeded: true }, { suggestionId: b, succeeded: false, error: 'anchor gone' }]);
    // Completed: a's link is in place (a is implemented); b's failed, so b may be tried again, once.
    expect((await create([a])).status).toBe(409);
    const retry = await create([b]);
    expect(retry.status).toBe(201);
    expect((await create([b])).status).toBe(409);

    // Rolling the first back rejects a (an editor must choose to offer it again), and leaves b to the implementation
    // that holds it now.
    await account.client.rollBack(projectId, first.id, 'undo');
    expect((await account.client.getSuggestion(projectId, b)).status).toBe('approved');
    expect((await account.client.getSuggestion(projectId, a)).status).toBe('rejected');
    expect((await create([a])).status).toBe(409);
    await account.client.updateSuggestion(projectId, a, 'pending');
    expect((await create([a])).status).toBe(201);
  });

  it('when pending suggestions are implemented, then they are approved in the same transaction; one refused id refuses them all', async () => {
    const project = await account.client.createProject({ name: 'from pending', domain: FIXTURE_DOMAIN });
    await account.client.syncPages(project.id, FIXTURE_PAGES);
    const answer = await account.client.generateSuggestions(project.id, { sourcePageUrl: SOURCE_URL, minRelevanceScore: 0 });
    expect(answer.length).toBeGreaterThanOrEqual(3);
    const [a, b, c] = answer.map((s) => s.id) as [string, string, string];
    await account.client.updateSuggestion(project.id, b, 'approved');
    await account.client.updateSuggestion(project.id, c, 'rejected');

    const refused = await bridge.fetch(`/api/projects/${project.id}/implementations`, { method: 'POST', key: account.key, json: { suggestionIds: [a, c], platform: 'wordpress' } });
    expect(refused.status).toBe(409);
    const error = (await refused.json()).error;
    expect(error.message).toContain(c);
    expect(error.details).toEqual([{ field: 'suggestionIds', message: `${c} is rejected` }]);
    expect((await account.client.getSuggestion(project.id, a)).status).toBe('pending');

    const created = await account.client.createImplementation(project.id, { suggestionIds: [a, b], platform: 'wordpress' });
    expect(created).toMatchObject({ status: 'pending', suggestionIds: [a, b] });
    expect((await account.client.getSuggestion(project.id, a)).status).toBe('approved');
    expect((await account.client.getSuggestion(project.id, b)).status).toBe('approved');
    await account.client.reportResults(project.id, created.id, [{ suggestionId: a, succeeded: true }, { suggestionId: b, succeeded: true }]);
    expect((await account.client.getSuggestion(project.id, a)).status).toBe('implemented');
    const again = await bridge.fetch(`/api/projects/${project.id}/implementations`, { method: 'POST', key: account.key, json: { suggestionIds: [a], platform: 'wordpress' } });
    expect(again.status).toBe(409);
  });

  it('when some links are rolled back, then only they are, their suggestions are rejected, and the implementation is rolled_back once none is left', async () => {
    const { projectId, ids } = await approvedSuggestions();
    expect(ids.length).toBeGreaterThanOrEqual(3);
    const [a, b, c] = ids as [string, string, string];
    const rollback = (json: unknown) =>
      bridge.fetch(`/api/projects/${projectId}/implementations/${implementation.id}/rollback`, { method: 'POST', key: account.key, json });
    let implementation = await account.client.createImplementation(projectId, { suggestionIds: [a, b, c], platform: 'wordpress' });
    // Pending: nothing was inserted yet, so no single link can be rolled back.
    expect((await rollback({ suggestionIds: [a] })).status).toBe(409);
    implementation = await account.client.reportResults(projectId, implementation.id, [
      { suggestionId: a, succeeded: true },
      { suggestionId: b, succeeded: true },
      { suggestionId: c, succeeded: false, error: 'anchor gone' },
    ]);

    const one = await account.client.rollBack(projectId, implementation.id, 'wrong target', { suggestionIds: [a] });
    expect(one).toMatchObject({ status: 'completed', rolledBackAt: null, rollbackReason: null, summary: { succeeded: 2, failed: 1, rolledBack: 1 } });
    expect(one.results.find((r) => r.suggestionId === a)).toMatchObject({ rolledBackAt: expect.any(String), rollbackReason: 'wrong target' });
    expect(one.results.find((r) => r.suggestionId === b)).toMatchObject({ rolledBackAt: null });
    expect((await account.client.getSuggestion(projectId, a)).status).toBe('rejected');
    expect((await account.client.getSuggestion(projectId, b)).status).toBe('implemented');
    expect(await account.client.getImplementation(projectId, implementation.id)).toEqual(one);

    // Again, a failed one, or one of another implementation: refused, and nothing changes.
    for (const [json, status, code] of [
      [{ suggestionIds: [a] }, 409, 'conflict'],
      [{ suggestionIds: [b, c] }, 409, 'conflict'],
      [{ suggestionIds: ['sug_elsewhere'] }, 400, 'validation_error'],
    ] as const) {
      const response = await rollback(json);
      expect(response.status, JSON.stringify(json)).toBe(status);
      expect((await response.json()).error.code).toBe(code);
    }
    expect((await account.client.getSuggestion(projectId, b)).status).toBe('implemented');

    // The rolled-back suggestion may be offered again deliberately, and implemented again.
    await account.client.updateSuggestion(projectId, a, 'pending');
    const redo = await account.client.createImplementation(projectId, { suggestionIds: [a], platform: 'wordpress' });
    expect(redo.status).toBe('pending');

    // Without ids (and without a reason), the rest: now nothing is left in place.
    const rest = await account.client.rollBack(projectId, implementation.id);
    expect(rest).toMatchObject({ status: 'rolled_back', rolledBackAt: expect.any(String), rollbackReason: null, summary: { succeeded: 2, failed: 1, rolledBack: 2 } });
    expect(rest.results.find((r) => r.suggestionId === a)!.rolledBackAt).toBe(one.results.find((r) => r.suggestionId === a)!.rolledBackAt);
    expect((await account.client.getSuggestion(projectId, b)).status).toBe('rejected');
    expect((await account.client.getSuggestion(projectId, c)).status).toBe('approved');
    expect((await rollback({})).status).toBe(409);
  });

  it('when the last link left is rolled back by id, then the implementation is rolled_back with that reason', async () => {
    const { projectId, ids } = await approvedSuggestions();
    const [a, b] = ids as [string, string];
    const created = await account.client.createImplementation(projectId, { suggestionIds: [a, b], platform: 'wordpress' });
    await account.client.reportResults(projectId, created.id, [{ suggestionId: a, succeeded: true }, { suggestionId: b, succeeded: true }]);
    expect((await account.client.rollBack(projectId, created.id, undefined, { suggestionIds: [b] })).status).toBe('completed');
    const last = await account.client.rollBack(projectId, created.id, 'post rewritten', { suggestionIds: [a] });
    expect(last).toMatchObject({ status: 'rolled_back', rollbackReason: 'post rewritten', summary: { rolledBack: 2 } });
    expect(last.results.map((r) => r.rollbackReason)).toEqual(['post rewritten', null]);
    const listed = await account.client.listImplementations(projectId, { status: 'rolled_back' });
    expect(listed.items.map((i) => i.id)).toEqual([created.id]);
  });
});
