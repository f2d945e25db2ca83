import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RestReconcileAnswer } from '../../admin-ui/src/api/rest-types.js';
import { approvedSuggestionsFor, fullSync, type PluginSite, reopenSuggestionsOf, schemaMisfits, startPluginSite } from './support/plugin-site.js';

interface Implementation {
  id: string;
  status: string;
  suggestionIds: string[];
}

describe('a lost answer to "create implementation" never leaves it pending', () => {
  let site: PluginSite;
  let sourceId: number;

  beforeAll(async () => {
    site = await startPluginSite({ name: 'plugin-idempotency', throughProxy: true });
    await site.createPost({ title: 'Sourdough Starter', content: '<p>Feed the sourdough starter with flour and water every day; a lively sourdough starter doubles.</p>' });
    await site.createPost({ title: 'Bread Flour', content: '<p>Bread flour has more protein than cake flour, so bread flour builds gluten.</p>' });
    sourceId = await site.createPost({ title: 'Weekend Loaf', content: '<p>Every Saturday I wake my sourdough starter and weigh out strong bread flour for the weekend loaf.</p>' });
    await fullSync(site.admin);
  });

  afterEach(async () => {
    site.proxy!.clear();
    for (const implementation of await onBridge('completed')) {
      await site.admin.json('/interlinker/v1/rollback', { method: 'POST', body: { implementationId: implementation.id, reason: 'test' } });
      await reopenSuggestionsOf(site, implementation.id);
    }
  });

  afterAll(async () => {
    await site?.stop();
  });

  const onBridge = async (status: string) =>
    (await site.bridgeApi<{ data: Implementation[] }>(`/api/projects/${await site.projectId()}/implementations?status=${status}&limit=100`)).body.data;
  const creates = () => site.proxy!.requests.filter((r) => r.method === 'POST' && /\/implementations$/.test(r.path));

  it('when the first answer is lost, then the plugin asks again with the same Idempotency-Key and the bridge holds one implementation', async () => {
    const suggestions = await approvedSuggestionsFor(site.admin, sourceId);
    const seenBefore = creates().length;
    site.proxy!.inject('POST', /\/implementations$/, { kind: 'drop-answer', times: 1 });

    const answer = await site.admin.json<Implementation>('/interlinker/v1/implement', { method: 'POST', body: { suggestionIds: suggestions.map((s) => s.id) } });

    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(creates().slice(seenBefore)).toHaveLength(2);
    const [first, second] = creates().slice(seenBefore).map((r) => r.headers['idempotency-key']);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toBe(first);
    expect(await onBridge('pending')).toEqual([]);
    expect((await onBridge('completed')).map((i) => i.id)).toEqual([answer.body.id]);
  });

  it('when every answer is lost, then reconcile finds the implementation by its key and rolls it back, so none stays pending', async () => {
    const suggestions = await approvedSuggestionsFor(site.admin, sourceId);
    const before = await site.content(sourceId);
    const seenBefore = creates().length;
    site.proxy!.inject('POST', /\/implementations$/, { kind: 'drop-answer', times: 3 });

    const answer = await site.admin.json<{ code: string }>('/interlinker/v1/implement', { method: 'POST', body: { suggestionIds: suggestions.map((s) => s.id) } });
    const pendingBefore = await onBridge('pending');
    const reconciled = await site.admin.json<RestReconcileAnswer>('/interlinker/v1/implementations/reconcile', { method: 'POST' });

    expect(answer.status).toBe(503);
    expect(answer.body.code).toBe('interlinker_bridge_unreachable');
    expect(pendingBefore).toHaveLength(1);
    expect(reconciled.status, JSON.stringify(reconciled.body)).toBe(200);
    expect(reconciled.body.settled.map((s) => s.outcome)).toEqual(['rolled_back']);
    expect(reconciled.body.waiting).toEqual([]);
    expect(await schemaMisfits(site.admin, '/interlinker/v1/implementations/reconcile', reconciled)).toEqual([]);
    expect(await onBridge('pending')).toEqual([]);
    expect((await onBridge('rolled_back')).map((i) => i.id)).toContain(pendingBefore[0]!.id);
    expect(new Set(creates().slice(seenBefore).map((r) => r.headers['idempotency-key'])).size).toBe(1);
    expect(await site.content(sourceId)).toBe(before);
  });
});
