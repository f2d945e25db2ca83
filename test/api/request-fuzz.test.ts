import { randomUUID } from 'node:crypto';
import { METHODS } from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InterlinkerClient } from '../../bridge/src/client/index.js';
import { startBridgeProcess, type BridgeProcess } from '../support/bridge-process.js';
import { FIXTURE_DOMAIN, FIXTURE_PAGES, SOURCE_URL } from '../support/fixture-site.js';
import { rawRequest, requestBytes, type RawRequest, type RawResponse } from '../support/raw-http.js';

/**
 * Random requests against the real bridge process over HTTP on 127.0.0.1: random paths and percent-encodings,
 * methods, headers and bodies, mostly near the real endpoints so that the handlers run. Seeded (FUZZ_SEED to replay a
 * run), a fixed count, and a time budget. No answer may be a 5xx (not even to a method nothing here implements), and
 * every error must be the contract's envelope, with the rate-limit headers when a valid key was sent.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_111);
const REQUESTS = 10_000;
const CONCURRENCY = 8;
const BUDGET_MS = 150_000;
const MAX_HEAD_BYTES = 16 * 1024;

/** mulberry32: small, fast and good enough to pick test inputs reproducibly. */
class Dice {
  constructor(private state: number) {}
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(below: number): number {
    return Math.floor(this.next() * below);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }
  /** Picks by weight: [[weight, value], …]. */
  weighted<T>(items: readonly (readonly [number, T])[]): T {
    let roll = this.next() * items.reduce((sum, [weight]) => sum + weight, 0);
    for (const [weight, value] of items) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return items[items.length - 1]![1];
  }
}

interface World {
  port: number;
  key: string;
  projectId: string;
  pageIds: string[];
  suggestionIds: string[];
  implementationIds: string[];
  templates: { method: string; path: string }[];
  idempotencyKeys: string[];
}

interface FuzzCase {
  request: RawRequest;
  validKey: boolean;
  /** Bytes Node's parser may refuse before express sees them: no rate-limit headers can be expected. */
  raw: boolean;
}

const hex = (byte: number) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;

function percentEncoded(dice: Dice): string {
  return dice.weighted<() => string>([
    [3, () => encodeURIComponent(dice.pick(['ü', '✓', '日本', '𝄞', 'a b', '/', '?', '#', '&', '=', '%', '+', "'", '"', '<>']))],
    [2, () => '%ED%A0%80'], // a lone surrogate
    [2, () => hex(0x80 + dice.int(0x80))], // a lone continuation or lead byte
    [1, () => '%C0%AF'], // overlong "/"
    [1, () => '%E2%82'], // cut short
    [1, () => dice.pick(['%', '%G1', '%2', '%%', '%u00e9'])],
    [1, () => '%00'],
    [1, () => '%2F%2E%2E'],
    [1, () => Array.from({ length: 1 + dice.int(6) }, () => hex(dice.int(256))).join('')],
  ])();
}

function segment(dice: Dice): string {
  return dice.weighted<() => string>([
    [5, () => dice.pick(['prj_', 'pg_', 'sug_', 'imp_', 'key_', '']) + Math.floor(dice.next() * 36 ** 6).toString(36)],
    [4, () => percentEncoded(dice)],
    [2, () => dice.pick(['..', '.', '', '~', '*', '-', '_', ':id', '{projectId}', 'undefined', 'null', '0', '-1', '1e309'])],
    [1, () => 'x'.repeat(dice.pick([64, 65, 255, 1024, 2100, 3000]))],
    [1, () => `${segment(dice)}${percentEncoded(dice)}${segment(dice)}`],
  ])();
}

function path(dice: Dice, world: World): string {
  const real = (name: string): string => {
    const pool = { projectId: [world.projectId], pageId: world.pageIds, suggestionId: world.suggestionIds, implementationId: world.implementationIds }[name];
    return pool && pool.length > 0 && dice.chance(0.7) ? dice.pick(pool) : segment(dice);
  };
  return dice.weighted<() => string>([
    [10, () => dice.pick(world.templates).path.replace(/\{(\w+)\}/g, (_all, name: string) => real(name))],
    [3, () => `/api/${Array.from({ length: 1 + dice.int(5) }, () => segment(dice)).join('/')}`],
    [1, () => dice.pick(['/', '/healthz', '/HEALTHZ/', '/api/openapi.json', '/api', '/api/', '//api//projects', '/api/projects/', '*', '/api/projects/./'])],
    [1, () => `/${Array.from({ length: dice.int(4) }, () => segment(dice)).join('/')}`],
  ])();
}

function queryString(dice: Dice): string {
  if (dice.chance(0.55)) return '';
  const names = ['limit', 'offset', 'status', 'ids', 'sourcePageUrl', 'targetPageUrl', 'implementationId', 'orderBy', 'order', 'startDate', 'endDate', 'utm', '__proto__', 'constructor', ''];
  const value = (): string =>
    dice.weighted<() => string>([
      [3, () => String(dice.pick([0, 1, 50, 100, 101, -1, 1.5, 1e21, Number.MAX_SAFE_INTEGER]))],
      [2, () => dice.pick(['pending', 'approved,rejected', 'rolled_back', 'createdAt', 'desc', 'asc', '2026-01-01', '2026-13-45T99:00', 'true', ''])],
      [2, () => encodeURIComponent(`${FIXTURE_DOMAIN}/${segment(dice)}`)],
      [2, () => percentEncoded(dice)],
      [1, () => 'q'.repeat(dice.pick([100, 4000, 8300]))],
    ])();
  const pairs = Array.from({ length: 1 + dice.int(4) }, () => `${dice.pick(names)}=${value()}`);
  if (dice.chance(0.2)) pairs.push(pairs[0]!); // a repeated parameter
  if (dice.chance(0.05)) pairs.push('&&=&a[b]=c&flag');
  return `?${pairs.join('&')}`;
}

/** A JSON value of random shape, with strings that are hard on parsers and validators. */
function randomJson(dice: Dice, depth = 0): unknown {
  const leaf = (): unknown =>
    dice.pick<() => unknown>([
      () => null,
      () => dice.chance(0.5),
      () => dice.pick([0, -1, 1.5, 1e308, -0, 2 ** 53 + 1]),
      () => dice.pick(['', 'x', 'wordpress', 'approved', `${FIXTURE_DOMAIN}/guides/bread-flour`, '\ud800', '\u0000', '<script>', 'ü'.repeat(300)]),
    ])();
  if (depth > 4 || dice.chance(0.4)) return leaf();
  if (dice.chance(0.5)) return Array.from({ length: dice.int(5) }, () => randomJson(dice, depth + 1));
  const keys = ['name', 'domain', 'suggestionIds', 'platform', 'status', 'reason', 'results', 'url', 'title', 'content', 'sourcePageUrl', 'limit', '__proto__', 'constructor', 'includePaths'];
  return Object.fromEntries(Array.from({ length: dice.int(5) }, () => [dice.pick(keys), randomJson(dice, depth + 1)]));
}

/** A body that the endpoint would accept, or nearly: so that the handlers, not only the validators, run. */
function plausibleBody(dice: Dice, world: World, target: string): unknown {
  if (/\/pages\/batch/.test(target)) {
    return Array.from({ length: 1 + dice.int(3) }, () => ({ ...dice.pick(FIXTURE_PAGES), ...(dice.chance(0.3) ? { url: `${FIXTURE_DOMAIN}/${segment(dice)}` } : {}) }));
  }
  if (/\/suggestions$/.test(target)) return { sourcePageUrl: dice.chance(0.8) ? SOURCE_URL : segment(dice), limit: dice.pick([1, 10, 50, 51]), minRelevanceScore: dice.pick([0, 0.5, 1, 2]) };
  if (/\/suggestions\//.test(target)) return { status: dice.pick(['pending', 'approved', 'rejected', 'implemented', 'done']) };
  if (/\/implementations$/.test(target)) {
    return { suggestionIds: world.suggestionIds.filter(() => dice.chance(0.4)), platform: dice.pick(['wordpress', 'custom', 'manual', 'joomla']) };
  }
  if (/\/results$/.test(target)) return { results: world.suggestionIds.slice(0, 2).map((suggestionId) => ({ suggestionId, succeeded: dice.chance(0.5) })) };
  if (/\/rollback$/.test(target)) return { reason: dice.pick(['fuzz', '', 'x'.repeat(600)]) };
  if (/\/keys$/.test(target)) return { name: dice.pick(['fuzz', '', 'k'.repeat(120)]) };
  if (/^\/api\/projects\/?$/.test(target)) return { name: `fuzz ${dice.int(1000)}`, domain: dice.pick(['https://fuzz.example', 'ftp://no', 'not a url']) };
  if (/^\/api\/projects\//.test(target)) return { name: 'renamed', includePaths: dice.chance(0.5) ? ['/'] : [segment(dice)] };
  return randomJson(dice);
}

function body(dice: Dice, world: World, target: string): Buffer | undefined {
  return dice.weighted<() => Buffer | undefined>([
    [6, () => Buffer.from(JSON.stringify(plausibleBody(dice, world, target.split('?')[0]!)))],
    [3, () => Buffer.from(JSON.stringify(randomJson(dice)) ?? 'null')],
    [2, () => Buffer.from(dice.pick(['{"name": "x", ', '{"a":1,}', "{'a': 1}", 'NaN', '[1, 2', '"\\ud800"', '{"__proto__": {"polluted": true}}', '']))],
    [1, () => Buffer.from(Array.from({ length: dice.int(200) }, () => dice.int(256)))],
    [1, () => Buffer.from(`${'['.repeat(5000)}${']'.repeat(5000)}`)],
    [1, () => Buffer.from(JSON.stringify({ name: 'n', domain: 'https://big.example', padding: 'p'.repeat(100_000 + dice.int(100_000)) }))],
    [2, () => undefined],
  ])();
}

function chunked(bytes: Buffer): Buffer {
  const half = Math.floor(bytes.length / 2);
  const parts = [bytes.subarray(0, half), bytes.subarray(half)].filter((part) => part.length > 0);
  return Buffer.concat([...parts.flatMap((part) => [Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from('\r\n')]), Buffer.from('0\r\n\r\n')]);
}

function fuzzCase(dice: Dice, world: World): FuzzCase {
  const method = dice.weighted<string>([
    [30, 'GET'], [25, 'POST'], [10, 'PATCH'], [10, 'DELETE'], [4, 'HEAD'], [3, 'PUT'], [3, 'OPTIONS'], [2, 'TRACE'],
    [1, 'PROPFIND'], [1, 'PURGE'], [1, 'get'], [1, 'FOO'], [1, 'CONNECT'], [1, 'M-SEARCH'],
  ]);
  let target = `${path(dice, world)}${queryString(dice)}`;
  // Never delete the project or revoke the key the rest of the run relies on.
  if (method === 'DELETE' && (target.startsWith(`/api/projects/${world.projectId}?`) || target === `/api/projects/${world.projectId}`)) target = '/api/projects/prj_not-this-one';
  if (method === 'CONNECT' && dice.chance(0.5)) target = '127.0.0.1:7700';

  const auth = dice.weighted<string | null>([
    [45, `Bearer ${world.key}`], [15, `Bearer ilk_${randomUUID()}`], [25, null],
    [15, dice.pick(['Basic YWRtaW46YWRtaW4=', 'Bearer', 'Bearer  ', `bearer ${world.key}`, `Bearer ${world.key} extra`, 'Token x'])],
  ]);
  const headers: [string, string][] = [];
  if (auth !== null) headers.push(['Authorization', auth]);
  let payload = method === 'GET' || method === 'HEAD' ? (dice.chance(0.05) ? body(dice, world, target) : undefined) : body(dice, world, target);
  if (payload !== undefined || dice.chance(0.1)) {
    const type = dice.weighted<string | null>([
      [50, 'application/json'], [8, 'application/json; charset=utf-8'], [3, 'application/json; charset=latin1'],
      [2, 'application/json; charset=utf-16'], [2, 'application/json; charset=nonsense'], [4, 'text/plain'],
      [2, 'multipart/form-data; boundary=x'], [2, 'application/x-www-form-urlencoded'], [5, null], [2, 'application/merge-patch+json'],
      [1, ';;;'], [1, 'application/json; charset="utf-8"; q=0.5'],
    ]);
    if (type !== null) headers.push(['Content-Type', type]);
  }
  if (payload !== undefined && dice.chance(0.08)) {
    const encoding = dice.pick(['gzip', 'gzip', 'deflate', 'br', 'identity', 'zstd', 'gzip, gzip']);
    headers.push(['Content-Encoding', encoding]);
    if (encoding === 'gzip' && dice.chance(0.6)) payload = gzipSync(payload);
  }
  if (payload !== undefined && dice.chance(0.08)) {
    headers.push(['Transfer-Encoding', 'chunked']);
    payload = chunked(payload);
  }
  if (dice.chance(0.3)) headers.push(['Idempotency-Key', dice.chance(0.8) ? dice.pick(world.idempotencyKeys) : dice.pick(['short', 'with space in it, long enough', 'k'.repeat(300)])]);
  if (dice.chance(0.2)) headers.push(['X-Forwarded-For', dice.pick(['203.0.113.9', '::1', 'garbage', '1.1.1.1, 2.2.2.2', ''])]);
  if (dice.chance(0.2)) headers.push(['Accept', dice.pick(['*/*', 'text/html', 'application/xml', ''])]);
  if (dice.chance(0.1)) headers.push([`X-Fuzz-${dice.int(100)}`, percentEncoded(dice)]);
  if (dice.chance(0.03)) headers.push(['Upgrade', 'websocket'], ['Connection', 'Upgrade']);
  if (dice.chance(0.02)) headers.push(['Expect', '100-continue']);

  // Bytes the HTTP parser itself refuses: raw spaces or non-ASCII in the target, bad header names, a bad length.
  const raw = dice.chance(0.04);
  if (raw) {
    dice.pick<() => void>([
      () => (target = `${target} x`),
      () => (target = `/api/projects/${Buffer.from('ü').toString('latin1')}`),
      () => headers.push(['Bad Header', 'x']),
      () => headers.push(['X-Control', 'a\u0001b']),
      () => headers.push(['Content-Length', 'abc']),
      () => headers.push(['Content-Length', '5'], ['Transfer-Encoding', 'chunked']),
      () => headers.push(['X-Huge', 'h'.repeat(17_000)]),
    ])();
  }
  const request: RawRequest = { method, target, headers, ...(payload !== undefined ? { body: payload } : {}) };
  const routable = METHODS.includes(method) && method !== 'CONNECT';
  const head = requestBytes({ ...request, body: undefined }).length;
  return { request, validKey: auth === `Bearer ${world.key}`, raw: raw || !routable || head > MAX_HEAD_BYTES - 512 };
}

const INTERNALS = /\/work\/|node_modules|\bat \S+ \(|SQLITE|SELECT |stack|\.ts:\d+/i;

/** What is wrong with this answer to this request, or null. */
function problemOf(fuzz: FuzzCase, response: RawResponse | null): string | null {
  if (!response) return 'no answer';
  const { status, headers } = response;
  const method = fuzz.request.method;
  if (status >= 500) return `status ${status}`;
  if (status === 405 && !headers.allow) return '405 without Allow';
  if ((status === 429 || status === 503) && !headers['retry-after']) return `${status} without Retry-After`;
  const publicRead = /^\/(healthz|api\/openapi\.json)\/?(\?|$)/i.test(fuzz.request.target) && (method === 'GET' || method === 'HEAD');
  if (fuzz.validKey && !fuzz.raw && !publicRead && headers['x-ratelimit-limit'] === undefined) return `status ${status} without rate-limit headers`;
  if (method === 'HEAD') return null;
  if (status >= 400) {
    if (!/^application\/json/.test(headers['content-type'] ?? '')) return `error with content-type ${headers['content-type']}`;
    let parsed: unknown;
    try {
      parsed = JSON.parse(response.body);
    } catch {
      return 'error body is not JSON';
    }
    const envelope = parsed as { error?: { message?: unknown; code?: unknown; status?: unknown; details?: unknown } };
    if (Object.keys(envelope).join() !== 'error' || !envelope.error) return `not the error envelope: ${response.body.slice(0, 200)}`;
    const { message, code, status: inner, details } = envelope.error;
    const keys = Object.keys(envelope.error).filter((key) => !['message', 'code', 'status', 'details'].includes(key));
    if (keys.length > 0) return `extra error fields ${keys.join()}`;
    if (typeof message !== 'string' || message === '' || INTERNALS.test(message)) return `bad message ${String(message)}`;
    if (typeof code !== 'string' || !/^[a-z_]+$/.test(code)) return `bad code ${String(code)}`;
    if (inner !== status) return `error.status ${String(inner)} for ${status}`;
    if (details !== undefined) {
      const wellFormed = Array.isArray(details) && details.every((d: { field?: unknown; message?: unknown }) => typeof d?.field === 'string' && typeof d?.message === 'string');
      if (!wellFormed || INTERNALS.test(JSON.stringify(details))) return 'bad details';
    }
  } else if (status >= 200 && status < 300 && !/openapi/.test(fuzz.request.target)) {
    try {
      const parsed = JSON.parse(response.body) as { data?: unknown; meta?: { timestamp?: unknown } };
      if (parsed.data === undefined || typeof parsed.meta?.timestamp !== 'string') return 'success without {data, meta}';
    } catch {
      return 'success body is not JSON';
    }
  }
  return null;
}

function describeCase(fuzz: FuzzCase): string {
  const headers = (fuzz.request.headers ?? []).map(([name, value]) => `${name}: ${value.slice(0, 60)}`).join(' | ');
  return `${fuzz.request.method} ${fuzz.request.target.slice(0, 200)} [${headers}] body ${fuzz.request.body ? `${Buffer.from(fuzz.request.body).subarray(0, 80).toString('latin1')}…` : '-'}`;
}

let bridge: BridgeProcess;
let world: World;

beforeAll(async () => {
  bridge = await startBridgeProcess();
  const key = await bridge.createKey('fuzz', 'enterprise', 1_000_000);
  const client = new InterlinkerClient({ baseUrl: bridge.url, apiKey: key });
  const project = await client.createProject({ name: 'fuzz', domain: FIXTURE_DOMAIN });
  await client.syncPages(project.id, FIXTURE_PAGES);
  const pages = await client.listPages(project.id);
  const suggestions = await client.generateSuggestions(project.id, { sourcePageUrl: SOURCE_URL, minRelevanceScore: 0 });
  for (const suggestion of suggestions.slice(0, 2)) await client.updateSuggestion(project.id, suggestion.id, 'approved');
  const implementation = await client.createImplementation(project.id, { suggestionIds: [suggestions[0]!.id], platform: 'wordpress' });
  const document = (await (await fetch(`${bridge.url}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
  world = {
    port: bridge.port,
    key,
    projectId: project.id,
    pageIds: pages.items.map((page) => page.id),
    suggestionIds: suggestions.map((suggestion) => suggestion.id),
    implementationIds: [implementation.id],
    templates: Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ method, path }))),
    idempotencyKeys: Array.from({ length: 5 }, () => randomUUID()),
  };
}, 60_000);
// Stopping also checks that no hostile connection is left holding the server open (SIGTERM must still stop it).
afterAll(() => bridge?.dispose(), 30_000);

describe('hostile requests', () => {
  it(`when ${REQUESTS} random requests hit the bridge, then none is answered 5xx and every error is the contract's envelope`, async () => {
    const dice = new Dice(SEED);
    const cases = Array.from({ length: REQUESTS }, () => fuzzCase(dice, world));
    const problems: string[] = [];
    const statuses = new Map<number, number>();
    const deadline = Date.now() + BUDGET_MS;
    let next = 0;
    let sent = 0;

    async function worker(): Promise<void> {
      while (next < cases.length && Date.now() < deadline && problems.length < 20) {
        const fuzz = cases[next++]!;
        let response: RawResponse | null;
        try {
          response = await rawRequest(world.port, fuzz.request, 15_000);
        } catch (error) {
          response = null;
          problems.push(`${(error as Error).message}: ${describeCase(fuzz)}`);
          continue;
        }
        sent += 1;
        if (response) statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        const problem = problemOf(fuzz, response);
        if (problem) problems.push(`${problem}: ${describeCase(fuzz)}`);
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));

    const histogram = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`).join(' ');
    expect(problems, `seed ${SEED}; answers: ${histogram}`).toEqual([]);
    expect(sent, `time budget of ${BUDGET_MS} ms ran out (seed ${SEED}; answers: ${histogram})`).toBe(REQUESTS);
    // The run reached the handlers, not only the guards, and the bridge is still well afterwards.
    expect(statuses.get(200)! + (statuses.get(201) ?? 0)).toBeGreaterThan(REQUESTS / 20);
    expect((await fetch(`${bridge.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${bridge.url}/api/projects/${world.projectId}`, { headers: { Authorization: `Bearer ${world.key}` } })).status).toBe(200);
  }, 240_000);
});
