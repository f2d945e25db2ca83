import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InterlinkerClient } from '../../bridge/src/client/index.js';
import { startBridgeProcess, type BridgeProcess } from '../support/bridge-process.js';

const DOMAIN = 'https://quota.test';
const MIB = 1024 * 1024;

let bridge: BridgeProcess;
let key: string;
let client: InterlinkerClient;

const page = (n: number, content = `<p>Page ${n} about crème brûlée and sourdough.</p>`) => ({ url: `${DOMAIN}/p/${n}`, title: `Page ${n}`, content });

interface ErrorAnswer {
  error: { code: string; status: number; message: string; details?: { field: string; message: string }[] };
}

async function call(method: string, pathname: string, body?: unknown): Promise<{ status: number; json: ErrorAnswer }> {
  const response = await fetch(`${bridge.url}${pathname}`, {
    method,
    headers: { Authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, json: (await response.json()) as ErrorAnswer };
}

beforeAll(async () => {
  // The bridge's defaults for accounts without quotas of their own; the CLI sees the same environment.
  bridge = await startBridgeProcess({ env: { INTERLINKER_QUOTA_PROJECTS: '7', INTERLINKER_QUOTA_PAGES: '40', INTERLINKER_QUOTA_CONTENT_MB: '3' } });
  key = await bridge.createKey('limited', 'pro', 100_000);
  client = new InterlinkerClient({ baseUrl: bridge.url, apiKey: key });
}, 60_000);
afterAll(() => bridge.dispose());

describe('account quotas', () => {
  it('when no quota is set, then GET /api/account reports the INTERLINKER_QUOTA_* defaults and no usage', async () => {
    const account = await client.getAccount();
    expect(account).toMatchObject({ name: 'limited', tier: 'pro', rateLimit: 100_000 });
    expect(account.quotas).toEqual({
      projects: { limit: 7, used: 0, custom: false },
      pages: { limit: 40, used: 0, custom: false },
      contentBytes: { limit: 3 * MIB, used: 0, custom: false },
    });
  });

  it('when the CLI sets quotas, then the account reports them and a project over the quota is 403 quota_exceeded', async () => {
    const printed = await bridge.cli(['accounts', 'quota', '--name', 'limited', '--projects', '2', '--pages', '5', '--content-mb', '1']);
    expect(printed).toContain('projects\t0 of 2');
    expect(printed).toContain('pages\t0 of 5');
    const { quotas } = await client.getAccount();
    expect(quotas.projects).toEqual({ limit: 2, used: 0, custom: true });
    expect(quotas.pages).toEqual({ limit: 5, used: 0, custom: true });
    expect(quotas.contentBytes).toEqual({ limit: MIB, used: 0, custom: true });

    await client.createProject({ name: 'one', domain: DOMAIN });
    await client.createProject({ name: 'two', domain: DOMAIN });
    const third = await call('POST', '/api/projects', { name: 'three', domain: DOMAIN });
    expect(third.status).toBe(403);
    expect(third.json.error).toMatchObject({ code: 'quota_exceeded', status: 403, details: [{ field: 'projects' }] });
    expect(third.json.error.message).toContain('2 projects');
    expect((await client.listProjects()).pagination.total).toBe(2);
    expect((await client.getAccount()).quotas.projects.used).toBe(2);
  });

  it('when a batch would go over the page quota, then it is refused whole and nothing of it is stored', async () => {
    const [project] = (await client.listProjects()).items;
    const first = await client.syncPages(project!.id, [page(1), page(2), page(3)]);
    expect(first.synced).toBe(3);
    const contentBytes = [1, 2, 3].reduce((sum, n) => sum + Buffer.byteLength(page(n).content), 0);
    expect((await client.getAccount()).quotas.pages.used).toBe(3);
    // UTF-8 bytes, not characters: the content has "è" and "û".
    expect((await client.getAccount()).quotas.contentBytes.used).toBe(contentBytes);

    // Three new pages and one update: 6 pages > 5.
    const over = await call('POST', `/api/projects/${project!.id}/pages/batch`, [page(1, '<p>Changed.</p>'), page(4), page(5), page(6)]);
    expect(over.status).toBe(403);
    expect(over.json.error).toMatchObject({ code: 'quota_exceeded', details: [{ field: 'pages' }] });
    const pages = await client.listPages(project!.id);
    expect(pages.pagination.total).toBe(3);
    const updated = await client.getPage(project!.id, pages.items.find((p) => p.url.endsWith('/p/1'))!.id);
    expect(updated.content).toBe(page(1).content);
    expect((await client.getAccount()).quotas.contentBytes.used).toBe(contentBytes);

    // The quota counts the account, over its projects.
    const [, second] = (await client.listProjects()).items;
    expect((await client.syncPages(second!.id, [page(1), page(2)])).synced).toBe(2);
    const oneMore = await call('POST', `/api/projects/${second!.id}/pages/batch`, [page(3)]);
    expect(oneMore.status).toBe(403);
    // Updating pages it holds is still allowed at the limit.
    expect((await client.syncPages(second!.id, [page(2, '<p>Shorter.</p>')])).synced).toBe(1);
  });

  it('when a batch would go over the content quota, then it is refused whole with the contentBytes quota named', async () => {
    await bridge.cli(['accounts', 'quota', '--name', 'limited', '--pages', '100']);
    const [project] = (await client.listProjects()).items;
    const before = (await client.getAccount()).quotas;
    const big = (n: number) => page(n, `<p>${'Flour and water make bread. '.repeat(22_000)}</p>`);
    const over = await call('POST', `/api/projects/${project!.id}/pages/batch`, [big(10), big(11)]);
    expect(over.status).toBe(403);
    expect(over.json.error).toMatchObject({ code: 'quota_exceeded', details: [{ field: 'contentBytes' }] });
    expect((await client.getAccount()).quotas).toEqual(before);
    expect((await client.listPages(project!.id)).pagination.total).toBe(3);
    // One of them fits (about 600 KB of 1 MiB).
    expect((await client.syncPages(project!.id, [big(10)])).synced).toBe(1);
    expect((await client.getAccount()).quotas.contentBytes.used).toBe(before.contentBytes.used + Buffer.byteLength(big(10).content));
  });

  it('when a project is deleted, then its pages and content no longer count', async () => {
    const [project] = (await client.listProjects()).items;
    const before = (await client.getAccount()).quotas;
    const held = await client.listPages(project!.id);
    await client.deleteProject(project!.id);
    const after = (await client.getAccount()).quotas;
    expect(after.projects.used).toBe(before.projects.used - 1);
    expect(after.pages.used).toBe(before.pages.used - held.pagination.total);
    expect(after.contentBytes.used).toBeLessThan(before.contentBytes.used);
  });

  it('when the CLI sets a quota back to "default", then the bridge default applies again', async () => {
    const printed = await bridge.cli(['accounts', 'quota', '--name', 'limited', '--projects', 'default']);
    expect(printed).toContain('of 7 (default)');
    expect((await client.getAccount()).quotas.projects).toEqual({ limit: 7, used: 1, custom: false });
    await expect(bridge.cli(['accounts', 'quota', '--name', 'limited', '--pages', '-3'])).rejects.toThrow(/whole number/);
  });
});
