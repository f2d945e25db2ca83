<?php
/**
 * POST /sync (full sync one batch per call, or given posts) and /sync/queue (the deferred sync queue).
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Rest;

use Interlinker\Access\Contributor_Budget;
use Interlinker\Settings\Setup_State;
use Interlinker\Sync\Sync_Queue;
use Interlinker\Sync\Site_Sync;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Sync_Controller extends Rest_Controller {

	public function __construct(
		private readonly Site_Sync $sync,
		private readonly Sync_Queue $queue,
		Contributor_Budget $budget,
		private readonly Setup_State $setup,
	) {
		parent::__construct();
		$this->budget    = $budget;
		$this->rest_base = 'sync';
	}

	public function register_routes(): void {
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base,
			array(
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => array( $this, 'create_item' ),
					'permission_callback' => array( $this, 'sync_permissions_check' ),
					'args'                => Rest_Schemas::sync_args(),
				),
				'schema' => array( $this, 'get_public_item_schema' ),
			)
		);
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base . '/queue',
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( $this, 'get_queue' ),
					'permission_callback' => array( $this, 'manage_site_permission' ),
					'args'                => array(),
				),
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => array( $this, 'run_queue' ),
					'permission_callback' => array( $this, 'manage_site_permission' ),
					'args'                => array(),
				),
				// A route publishes one schema: the queue, as GET answers it. POST answers interlinker-sync-queue-run,
				// which is this route's schema under `pending` added to POST /sync's.
				'schema' => array( Rest_Schemas::class, 'sync_queue' ),
			)
		);
	}

	/**
	 * Rule: the full sync needs manage_options; syncing given posts needs the right to edit each of them.
	 *
	 * @param WP_REST_Request $request The request.
	 */
	public function sync_permissions_check( $request ): bool|WP_Error {
		$post_ids = $request->get_param( 'postIds' );
		if ( ! is_array( $post_ids ) ) {
			return $this->manage_site_permission( $request );
		}
		$allowed = $this->edit_posts_permission( $request );
		return true === $allowed ? self::require_edit_posts( array_map( 'intval', $post_ids ) ) : $allowed;
	}

	/**
	 * @param WP_REST_Request $request The request.
	 */
	public function create_item( $request ): WP_REST_Response|WP_Error {
		$post_ids = $request->get_param( 'postIds' );
		// Given posts draw one call on the user's hourly budget (at most 500 posts, in one batch unless very large).
		$charged = is_array( $post_ids ) ? $this->charge_bridge_calls() : true;
		if ( true !== $charged ) {
			return $charged;
		}
		$result = is_array( $post_ids )
			? $this->sync->sync_posts( array_values( array_unique( array_map( 'intval', $post_ids ) ) ) )
			: $this->sync->full_sync_batch( $request->get_param( 'cursor' ) );
		// The content is on the bridge once it is all sent, even while the same run still counts links.
		if ( ! is_array( $post_ids ) && ! is_wp_error( $result ) && $result->content_done() ) {
			$this->setup->content_synced();
		}
		return is_wp_error( $result ) ? $result : new WP_REST_Response( $result->to_rest() );
	}

	/**
	 * @param WP_REST_Request $request The request.
	 */
	public function get_queue( $request ): WP_REST_Response {
		return new WP_REST_Response( $this->queue->pending()->to_rest() );
	}

	/**
	 * @param WP_REST_Request $request The request.
	 */
	public function run_queue( $request ): WP_REST_Response|WP_Error {
		$result = $this->queue->run();
		return is_wp_error( $result ) ? $result : new WP_REST_Response( $result->to_rest() + array( 'pending' => $this->queue->pending()->to_rest() ) );
	}

	/**
	 * @return array<string, mixed>
	 */
	public function get_item_schema(): array {
		$this->schema ??= Rest_Schemas::sync_result();
		return $this->add_additional_fields_schema( $this->schema );
	}
}
