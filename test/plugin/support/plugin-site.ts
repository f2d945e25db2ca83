import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BridgeProcess, startBridgeProcess } from '../../support/bridge-process.js';
import { type RestClient, startWordPress, type WordPressStack } from '../../support/wordpress.js';
import { freePort } from '../../support/wp-network.js';
import { type RestSchema, schemaProblems } from '../../support/json-schema.js';
import { type FaultProxy, startFaultProxy } from './fault-proxy.js';
import type { RestSyncResult } from '../../../admin-ui/src/api/rest-types.js';

const pluginDir = fileURLToPath(new URL('../../../plugin', import.meta.url));

export interface PluginSite {
  wp: WordPressStack;
  bridge: BridgeProcess;
  /** The administrator, over Application Password auth. */
  admin: RestClient;
  /** Runs PHP statements in the site; `return` a value and it comes back decoded from JSON. */
  php<T = unknown>(body: string): Promise<T>;
  /** Creates a post (published unless told otherwise) and returns its id. */
  createPost(post: { title: string; content: string; type?: string; status?: string; author?: string }): Promise<number>;
  content(postId: number): Promise<string>;
  /** Calls the bridge's own API with the site's key. */
  bridgeApi<T = unknown>(route: string, init?: { method?: string; body?: unknown }): Promise<{ status: number; body: T }>;
  projectId(): Promise<string>;
  /** Between WordPress and the bridge when `throughProxy` was asked for. */
  proxy: FaultProxy | undefined;
  stop(): Promise<void>;
}

export interface PluginSiteOptions {
  /** Names the stack folder (.tmp/<name>). */
  name: string;
  /** Configure through wp-config.php constants (default) or leave unconfigured. */
  configure?: 'constants' | 'none';
  /** PHP for a must-use plugin, e.g. filters a test needs. */
  muPlugin?: string;
  /** Put a fault-injecting proxy between WordPress and the bridge. */
  throughProxy?: boolean;
  /**
   * The lowest relevanceScore the plugin asks the bridge for (filter `interlinker_min_relevance_score`). Default 0:
   * the engine's calibrated threshold is tuned for real sites, and a test needs every suggestion its fixture makes
   * certain (a post naming another post's title in prose), not only those a tuned engine scores high.
   */
  minRelevanceScore?: number | null;
}

/** PHP string literal for any text: base64 so that quotes and backslashes need no escaping. */
export function phpString(value: string): string {
  return `base64_decode('${Buffer.from(value, 'utf8').toString('base64')}')`;
}

/** The real bridge plus a real WordPress with the plugin active and pointed at it. */
export async function startPluginSite(options: PluginSiteOptions): Promise<PluginSite> {
  const bridge = await startBridgeProcess();
  const proxy = options.throughProxy ? await startFaultProxy(() => bridge.url) : undefined;
  let wp: WordPressStack | undefined;
  try {
    wp = await startWordPress({
      name: options.name,
      port: await freePort(),
      dbPort: await freePort(),
      pluginDir,
      constants:
        options.configure === 'none' ? {} : { INTERLINKER_BRIDGE_URL: proxy?.url ?? bridge.url, INTERLINKER_API_KEY: bridge.apiKey },
    });
    const minScore = options.minRelevanceScore === undefined ? 0 : options.minRelevanceScore;
    const muPlugin = [
      minScore === null ? '' : `add_filter( 'interlinker_min_relevance_score', static fn() => ${minScore} );`,
      options.muPlugin ?? '',
    ].join('\n');
    const muDir = path.join(wp.siteDir, 'wp-content/mu-plugins');
    mkdirSync(muDir, { recursive: true });
    writeFileSync(path.join(muDir, 'interlinker-test.php'), `<?php\n${muPlugin}\n`);
  } catch (error) {
    await proxy?.close();
    await bridge.dispose();
    throw error;
  }
  const site = wp;
  const admin = await site.rest('administrator');

  const php = async <T>(body: string): Promise<T> => {
    const output = await site.wpPhp(`echo "\\n@@JSON@@" . wp_json_encode( ( function () { ${body} } )() );`);
    const marker = output.lastIndexOf('@@JSON@@');
    if (marker === -1) throw new Error(`PHP printed no result: ${output}`);
    return JSON.parse(output.slice(marker + 8)) as T;
  };

  const bridgeApi = async <T>(route: string, init: { method?: string; body?: unknown } = {}) => {
    const response = await fetch(`${bridge.url}${route}`, {
      method: init.method ?? 'GET',
      headers: { Authorization: `Bearer ${bridge.apiKey}`, ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    return { status: response.status, body: (await response.json()) as T };
  };

  return {
    wp: site,
    bridge,
    admin,
    php,
    async createPost({ title, content, type = 'post', status = 'publish', author = 'admin' }) {
      return php<number>(
        `$user = get_user_by( 'login', ${phpString(author)} );
         return wp_insert_post( wp_slash( array( 'post_title' => ${phpString(title)}, 'post_content' => ${phpString(content)}, 'post_type' => ${phpString(type)}, 'post_status' => ${phpString(status)}, 'post_author' => $user->ID ) ), true );`,
      );
    },
    content: (postId) => php<string>(`clean_post_cache( ${postId} ); return get_post( ${postId} )->post_content;`),
    bridgeApi,
    async projectId() {
      const projects = await bridgeApi<{ data: { id: string }[] }>('/api/projects');
      const id = projects.body.data[0]?.id;
      if (id === undefined) throw new Error('the bridge has no project yet');
      return id;
    },
    proxy,
    async stop() {
      await site.stop();
      await proxy?.close();
      await bridge.dispose();
    },
  };
}

/** Runs the full sync to the end, one call per batch, as wp-admin does. */
export async function fullSync(admin: RestClient): Promise<{ calls: number; last: SyncAnswer }> {
  let cursor: string | null = null;
  for (let calls = 1; calls < 1000; calls++) {
    const answer: { status: number; body: SyncAnswer } = await admin.json<SyncAnswer>('/interlinker/v1/sync', {
      method: 'POST',
      body: cursor === null ? {} : { cursor },
    });
    if (answer.status !== 200) throw new Error(`sync answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    if (answer.body.done) return { calls, last: answer.body };
    cursor = answer.body.cursor;
  }
  throw new Error('the sync never finished');
}

/** One answer of POST /interlinker/v1/sync: the shape generated from the plugin's REST schema. */
export type SyncAnswer = RestSyncResult;

export interface Suggestion {
  id: string;
  anchorText: string;
  context: string;
  status: string;
  sourcePostId: number;
  targetPostId: number;
  targetPageUrl: string;
}

/**
 * Generates suggestions for a post and approves the open ones (pending or already approved); returns them.
 * Suggestions an earlier test implemented or rejected are left alone.
 */
export async function approvedSuggestionsFor(admin: RestClient, postId: number): Promise<Suggestion[]> {
  const listed = await admin.json<Suggestion[]>(`/interlinker/v1/suggestions?post_id=${postId}&generate=1&per_page=100`);
  if (listed.status !== 200) throw new Error(`suggestions answered ${listed.status}: ${JSON.stringify(listed.body)}`);
  const open = listed.body.filter((s) => s.status === 'pending' || s.status === 'approved');
  for (const suggestion of open.filter((s) => s.status === 'pending')) {
    const patched = await admin.json(`/interlinker/v1/suggestions/${suggestion.id}`, { method: 'PATCH', body: { status: 'approved' } });
    if (patched.status !== 200) throw new Error(`approving answered ${patched.status}`);
  }
  return open.map((s) => ({ ...s, status: 'approved' }));
}

/**
 * Moves an implementation's suggestions back to pending on the bridge, as an editor may after undoing its links (undone
 * suggestions become rejected): for tests that insert the same post's links again after a rollback.
 */
export async function reopenSuggestionsOf(site: PluginSite, implementationId: string): Promise<void> {
  const projectId = await site.projectId();
  const implementation = await site.bridgeApi<{ data: { suggestionIds: string[] } }>(`/api/projects/${projectId}/implementations/${implementationId}`);
  for (const id of implementation.body.data.suggestionIds ?? []) {
    await site.bridgeApi(`/api/projects/${projectId}/suggestions/${id}`, { method: 'PATCH', body: { status: 'pending' } });
  }
}

/**
 * What in a 200 answer does not fit the schema its route publishes (OPTIONS on the route: the PHP schema the admin
 * UI's types are generated from); nothing for an error answer. A list route publishes the schema of one item, as
 * WordPress's own do: each item of a list answer is checked against it.
 */
export async function schemaMisfits(client: RestClient, route: string, answer: { status: number; body: unknown }): Promise<string[]> {
  if (answer.status !== 200) return [];
  const published = await client.json<{ schema?: RestSchema }>(route, { method: 'OPTIONS' });
  const schema = published.body.schema;
  if (!schema) return [`${route} publishes no schema`];
  return schemaProblems(answer.body, Array.isArray(answer.body) && schema.type === 'object' ? { type: 'array', items: schema } : schema);
}

/**
 * What in a 200 answer of POST /sync/queue (`interlinker-sync-queue-run`) does not fit. A route publishes one schema,
 * and /sync/queue's is the queue GET answers; the run's answer is POST /sync's answer plus that queue under
 * `pending`, so each part is checked against the schema its route publishes.
 */
export async function syncQueueRunMisfits(client: RestClient, answer: { status: number; body: unknown }): Promise<string[]> {
  if (answer.status !== 200) return [];
  const { pending, ...result } = answer.body as Record<string, unknown>;
  if (pending === undefined) return ['$.pending: missing'];
  const pendingMisfits = await schemaMisfits(client, '/interlinker/v1/sync/queue', { status: 200, body: pending });
  return [...(await schemaMisfits(client, '/interlinker/v1/sync', { status: 200, body: result })), ...pendingMisfits.map((problem) => problem.replace(/^\$/, '$.pending'))];
}
