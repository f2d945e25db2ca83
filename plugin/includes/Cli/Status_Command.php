<?php
/**
 * `wp interlinker status`: whether the bridge answers, this site's project, how much of the site it has, what waits
 * to be synced or reported, and the latest sync errors.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Cli;

use Interlinker\Access\Capability_Rules;
use Interlinker\Bridge\Project_Api;
use Interlinker\Content\Site_Content;
use Interlinker\Implement\Implementation_Reconciler;
use Interlinker\Settings\Connection_Check;
use Interlinker\Settings\Connection_Result;
use Interlinker\Settings\Settings;
use Interlinker\Sync\Last_Sync_Errors;
use Interlinker\Sync\Sync_Queue;
use WP_CLI;
use WP_Error;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Status_Command {

	public function __construct(
		private readonly Settings $settings,
		private readonly Connection_Check $connection,
		private readonly Project_Api $api,
		private readonly Site_Content $content,
		private readonly Sync_Queue $queue,
		private readonly Implementation_Reconciler $reconciler,
	) {}

	/**
	 * Shows whether the bridge answers, this site's project, how many posts it has, and what waits.
	 *
	 * Fields: bridge_url, bridge (its version, or why it cannot be reached), project, posts_synced (of the posts Interlinker sends), generation (the bridge's background generation), sync_queue (saved posts not sent yet), unreported_implementations (implementations the bridge has not been told the outcome of), last_sync (when a sync last went through) and last_errors (what the latest sync that failed said). Exits with 1 when the bridge cannot be reached, and when the plugin is not configured yet (the report then says what to set, and where).
	 *
	 * ## OPTIONS
	 *
	 * [--format=<format>]
	 * : How to show the status.
	 * ---
	 * default: table
	 * options:
	 *   - table
	 *   - json
	 *   - yaml
	 * ---
	 *
	 * ## EXAMPLES
	 *
	 *     $ wp interlinker status
	 *     $ wp interlinker status --format=json
	 *
	 * @param string[]             $args       None.
	 * @param array<string, mixed> $assoc_args The options.
	 */
	public function __invoke( array $args, array $assoc_args ): void {
		// What the settings screen shows (the bridge's address, its errors): on a network, network administrators only.
		Command_Output::or_exit( Capability_Rules::require_capability( Settings::capability() ) );
		$setup_needed = $this->settings->setup_needed();
		// Not configured, the connection test would only say the first thing missing: the report says all of it.
		$connection = null === $setup_needed ? $this->connection->run() : new WP_Error( 'interlinker_not_configured', $setup_needed );
		$project_id = is_wp_error( $connection ) ? ( $this->settings->project()['id'] ?? null ) : $connection->project_id;
		$pending    = $this->queue->pending();
		$last       = Last_Sync_Errors::read();
		Command_Output::item(
			$assoc_args,
			array(
				'bridge_url'                 => '' === $this->settings->bridge_url() ? __( '(not set)', 'interlinker' ) : $this->settings->bridge_url(),
				'bridge'                     => self::bridge( $connection, $setup_needed ),
				'project'                    => $project_id ?? ( null === $setup_needed ? __( 'none yet: wp interlinker sync --all creates it', 'interlinker' ) : __( 'none', 'interlinker' ) ),
				/* translators: 1: posts the bridge has, 2: posts Interlinker sends. */
				'posts_synced'               => sprintf( __( '%1$d of %2$d', 'interlinker' ), $this->content->synced_count(), $this->content->count() ),
				'generation'                 => null === $project_id || is_wp_error( $connection ) ? '' : $this->generation(),
				/* translators: 1: posts waiting, 2: deleted posts waiting. */
				'sync_queue'                 => sprintf( __( '%1$d posts, %2$d deleted posts', 'interlinker' ), count( $pending->post_ids ), count( $pending->gone_urls ) ),
				'unreported_implementations' => count( $this->reconciler->waiting() ),
				'last_sync'                  => $last['succeededAt'] ?? __( 'never', 'interlinker' ),
				'last_errors'                => self::errors( $last ),
			)
		);
		if ( is_wp_error( $connection ) ) {
			WP_CLI::error( Command_Output::plain( $connection->get_error_message() ) );
		}
	}

	private static function bridge( Connection_Result|WP_Error $connection, ?string $setup_needed ): string {
		if ( null !== $setup_needed ) {
			/* translators: %s: what to configure, and where. */
			return sprintf( __( 'not configured: %s', 'interlinker' ), $setup_needed );
		}
		return is_wp_error( $connection )
			/* translators: %s: why the bridge cannot be reached. */
			? sprintf( __( 'unreachable: %s', 'interlinker' ), $connection->get_error_message() )
			/* translators: %s: the bridge's version. */
			: sprintf( __( 'connected (version %s)', 'interlinker' ), $connection->bridge_version );
	}

	private function generation(): string {
		$progress = $this->api->generation();
		if ( $progress instanceof WP_Error ) {
			return $progress->get_error_message();
		}
		/* translators: 1: idle or generating, 2: pages generated, 3: pages in the run. */
		return sprintf( __( '%1$s, %2$d of %3$d pages', 'interlinker' ), $progress->state, $progress->generated_pages, $progress->total_pages );
	}

	/**
	 * @param array{succeededAt: ?string, failedAt: ?string, errors: array<int, array{postId: int, url: string, code: string, message: string}>} $last
	 */
	private static function errors( array $last ): string {
		if ( null === $last['failedAt'] || array() === $last['errors'] ) {
			return __( 'none', 'interlinker' );
		}
		$lines = array();
		foreach ( $last['errors'] as $error ) {
			$lines[] = ( '' === $error['url'] ? '' : $error['url'] . ': ' ) . $error['message'];
		}
		return $last['failedAt'] . ' ' . implode( '; ', $lines );
	}
}
