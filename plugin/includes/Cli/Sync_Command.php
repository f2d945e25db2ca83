<?php
/**
 * `wp interlinker sync`: the full sync, the sync of given posts, or the deferred queue, with a progress bar and a
 * summary. The same syncs as wp-admin's "Sync all content" and the REST route, run to their end in one process.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Cli;

use Interlinker\Access\Capability_Rules;
use Interlinker\Access\Contributor_Budget;
use Interlinker\Content\Site_Content;
use Interlinker\Settings\Settings;
use Interlinker\Settings\Setup_State;
use Interlinker\Sync\Page_Sync_Error;
use Interlinker\Sync\Site_Sync;
use Interlinker\Sync\Sync_Queue;
use Interlinker\Sync\Sync_Result;
use WP_CLI;
use WP_CLI\Utils;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Sync_Command {

	/** Posts per call when syncing given posts (the REST route takes at most 500). */
	private const POSTS_PER_CALL = 100;

	public function __construct(
		private readonly Site_Sync $sync,
		private readonly Sync_Queue $queue,
		private readonly Site_Content $content,
		private readonly Setup_State $setup,
		private readonly Contributor_Budget $budget,
		private readonly Settings $settings,
	) {}

	/**
	 * Sends posts to the bridge: all of them, the given ones, or those waiting in the sync queue.
	 *
	 * The full sync also replays rollbacks made through the bridge's API, settles implementations left unreported, and counts every post's links, as "Sync all content" in wp-admin does. Pages the bridge refuses are listed as warnings; the command then exits with 1.
	 *
	 * ## OPTIONS
	 *
	 * [--all]
	 * : Send every published post of the chosen post types (the full sync). Needs manage_options.
	 *
	 * [--post=<ids>]
	 * : Send these posts now: post IDs, comma-separated. Needs the right to edit each of them.
	 *
	 * ## EXAMPLES
	 *
	 *     # The first sync of a site, or after changing which posts Interlinker reads.
	 *     $ wp interlinker sync --all
	 *
	 *     # Send two posts now.
	 *     $ wp interlinker sync --post=12,15
	 *
	 *     # Send what the sync queue holds (cron does this too).
	 *     $ wp interlinker sync
	 *
	 * @param string[]             $args       None.
	 * @param array<string, mixed> $assoc_args The options.
	 */
	public function __invoke( array $args, array $assoc_args ): void {
		$all   = (bool) Utils\get_flag_value( $assoc_args, 'all', false );
		$posts = isset( $assoc_args['post'] ) ? (string) $assoc_args['post'] : null;
		if ( $all && null !== $posts ) {
			WP_CLI::error( __( 'Give either --all or --post, not both.', 'interlinker' ) );
		}
		$ids = null === $posts ? array() : Command_Output::post_ids( $posts );
		Command_Output::or_exit( null === $posts ? Capability_Rules::require_capability( 'manage_options' ) : Capability_Rules::require_edit_posts( $ids ) );
		// An empty queue would otherwise "succeed" on a site that cannot send anything.
		$setup_needed = $this->settings->setup_needed();
		if ( null !== $setup_needed ) {
			WP_CLI::error( $setup_needed );
		}
		if ( null !== $posts ) {
			$this->summarize( $this->sync_posts( $ids ) );
			return;
		}
		$this->summarize( $all ? $this->full_sync() : $this->run_queue() );
	}

	/**
	 * Every batch of the full sync, to its end (the content, then the link count).
	 *
	 * @return array{synced: int, failed: int, skipped: int, errors: Page_Sync_Error[]}
	 */
	private function full_sync(): array {
		$progress = Utils\make_progress_bar( __( 'Syncing posts', 'interlinker' ), $this->content->count() );
		$cursor   = null;
		$ticked   = 0;
		$errors   = array();
		do {
			$result = $this->sync->full_sync_batch( $cursor );
			if ( is_wp_error( $result ) ) {
				$progress->finish();
				Command_Output::or_exit( $result );
			}
			$sent = $result->synced + $result->failed + $result->skipped;
			$progress->tick( max( 0, $sent - $ticked ) );
			$ticked = $sent;
			array_push( $errors, ...$result->errors );
			if ( $result->content_done() ) {
				$this->setup->content_synced();
			}
			$cursor = $result->cursor;
		} while ( ! $result->done && null !== $cursor );
		$progress->finish();
		return array(
			'synced'  => $result->synced,
			'failed'  => $result->failed,
			'skipped' => $result->skipped,
			'errors'  => $errors,
		);
	}

	/**
	 * @param int[] $ids
	 * @return array{synced: int, failed: int, skipped: int, errors: Page_Sync_Error[]}
	 */
	private function sync_posts( array $ids ): array {
		$progress = Utils\make_progress_bar( __( 'Syncing posts', 'interlinker' ), count( $ids ) );
		$totals   = self::nothing();
		foreach ( array_chunk( $ids, self::POSTS_PER_CALL ) as $chunk ) {
			// Each call is one on the user's hourly budget, as POST /sync with postIds counts it.
			$result = $this->budget->charge();
			$result = true === $result ? $this->sync->sync_posts( $chunk ) : $result;
			if ( is_wp_error( $result ) ) {
				$progress->finish();
				Command_Output::or_exit( $result );
			}
			$totals = self::add( $totals, $result );
			$progress->tick( count( $chunk ) );
		}
		$progress->finish();
		return $totals;
	}

	/**
	 * The queue, run after run until it is empty (each run sends at most a few hundred entries).
	 *
	 * @return array{synced: int, failed: int, skipped: int, errors: Page_Sync_Error[]}
	 */
	private function run_queue(): array {
		$pending  = $this->queue->pending();
		$waiting  = count( $pending->post_ids ) + count( $pending->gone_urls );
		$progress = Utils\make_progress_bar( __( 'Syncing the queue', 'interlinker' ), $waiting );
		$totals   = self::nothing();
		while ( $waiting > 0 ) {
			$result = $this->queue->run();
			if ( is_wp_error( $result ) ) {
				$progress->finish();
				Command_Output::or_exit( $result );
			}
			$totals  = self::add( $totals, $result );
			$pending = $this->queue->pending();
			$left    = count( $pending->post_ids ) + count( $pending->gone_urls );
			$progress->tick( max( 0, $waiting - $left ) );
			// A run that took nothing off the queue would be repeated forever: what is left waits for cron.
			$waiting = $left < $waiting ? $left : 0;
		}
		$progress->finish();
		return $totals;
	}

	/**
	 * @param array{synced: int, failed: int, skipped: int, errors: Page_Sync_Error[]} $totals
	 */
	private function summarize( array $totals ): void {
		foreach ( $totals['errors'] as $error ) {
			/* translators: 1: the page's URL, 2: why the bridge refused it. */
			WP_CLI::warning( Command_Output::plain( sprintf( __( '%1$s: %2$s', 'interlinker' ), $error->url, $error->message ) ) );
		}
		/* translators: 1: posts sent, 2: posts refused, 3: posts left out. */
		$summary = sprintf( __( '%1$d sent, %2$d failed, %3$d skipped.', 'interlinker' ), $totals['synced'], $totals['failed'], $totals['skipped'] );
		if ( $totals['failed'] > 0 ) {
			/* translators: %s: the counts of the sync. */
			WP_CLI::error( sprintf( __( 'The bridge refused some pages: %s', 'interlinker' ), $summary ) );
		}
		/* translators: %s: the counts of the sync. */
		WP_CLI::success( sprintf( __( 'Synced: %s', 'interlinker' ), $summary ) );
	}

	/**
	 * @return array{synced: int, failed: int, skipped: int, errors: Page_Sync_Error[]}
	 */
	private static function nothing(): array {
		return array(
			'synced'  => 0,
			'failed'  => 0,
			'skipped' => 0,
			'errors'  => array(),
		);
	}

	/**
	 * @param array{synced: int, failed: int, skipped: int, errors: Page_Sync_Error[]} $totals
	 * @return array{synced: int, failed: int, skipped: int, errors: Page_Sync_Error[]}
	 */
	private static function add( array $totals, Sync_Result $result ): array {
		return array(
			'synced'  => $totals['synced'] + $result->synced,
			'failed'  => $totals['failed'] + $result->failed,
			'skipped' => $totals['skipped'] + $result->skipped,
			'errors'  => array_merge( $totals['errors'], $result->errors ),
		);
	}
}
