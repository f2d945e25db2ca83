import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBridge, type TestAccount, type TestBridge } from '../support/api-harness.js';

let bridge: TestBridge;
let alice: TestAccount;

beforeAll(async () => {
  bridge = await startTestBridge();
  alice = await bridge.createAccount('alice');
});
afterAll(() => bridge.close());

describe('projects', () => {
  it('when a project is created, then it answers 201 with the envelope, a random id and every field', async () => {
    const response = await bridge.fetch('/api/projects', {
      method: 'POST',
      key: alice.key,
      json: { name: 'Blog', domain: 'https://blog.example.com', preferredSdk: 'node' },
    });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body.data).toMatchObject({ name: 'Blog', domain: 'https://blog.example.com', preferredSdk: 'node', includePaths: [], excludePaths: [] });
    expect(body.data.id).toMatch(/^prj_[a-z2-9]{20}$/);
    expect(body.data.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(body.meta.timestamp).toMatch(/Z$/);
  });

  it('when the body is invalid, then 400 validation_error names each bad field and nothing is stored', async () => {
    const before = (await alice.client.listProjects()).pagination.total;
    const response = await bridge.fetch('/api/projects', {
      method: 'POST',
      key: alice.key,
      json: { name: '', domain: 'ftp://x', preferredSdk: 'x'.repeat(51), includePaths: ['no-slash'] },
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error.code).toBe('validation_error');
    expect(body.error.status).toBe(400);
    const fields = body.error.details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['name', 'domain', 'preferredSdk', 'includePaths.0']));
    expect((await alice.client.listProjects()).pagination.total).toBe(before);
  });

  it('when a name is over 200 characters or the domain is missing, then 400', async () => {
    for (const json of [{ name: 'x'.repeat(201), domain: 'https://a.test' }, { name: 'ok' }, { name: 5, domain: 'https://a.test' }]) {
      const response = await bridge.fetch('/api/projects', { method: 'POST', key: alice.key, json });
      expect(response.status).toBe(400);
    }
  });

  it('when projects are listed, then newest come first with pagination meta, and limit/offset are checked', async () => {
    const owner = await bridge.createAccount('lister');
    for (const name of ['one', 'two', 'three']) await owner.client.createProject({ name, domain: `https://${name}.test` });
    const page = await owner.client.listProjects({ limit: 2 });
    expect(page.items.map((p) => p.name)).toEqual(['three', 'two']);
    expect(page.pagination).toEqual({ limit: 2, offset: 0, total: 3 });
    // List items have the get shape (a superset of the API document's id, name, domain).
    expect(page.items[0]).toEqual(await owner.client.getProject(page.items[0]!.id));
    const second = await owner.client.listProjects({ limit: 2, offset: 2 });
    expect(second.items.map((p) => p.name)).toEqual(['one']);
    for (const query of ['limit=0', 'limit=101', 'offset=-1', 'limit=abc', 'limit=1.5']) {
      const response = await bridge.fetch(`/api/projects?${query}`, { key: owner.key });
      expect(response.status, query).toBe(400);
      expect((await response.json()).error.code).toBe('validation_error');
    }
  });

  it('when a project is updated, then PATCH answers the whole project and keeps what was not sent', async () => {
    const project = await alice.client.createProject({ name: 'Docs', domain: 'https://docs.test', preferredSdk: 'php' });
    const updated = await alice.client.updateProject(project.id, { name: 'Docs 2', includePaths: ['/guide/'], excludePaths: ['/guide/old/'] });
    expect(updated).toMatchObject({ id: project.id, name: 'Docs 2', domain: 'https://docs.test', preferredSdk: 'php', includePaths: ['/guide/'], excludePaths: ['/guide/old/'] });
    expect(await alice.client.getProject(project.id)).toEqual(updated);
    const empty = await bridge.fetch(`/api/projects/${project.id}`, { method: 'PATCH', key: alice.key, json: {} });
    expect(empty.status).toBe(400);
  });

  it('when a project is deleted, then it answers success, its pages are gone, and a second delete is 404', async () => {
    const project = await alice.client.createProject({ name: 'Tmp', domain: 'https://tmp.test' });
    await alice.client.syncPages(project.id, [{ url: 'https://tmp.test/a', title: 'A', content: '<p>a</p>' }]);
    expect(await alice.client.deleteProject(project.id)).toEqual({ success: true });
    expect(await bridge.database.db.selectFrom('pages').select('id').where('project_id', '=', project.id).execute()).toEqual([]);
    const again = await bridge.fetch(`/api/projects/${project.id}`, { method: 'DELETE', key: alice.key });
    expect(again.status).toBe(404);
    expect((await again.json()).error.code).toBe('not_found');
  });
});
