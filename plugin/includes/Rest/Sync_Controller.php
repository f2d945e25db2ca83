<?php
/**
 * POST /sync (full sync one batch per call, or given posts) and /sync/queue (the deferred sync queue).
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Rest;

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
	) {
		parent::__construct();
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
					'args'                => array(
						'postIds' => array(
							'description' => __( 'Posts to sync now. Without it, one batch of the full sync.', 'interlinker' ),
							'type'        => 'array',
							'items'       => array(
								'type'    => 'integer',
								'minimum' => 1,
							),
							'minItems'    => 1,
							'maxItems'    => 500,
						),
						'cursor'  => array(
							'description' => __( 'The cursor the previous full-sync call returned.', 'interlinker' ),
							'type'        => array( 'string', 'null' ),
							'maxLength'   => 1000,
						),
					),
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
				),
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => array( $this, 'run_queue' ),
					'permission_callback' => array( $this, 'manage_site_permission' ),
				),
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
		$result   = is_array( $post_ids )
			? $this->sync->sync_posts( array_values( array_unique( array_map( 'intval', $post_ids ) ) ) )
			: $this->sync->full_sync_batch( $request->get_param( 'cursor' ) );
		return is_wp_error( $result ) ? $result : new WP_REST_Response( $result->to_rest() );
	}

	/**
	 * @param WP_REST_Request $request The request.
	 */
	public function get_queue( $request ): WP_REST_Response {
		return new WP_REST_Response( $this->queue->pending() );
	}

	/**
	 * @param WP_REST_Request $request The request.
	 */
	public function run_queue( $request ): WP_REST_Response|WP_Error {
		$result = $this->queue->run();
		return is_wp_error( $result ) ? $result : new WP_REST_Response( $result->to_rest() + array( 'pending' => $this->queue->pending() ) );
	}

	/**
	 * @return array<string, mixed>
	 */
	public function get_item_schema(): array {
		if ( $this->schema ) {
			return $this->add_additional_fields_schema( $this->schema );
		}
		$count        = array(
			'type'    => 'integer',
			'context' => array( 'view' ),
		);
		$this->schema = array(
			'$schema'    => 'http://json-schema.org/draft-04/schema#',
			'title'      => 'interlinker-sync-result',
			'type'       => 'object',
			'properties' => array(
				'synced'                    => $count + array( 'description' => __( 'Pages the bridge stored, over the whole run so far.', 'interlinker' ) ),
				'failed'                    => $count + array( 'description' => __( 'Pages the bridge refused, over the whole run so far.', 'interlinker' ) ),
				'skipped'                   => $count + array( 'description' => __( 'Posts that stand for no page: never synced and now unpublished or excluded.', 'interlinker' ) ),
				'total'                     => $count + array( 'description' => __( 'Posts the run covers.', 'interlinker' ) ),
				'done'                      => array(
					'type'    => 'boolean',
					'context' => array( 'view' ),
				),
				'cursor'                    => array(
					'type'    => array( 'string', 'null' ),
					'context' => array( 'view' ),
				),
				'errors'                    => array(
					'description' => __( 'Pages of this call the bridge refused, and why.', 'interlinker' ),
					'type'        => 'array',
					'context'     => array( 'view' ),
					'items'       => array(
						'type'       => 'object',
						'properties' => array(
							'postId'  => array( 'type' => 'integer' ),
							'url'     => array( 'type' => 'string' ),
							'code'    => array( 'type' => 'string' ),
							'message' => array( 'type' => 'string' ),
						),
					),
				),
				'revertedImplementations'   => array(
					'description' => __( 'On the first call of a full sync (all posts) and on a sync of given posts (theirs): implementations rolled back through the bridge whose links were taken out here.', 'interlinker' ),
					'type'        => 'array',
					'items'       => array( 'type' => 'string' ),
					'context'     => array( 'view' ),
				),
				'reconciledImplementations' => array(
					'description' => __( 'Implementations a failed implement call had left pending on the bridge, now reported or rolled back there.', 'interlinker' ),
					'type'        => 'array',
					'context'     => array( 'view' ),
					'items'       => array(
						'type'       => 'object',
						'properties' => array(
							'implementationId' => array( 'type' => 'string' ),
							'outcome'          => array(
								'type' => 'string',
								'enum' => array( 'reported', 'rolled_back', 'settled', 'gone' ),
							),
							'status'           => array( 'type' => 'string' ),
						),
					),
				),
			),
		);
		return $this->add_additional_fields_schema( $this->schema );
	}
}
