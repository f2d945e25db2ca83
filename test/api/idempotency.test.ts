import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBridge, TestClock, type TestAccount, type TestBridge } from '../support/api-harness.js';
import { FIXTURE_DOMAIN, FIXTURE_PAGES, SOURCE_URL } from '../support/fixture-site.js';
import { parseResponse, requestBytes } from '../support/raw-http.js';

let bridge: TestBridge;
let account: TestAccount;
const clock = new TestClock(new Date('2026-03-10T12:00:00.000Z'));

beforeAll(async () => {
  bridge = await startTestBridge({ clock });
  account = await bridge.createAccount('idempotency');
});
afterAll(() => bridge.close());

function post(path: string, json: unknown, idempotencyKey: string | undefined, key = account.key) {
  return bridge.fetch(path, { method: 'POST', key, json, headers: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {} });
}

async function projectCount(who = account): Promise<number> {
  return (await who.client.listProjects()).pagination.total;
}

describe('Idempotency-Key on creating POSTs', () => {
  it('when a project is created twice with the same key and body, then the second answer is the first and one project exists', async () => {
    const before = await projectCount();
    const idempotencyKey = randomUUID();
    const body = { name: 'Once', domain: 'https://once.example' };
    const first = await post('/api/projects', body, idempotencyKey);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const firstText = await first.text();

    clock.advance(60_000);
    // Same JSON value in another key order: the same request.
    const second = await post('/api/projects', { domain: body.domain, name: body.name }, idempotencyKey);
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.headers.get('x-ratelimit-remaining')).not.toBeNull();
    expect(await second.text()).toBe(firstText);
    expect(await projectCount()).toBe(before + 1);
  });

  it('when the same key comes with another body or on another endpoint, then 409 conflict and nothing is created', async () => {
    const idempotencyKey = randomUUID();
    expect((await post('/api/projects', { name: 'A', domain: 'https://a.example' }, idempotencyKey)).status).toBe(201);
    const before = await projectCount();

    const otherBody = await post('/api/projects', { name: 'B', domain: 'https://a.example' }, idempotencyKey);
    expect(otherBody.status).toBe(409);
    expect((await otherBody.json()).error).toMatchObject({ code: 'conflict', status: 409, message: expect.stringContaining('Idempotency-Key') });
    const otherEndpoint = await post('/api/keys', { name: 'k' }, idempotencyKey);
    expect(otherEndpoint.status).toBe(409);
    expect(await projectCount()).toBe(before);
    expect((await account.client.listKeys()).length).toBe(1);
  });

  it('when another account sends the same key, then it is its own key and creates its own project', async () => {
    const other = await bridge.createAccount('idempotency-other');
    const idempotencyKey = randomUUID();
    const body = { name: 'Shared key', domain: 'https://shared.example' };
    const mine = await (await post('/api/projects', body, idempotencyKey)).json();
    const theirs = await post('/api/projects', body, idempotencyKey, other.key);
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect((await theirs.json()).data.id).not.toBe(mine.data.id);
    expect(await projectCount(other)).toBe(1);
  });

  it('when requests with the same key are sent at once, then exactly one project is created and each answer is it or 409', async () => {
    const before = await projectCount();
    const idempotencyKey = randomUUID();
    const body = { name: 'Double click', domain: 'https://double.example' };
    const answers = await Promise.all(Array.from({ length: 8 }, () => post('/api/projects', body, idempotencyKey)));
    const created = new Set<string>();
    for (const answer of answers) {
      const json = await answer.json();
      if (answer.status === 201) created.add(json.data.id);
      else expect({ status: answer.status, code: json.error.code }).toEqual({ status: 409, code: 'conflict' });
    }
    expect(created.size).toBe(1);
    expect(await projectCount()).toBe(before + 1);
  });

  it('when a request with the key is still sending its body, then another with the key is 409 with Retry-After, and later gets its answer', async () => {
    const idempotencyKey = randomUUID();
    const body = JSON.stringify({ name: 'Slow upload', domain: 'https://slow.example' });
    const port = Number(new URL(bridge.url).port);
    const bytes = requestBytes({
      method: 'POST',
      target: '/api/projects',
      headers: [['Authorization', `Bearer ${account.key}`], ['Content-Type', 'application/json'], ['Idempotency-Key', idempotencyKey], ['Content-Length', String(body.length)]],
      body,
    });
    const split = bytes.length - 10;
    const socket = net.connect({ port, host: '127.0.0.1' });
    const chunks: Buffer[] = [];
    // The whole answer: the socket stays open for it (a client that closed its side could lose it to the server).
    const answered = new Promise<void>((resolve) =>
      socket.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        if (parseResponse(Buffer.concat(chunks)) !== null) resolve();
      }),
    );
    await new Promise<void>((resolve) => socket.write(bytes.subarray(0, split), () => resolve()));
    await new Promise((resolve) => setTimeout(resolve, 100));

    const meanwhile = await bridge.fetch('/api/projects', { method: 'POST', key: account.key, headers: { 'Idempotency-Key': idempotencyKey, 'Content-Type': 'application/json' }, body });
    expect(meanwhile.status).toBe(409);
    expect(meanwhile.headers.get('retry-after')).toBe('1');
    expect((await meanwhile.json()).error.message).toMatch(/in progress/);

    socket.write(bytes.subarray(split));
    await answered;
    socket.end();
    const first = parseResponse(Buffer.concat(chunks))!;
    expect(first.status).toBe(201);
    const retry = await bridge.fetch('/api/projects', { method: 'POST', key: account.key, headers: { 'Idempotency-Key': idempotencyKey, 'Content-Type': 'application/json' }, body });
    expect(retry.status).toBe(201);
    expect(await retry.text()).toBe(first.body);
  });

  it('when an implementation is created with a key and its answer is lost, then the retry returns the same implementation', async () => {
    const project = await account.client.createProject({ name: 'impl', domain: FIXTURE_DOMAIN });
    await account.client.syncPages(project.id, FIXTURE_PAGES);
    const [suggestion] = await account.client.generateSuggestions(project.id, { sourcePageUrl: SOURCE_URL, minRelevanceScore: 0 });
    await account.client.updateSuggestion(project.id, suggestion!.id, 'approved');
    const idempotencyKey = randomUUID();
    const body = { suggestionIds: [suggestion!.id], platform: 'wordpress' };
    const first = await (await post(`/api/projects/${project.id}/implementations`, body, idempotencyKey)).json();
    const retry = await post(`/api/projects/${project.id}/implementations`, body, idempotencyKey);
    expect(retry.status).toBe(201);
    expect((await retry.json()).data).toEqual(first.data);
    expect((await account.client.listImplementations(project.id)).pagination.total).toBe(1);
  });

  it('when the same key comes again with another body on …/implementations, then 409 conflict and no second implementation is created', async () => {
    const project = await account.client.createProject({ name: 'impl-conflict', domain: FIXTURE_DOMAIN });
    await account.client.syncPages(project.id, FIXTURE_PAGES);
    const [first, second] = await account.client.generateSuggestions(project.id, { sourcePageUrl: SOURCE_URL, minRelevanceScore: 0 });
    // Both approved: without the key, the second body would create an implementation of its own.
    for (const suggestion of [first!, second!]) await account.client.updateSuggestion(project.id, suggestion.id, 'approved');
    const idempotencyKey = randomUUID();
    const path = `/api/projects/${project.id}/implementations`;
    expect((await post(path, { suggestionIds: [first!.id], platform: 'wordpress' }, idempotencyKey)).status).toBe(201);

    const otherBody = await post(path, { suggestionIds: [second!.id], platform: 'wordpress' }, idempotencyKey);
    expect(otherBody.status).toBe(409);
    expect((await otherBody.json()).error).toMatchObject({ code: 'conflict', status: 409, message: expect.stringContaining('Idempotency-Key') });
    expect((await account.client.listImplementations(project.id)).pagination.total).toBe(1);
    expect((await account.client.getSuggestion(project.id, second!.id)).status).toBe('approved');
  });

  it('when an API key is created with a key, then the retry shows the same secret and the database holds neither secret nor Idempotency-Key', async () => {
    const other = await bridge.createAccount('idempotency-keys');
    const idempotencyKey = randomUUID();
    const first = await (await post('/api/keys', { name: 'rotated' }, idempotencyKey, other.key)).json();
    const retry = await (await post('/api/keys', { name: 'rotated' }, idempotencyKey, other.key)).json();
    expect(retry.data.key).toBe(first.data.key);
    expect((await other.client.listKeys()).length).toBe(2);
    const stored = JSON.stringify(await bridge.database.db.selectFrom('idempotency_keys').selectAll().execute(), (_name, value) =>
      value instanceof Uint8Array ? Buffer.from(value).toString('latin1') : value,
    );
    expect(stored).not.toContain(first.data.key);
    expect(stored).not.toContain(first.data.key.slice(4, 20));
    expect(stored).not.toContain(idempotencyKey);
  });

  it('when the same key comes again with another body on /api/keys, then 409 conflict and no second API key is created', async () => {
    const other = await bridge.createAccount('idempotency-keys-conflict');
    const idempotencyKey = randomUUID();
    expect((await post('/api/keys', { name: 'first' }, idempotencyKey, other.key)).status).toBe(201);

    const otherBody = await post('/api/keys', { name: 'second' }, idempotencyKey, other.key);
    expect(otherBody.status).toBe(409);
    expect((await otherBody.json()).error).toMatchObject({ code: 'conflict', status: 409, message: expect.stringContaining('Idempotency-Key') });
    const names = (await other.client.listKeys()).map((key) => key.name);
    expect(names).toHaveLength(2);
    expect(names).not.toContain('second');
  });

  it('when a create fails, then nothing is kept: the same key may be used again once the request is fixed', async () => {
    const idempotencyKey = randomUUID();
    const invalid = await post('/api/projects', { name: '', domain: 'https://fixed.example' }, idempotencyKey);
    expect(invalid.status).toBe(400);
    const fixed = await post('/api/projects', { name: 'Fixed', domain: 'https://fixed.example' }, idempotencyKey);
    expect(fixed.status).toBe(201);
    expect(fixed.headers.get('idempotent-replayed')).toBeNull();
  });

  it('when 24 hours have passed, then the key is forgotten (its row deleted) and the same request creates again', async () => {
    const idempotencyKey = randomUUID();
    const body = { name: 'Tomorrow', domain: 'https://tomorrow.example' };
    const first = await (await post('/api/projects', body, idempotencyKey)).json();
    clock.advance(24 * 3600 * 1000 - 1000);
    expect((await (await post('/api/projects', body, idempotencyKey)).json()).data.id).toBe(first.data.id);
    clock.advance(1000);
    const later = await post('/api/projects', body, idempotencyKey);
    expect(later.status).toBe(201);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect((await later.json()).data.id).not.toBe(first.data.id);
    const expired = await bridge.database.db.selectFrom('idempotency_keys').select('key_hash').where('expires_at', '<=', clock.now().toISOString()).execute();
    expect(expired).toEqual([]);
  });

  it('when the Idempotency-Key is malformed, then 400 validation_error naming the header and nothing is created', async () => {
    const before = await projectCount();
    for (const bad of ['short', 'has spaces in it, which is not allowed', 'x'.repeat(256), 'ünïcödé-ünïcödé-ünïcödé']) {
      const answer = await bridge.fetch('/api/projects', {
        method: 'POST',
        key: account.key,
        headers: { 'Idempotency-Key': Buffer.from(bad).toString('latin1') },
        json: { name: 'Bad key', domain: 'https://bad.example' },
      });
      expect(answer.status, bad).toBe(400);
      expect((await answer.json()).error.details).toEqual([expect.objectContaining({ field: 'header.Idempotency-Key' })]);
    }
    expect(await projectCount()).toBe(before);
  });

  it('when other POSTs or GETs carry the header, then it is ignored', async () => {
    const idempotencyKey = randomUUID();
    const list = await bridge.fetch('/api/projects', { key: account.key, headers: { 'Idempotency-Key': idempotencyKey } });
    expect(list.status).toBe(200);
    expect(list.headers.get('idempotent-replayed')).toBeNull();
  });
});
