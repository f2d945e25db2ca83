import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RestSyncQueue, RestSyncQueueRun } from '../../admin-ui/src/api/rest-types.js';
import { type PluginSite, schemaMisfits, startPluginSite, syncQueueRunMisfits } from './support/plugin-site.js';

/**
 * PHP that times `$work( $content )` on content of n and 8n repetitions of `$unit` and returns how many times
 * longer the larger took: about 8 when linear, 64 when quadratic. Best of five runs each, alternated, after a warm-up:
 * the wide gap between the two keeps a loaded machine's noise (a few times either run) from deciding.
 */
const growth = (unit: string, work: string, n: number) => `
  $work = ${work};
  $time = static function ( string $content ) use ( $work ): float {
    $started = hrtime( true );
    $work( $content );
    return ( hrtime( true ) - $started ) / 1e6;
  };
  $small = str_repeat( ${JSON.stringify(unit)}, ${n} );
  $large = str_repeat( ${JSON.stringify(unit)}, ${8 * n} );
  $time( $small );
  $best_small = INF;
  $best_large = INF;
  for ( $i = 0; $i < 5; $i++ ) {
    $best_small = min( $best_small, $time( $small ) );
    $best_large = min( $best_large, $time( $large ) );
  }
  return array( 'ratio' => $best_large / max( $best_small, 0.05 ), 'smallMs' => $best_small, 'largeMs' => $best_large );`;

interface Growth {
  ratio: number;
  smallMs: number;
  largeMs: number;
}

describe('work in PHP grows linearly with the post, and the sync queue loses nothing', () => {
  let site: PluginSite;
  const barrier = path.resolve('.tmp/plugin-unbounded-barrier');

  beforeAll(async () => {
    site = await startPluginSite({ name: 'plugin-unbounded' });
  });

  afterAll(async () => {
    await site?.stop();
    rmSync(barrier, { recursive: true, force: true });
  });

  it.each([
    ['Shortcode_Spans on unclosed [x] tokens', '[x] ', 'static fn( string $c ) => Interlinker\\Html\\Shortcode_Spans::in( $c )'],
    ['Visible_Text on text between [x] tokens', '[x] a word ', "static fn( string $c ) => Interlinker\\Html\\Visible_Text::of( '<p>' . $c . '</p>', array() )"],
    ['the payload sent on sync for [x] tokens', '[x] ', 'static fn( string $c ) => Interlinker\\Html\\Shortcode_Spans::strip( $c )'],
    ['Shortcode_Spans on attributes holding "["', '[a b=[ ', 'static fn( string $c ) => Interlinker\\Html\\Shortcode_Spans::in( $c )'],
    ['Shortcode_Spans on quotes never closed', '[a b=" ] ', 'static fn( string $c ) => Interlinker\\Html\\Shortcode_Spans::in( $c )'],
    ['Shortcode_Spans on escaped [[a]] tags', '[[a]] [/a] ', 'static fn( string $c ) => Interlinker\\Html\\Shortcode_Spans::in( $c )'],
    ['Block_Delimiters on JSON holding "-->"', '<!-- wp:p {"a":"-->"} --><p>x</p>', 'static fn( string $c ) => Interlinker\\Html\\Block_Delimiters::in( $c )'],
    ['Block_Delimiters on JSON never closed', '<!-- wp:p {"a":"x -->', 'static fn( string $c ) => Interlinker\\Html\\Block_Delimiters::in( $c )'],
    // 29 bytes a unit, each one a comment and a paragraph: fewer of them make as large a post.
    ['Visible_Text on block JSON never closed', '<!-- wp:p {"a":"x --><p>y</p>', "static fn( string $c ) => Interlinker\\Html\\Visible_Text::of( $c, array() )", 4_000],
  ])('when a post holds tens of thousands of tokens, then %s takes time linear in them', async (_name, unit, work, units = 20_000) => {
    const measured = await site.php<Growth>(growth(unit, work, units));

    // Linear is about 8 (a little more: memory caches), quadratic about 64; the bound leaves room for a busy machine.
    expect(measured.ratio, JSON.stringify(measured)).toBeLessThan(24);
  });

  it('when many posts are saved at the same moment, then every one of them is in the sync queue', async () => {
    const count = 12;
    const ids: number[] = [];
    for (let i = 0; i < count; i++) ids.push(await site.createPost({ title: `Post ${i}`, content: `<p>Body ${i}.</p>` }));
    await site.php(`global $wpdb; $wpdb->query( "DELETE FROM {$wpdb->options} WHERE option_name LIKE 'interlinker\\\\_s%'" ); wp_cache_flush(); return true;`);
    rmSync(barrier, { recursive: true, force: true });
    mkdirSync(barrier, { recursive: true });

    // Each save in its own PHP process; all wait at a barrier, then save together. Queue reads and writes are
    // slowed a little so that their windows overlap, as under load; the shutdown send is off so entries stay.
    await Promise.all(
      ids.map((id) =>
        site.php(`
          $queue = Interlinker\\Plugin::instance()->queue;
          remove_action( 'shutdown', array( $queue, 'run_at_shutdown' ) );
          add_filter( 'query', static function ( $query ) { if ( str_contains( $query, 'interlinker_s' ) ) { usleep( 30000 ); } return $query; } );
          touch( '${barrier}/${id}' );
          while ( count( glob( '${barrier}/*' ) ) < ${count} ) { usleep( 1000 ); }
          return wp_update_post( array( 'ID' => ${id}, 'post_title' => 'Saved ${id}' ) );`),
      ),
    );
    const pending = await site.admin.json<RestSyncQueue>('/interlinker/v1/sync/queue');

    expect([...pending.body.postIds].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    await site.admin.json('/interlinker/v1/sync/queue', { method: 'POST' });
  });

  it('when more posts are queued than one run sends, then a run sends the oldest, keeps the rest and schedules the next run', async () => {
    await site.admin.json('/interlinker/v1/sync/queue', { method: 'POST' });
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await site.createPost({ title: `Queued ${i}`, content: `<p>Queued body ${i}.</p>` }));
    const runWithSizeTwo = (): Promise<unknown> =>
      site.php(`
        $queue = Interlinker\\Plugin::instance()->queue;
        remove_action( 'shutdown', array( $queue, 'run_at_shutdown' ) );
        add_filter( 'interlinker_sync_queue_run_size', static fn () => 2 );
        wp_clear_scheduled_hook( Interlinker\\Sync\\Sync_Queue::CRON_HOOK );
        $result = $queue->run();
        return array( 'synced' => is_wp_error( $result ) ? -1 : $result->synced, 'next' => false !== wp_next_scheduled( Interlinker\\Sync\\Sync_Queue::CRON_HOOK ) );`);
    await site.php(`
      $queue = Interlinker\\Plugin::instance()->queue;
      remove_action( 'shutdown', array( $queue, 'run_at_shutdown' ) );
      foreach ( array( ${ids.join(', ')} ) as $id ) { $queue->add_post( $id ); }
      return true;`);

    const first = await runWithSizeTwo();
    const afterFirst = await site.admin.json<RestSyncQueue>('/interlinker/v1/sync/queue');
    await runWithSizeTwo();
    const last = await runWithSizeTwo();
    const afterLast = await site.admin.json<RestSyncQueue>('/interlinker/v1/sync/queue');

    expect(first).toEqual({ synced: 2, next: true });
    expect([...afterFirst.body.postIds].sort((a, b) => a - b)).toEqual(ids.slice(2));
    expect(last).toEqual({ synced: 1, next: false });
    expect(afterLast.body.postIds).toEqual([]);
  });

  it('when the queue run dies while sending (a time limit, a fatal error), then its entries are still queued', async () => {
    const id = await site.createPost({ title: 'Dies while sent', content: '<p>Body.</p>' });
    await site.admin.json('/interlinker/v1/sync/queue', { method: 'POST' });

    await site.php(`
      $queue = Interlinker\\Plugin::instance()->queue;
      remove_action( 'shutdown', array( $queue, 'run_at_shutdown' ) );
      $queue->add_post( ${id} );
      // The request ends as max_execution_time would end it: in the middle of the bridge call.
      add_filter( 'pre_http_request', static function ( $pre, $args, $url ) { if ( str_contains( $url, '/pages/batch' ) ) { echo "\\n@@JSON@@true"; exit; } return $pre; }, 10, 3 );
      $queue->run();
      return false;`);
    const pending = await site.admin.json<RestSyncQueue>('/interlinker/v1/sync/queue');
    const run = await site.admin.json<RestSyncQueueRun>('/interlinker/v1/sync/queue', { method: 'POST' });

    expect(pending.body.postIds).toContain(id);
    expect(run.body.synced).toBeGreaterThanOrEqual(1);
    expect(run.body.pending.postIds).toEqual([]);
    expect(await schemaMisfits(site.admin, '/interlinker/v1/sync/queue', pending)).toEqual([]);
    expect(await syncQueueRunMisfits(site.admin, run)).toEqual([]);
  });
});
