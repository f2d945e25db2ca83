<?php
/**
 * The syncs the site runs, each as its named steps: the full sync (REST, one batch per call) and the sync of
 * given posts (REST, and the deferred queue run by shutdown or cron). Besides sending content, they bring the site
 * and the bridge back in step on implementations: rollbacks made through the bridge's API are replayed on the
 * site, and implementations left pending by a failed implement call are reconciled. Each call of the full sync also
 * counts the links of the next batch of posts (Link_Count_Run: the same batches and lock as Link health's count), so
 * that a sync run to its end leaves every post counted.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Sync;

use Interlinker\Bridge\Project_Api;
use Interlinker\Implement\Bridge_Rollback_Replay;
use Interlinker\Implement\Implementation_Reconciler;
use Interlinker\Implement\Reconciled_Implementation;
use Interlinker\Links\Link_Count_Run;
use WP_Error;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Site_Sync {

	public function __construct(
		private readonly Project_Api $api,
		private readonly Sync_Service $content_sync,
		private readonly Project_Settings_Push $exclusions,
		private readonly Bridge_Rollback_Replay $rollback_replay,
		private readonly Implementation_Reconciler $reconciler,
		private readonly Link_Count_Run $link_count,
	) {}

	/**
	 * One batch of the full sync, and one batch of the site-wide link count (at most: none once it is complete).
	 * The first call (no cursor) first connects the project, sends the excluded paths, replays every bridge rollback
	 * and reconciles; the others only send content. Once the content is sent, the calls only count (a `counting`
	 * cursor) until the count is complete: the last answer is `done` when both are.
	 */
	public function full_sync_batch( ?string $cursor ): Sync_Result|WP_Error {
		$sent = $this->send_content( $cursor );
		Last_Sync_Errors::record( $sent );
		if ( is_wp_error( $sent ) ) {
			return $sent;
		}
		$this->link_count->run_batch();
		$counting = new Sync_Cursor( 0, $sent->total, $sent->synced, $sent->failed, $sent->skipped, true );
		return $sent->with_link_counts( $this->link_count->progress(), $counting->encode() );
	}

	private function send_content( ?string $cursor ): Sync_Result|WP_Error {
		if ( null !== $cursor && '' !== $cursor ) {
			$position = Sync_Cursor::decode( $cursor );
			if ( is_wp_error( $position ) ) {
				return $position;
			}
			// The content is all sent: this call only counts links.
			if ( $position->counting ) {
				return new Sync_Result( $position->synced, $position->failed, $position->skipped, $position->total, true, null, array() );
			}
			return $this->content_sync->send_batch( $cursor );
		}
		$project_id = $this->api->project_id( true );
		if ( is_wp_error( $project_id ) ) {
			return $project_id;
		}
		$pushed = $this->exclusions->push();
		if ( is_wp_error( $pushed ) ) {
			return $pushed;
		}
		$reverted = $this->rollback_replay->replay_all();
		if ( is_wp_error( $reverted ) ) {
			return $reverted;
		}
		$reconciled = $this->reconciler->reconcile();
		if ( null !== $reconciled->error ) {
			return $reconciled->error;
		}
		$sent = $this->content_sync->send_batch( null );
		return is_wp_error( $sent ) ? $sent : $sent->with_implementation_steps( $reverted, $reconciled->settled );
	}

	/**
	 * Syncs these posts now. First replays the bridge rollbacks of implementations applied to them (one list
	 * call), so that the content sent is the content kept; afterwards reconciles the unreported implementations.
	 *
	 * @param int[]                 $post_ids
	 * @param array<string, string> $gone_urls URL → title, for posts already deleted.
	 */
	public function sync_posts( array $post_ids, array $gone_urls = array() ): Sync_Result|WP_Error {
		$synced = $this->send_posts( $post_ids, $gone_urls );
		Last_Sync_Errors::record( $synced );
		return $synced;
	}

	/**
	 * @param int[]                 $post_ids
	 * @param array<string, string> $gone_urls
	 */
	private function send_posts( array $post_ids, array $gone_urls ): Sync_Result|WP_Error {
		$exclusions = $this->exclusions->push_if_outdated();
		if ( is_wp_error( $exclusions ) ) {
			return $exclusions;
		}
		$reverted = $this->rollback_replay->replay_for_posts( $post_ids );
		if ( is_wp_error( $reverted ) ) {
			return $reverted;
		}
		$sent = $this->content_sync->send_posts( $post_ids, $gone_urls );
		if ( is_wp_error( $sent ) ) {
			return $sent;
		}
		return $sent->with_implementation_steps( $reverted, $this->reconcile_after_send() );
	}

	/**
	 * The pages are in: an error here only leaves the rest for the next sync or the explicit retry.
	 *
	 * @return Reconciled_Implementation[]
	 */
	private function reconcile_after_send(): array {
		return $this->reconciler->reconcile()->settled;
	}
}
