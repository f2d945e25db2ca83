/**
 * `npm run demo`: a real WordPress (Debian's 6.8 on a private MariaDB) with the Interlinker plugin active, the
 * bridge running beside it, sample posts synced and suggestions generated, ready to review in wp-admin.
 * Everything stops on Ctrl+C.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type BridgeProcess, startBridgeProcess } from '../test/support/bridge-process.js';
import { startWordPress, type WordPressStack } from '../test/support/wordpress.js';
import { wpPaths } from '../test/support/wp-paths.js';
import { runCommand } from '../test/support/wp-processes.js';
import { blockContent, DEMO_MU_PLUGIN, DEMO_POSTS, demoMeta } from './demo-content.js';

interface SyncAnswer {
  synced: number;
  total: number;
  done: boolean;
  cursor: string | null;
}

function phpString(value: string): string {
  return `base64_decode('${Buffer.from(value, 'utf8').toString('base64')}')`;
}

async function ensureSystem(): Promise<void> {
  if (!existsSync('/usr/bin/php') || !existsSync('/usr/sbin/mariadbd')) {
    console.log('Installing PHP and MariaDB (Debian packages)…');
    await runCommand('bash', [path.join(wpPaths.repoRoot, 'scripts/install-system-deps.sh')]);
  }
}

async function seed(wp: WordPressStack): Promise<number[]> {
  const muPlugins = path.join(wp.siteDir, 'wp-content/mu-plugins');
  mkdirSync(muPlugins, { recursive: true });
  writeFileSync(path.join(muPlugins, 'interlinker-demo.php'), `<?php\n${DEMO_MU_PLUGIN}\n`);
  const posts = DEMO_POSTS.map((post) => ({ title: post.title, type: post.type ?? 'post', content: blockContent(post), meta: demoMeta(post) }));
  const output = await wp.wpPhp(`
    $ids = array();
    foreach ( json_decode( ${phpString(JSON.stringify(posts))}, true ) as $post ) {
      $id = wp_insert_post( wp_slash( array( 'post_title' => $post['title'], 'post_type' => $post['type'], 'post_status' => 'publish', 'post_content' => $post['content'] ) ) );
      foreach ( $post['meta'] as $key => $value ) {
        update_post_meta( $id, $key, wp_slash( $value ) );
      }
      $ids[] = $id;
    }
    echo "\\n" . wp_json_encode( $ids );`);
  return JSON.parse(output.trim().split('\n').at(-1)!) as number[];
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '8889' },
      'db-port': { type: 'string', default: '3309' },
    },
  });
  await ensureSystem();

  let bridge: BridgeProcess | undefined;
  let wp: WordPressStack | undefined;
  let stopping = false;
  const stop = async () => {
    stopping = true;
    await wp?.stop();
    if (bridge) {
      // Ctrl+C reaches the bridge too; once it has died of the signal, dispose() may wait for an exit already past.
      await Promise.race([bridge.dispose(), new Promise((resolve) => setTimeout(resolve, 5000))]);
      rmSync(path.dirname(bridge.dbFile), { recursive: true, force: true });
    }
  };
  process.once('SIGINT', () => void stop().then(() => process.exit(0)));
  process.once('SIGTERM', () => void stop().then(() => process.exit(0)));
  // Without its bridge the demo is no demo: stop WordPress and MariaDB too, and say why.
  const bridgeDied = (reason: string) => {
    // Ctrl+C reaches the bridge too: that is no death to report.
    if (stopping) return;
    console.error(`\nThe bridge stopped (${reason}). Stopping WordPress and MariaDB.`);
    void stop().then(() => process.exit(1));
  };

  try {
    console.log('Starting the bridge…');
    bridge = await startBridgeProcess();
    bridge.onUnexpectedExit(bridgeDied);
    console.log('Starting WordPress with the Interlinker plugin…');
    wp = await startWordPress({
      name: 'demo',
      port: Number(values.port),
      dbPort: Number(values['db-port']),
      pluginDir: path.join(wpPaths.repoRoot, 'plugin'),
      title: 'Crumb & Crust',
    });
    const admin = await wp.rest('administrator');

    // Stored through the settings route, as a site owner would (the key stays in the database, server side).
    const settings = await admin.json('/interlinker/v1/settings', { method: 'POST', body: { bridgeUrl: bridge.url, apiKey: bridge.apiKey } });
    if (settings.status !== 200) throw new Error(`saving the settings failed: ${JSON.stringify(settings.body)}`);

    console.log('Adding sample posts and syncing them…');
    const ids = await seed(wp);
    let cursor: string | null = null;
    let answer: SyncAnswer;
    do {
      const response: { status: number; body: SyncAnswer } = await admin.json<SyncAnswer>('/interlinker/v1/sync', {
        method: 'POST',
        body: cursor ? { cursor } : {},
      });
      if (response.status !== 200) throw new Error(`sync failed: ${JSON.stringify(response.body)}`);
      answer = response.body;
      cursor = answer.cursor;
    } while (!answer.done);

    let suggestions = 0;
    for (const id of ids) {
      const generated = await admin.json<unknown[]>(`/interlinker/v1/suggestions?post_id=${id}&generate=1&per_page=100`);
      if (generated.status === 200) suggestions += generated.body.length;
    }

    console.log(`
Interlinker demo is running.

  WordPress admin   ${wp.url}/wp-admin/admin.php?page=interlinker
  Log in as         ${wp.adminUser} / ${wp.adminPassword}
  Site              ${wp.url}/
  Bridge            ${bridge.url} (its API key is stored in WordPress, server side)

  ${answer.synced} pages synced, ${suggestions} suggestions waiting for review.
  Approve some under Interlinker → Suggestions, implement them, then roll back under Implementations.
  Under Link health, "Find links to this post" on an orphan page suggests links to it from other posts.
  "Scoring Bread" has the Yoast SEO focus keyphrase "razor blade": Oven Spring's mention of it is a suggestion.
  "Sauerteig" and "Roggenbrot" are German (de-DE): suggested links only to each other.
  Search the suggestions by anchor or title, and download each list as CSV ("Download CSV").
  Translations: plugin/languages/interlinker.pot; a translator's .po becomes .mo/.json with npm run i18n:compile.

Press Ctrl+C to stop everything.`);
  } catch (error) {
    await stop();
    throw error;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
