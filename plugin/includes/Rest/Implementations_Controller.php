<?php
/**
 * POST /implement, POST /rollback, GET /implementations, GET /implementations/{id} and
 * POST /implementations/reconcile.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Rest;

use Interlinker\Access\Contributor_Budget;
use Interlinker\Access\Read_Cache;
use Interlinker\Bridge\Bridge_Data;
use Interlinker\Bridge\Project_Api;
use Interlinker\Implement\Implementation_Reconciler;
use Interlinker\Implement\Implementation_Details;
use Interlinker\Implement\Implementation_Service;
use Interlinker\Implement\Reconciled_Implementation;
use Interlinker\Implement\Rollback_Service;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Implementations_Controller extends Rest_Controller {

	private const ID_PATTERN = '^[A-Za-z0-9_-]{1,64}$';

	public function __construct(
		private readonly Project_Api $api,
		private readonly Implementation_Service $implementer,
		private readonly Rollback_Service $rollbacks,
		private readonly Implementation_Reconciler $reconciler,
		private readonly Implementation_Details $details,
		private readonly Read_Cache $reads,
		Contributor_Budget $write_budget,
	) {
		parent::__construct();
		$this->write_budget = $write_budget;
		$this->rest_base    = 'implementations';
	}

	public function register_routes(): void {
		register_rest_route(
			$this->namespace,
			'/implement',
			array(
				'methods'             => WP_REST_Server::CREATABLE,
				'callback'            => array( $this, 'implement' ),
				'permission_callback' => array( $this, 'bridge_write_permission' ),
				'args'                => array(
					'suggestionIds' => array(
						'type'        => 'array',
						'required'    => true,
						'minItems'    => 1,
						'maxItems'    => 100,
						'uniqueItems' => true,
						'items'       => array(
							'type'    => 'string',
							'pattern' => self::ID_PATTERN,
						),
					),
				),
				'schema'              => array( $this, 'get_public_item_schema' ),
			)
		);
		register_rest_route(
			$this->namespace,
			'/rollback',
			array(
				'methods'             => WP_REST_Server::CREATABLE,
				'callback'            => array( $this, 'rollback' ),
				'permission_callback' => array( $this, 'edit_posts_permission' ),
				'args'                => array(
					'implementationId' => array(
						'type'     => 'string',
						'required' => true,
						'pattern'  => self::ID_PATTERN,
					),
					'reason'           => array(
						'type'      => 'string',
						'required'  => true,
						'minLength' => 1,
						'maxLength' => 500,
					),
				),
				'schema'              => array( $this, 'get_public_item_schema' ),
			)
		);
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base,
			array(
				'methods'             => WP_REST_Server::READABLE,
				'callback'            => array( $this, 'get_items' ),
				'permission_callback' => array( $this, 'edit_posts_permission' ),
				'args'                => array(
					'status' => array(
						'type' => 'string',
						'enum' => Bridge_Data::IMPLEMENTATION_STATUSES,
					),
				) + self::pagination_args(),
				'schema'              => array( $this, 'get_public_item_schema' ),
			)
		);
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base . '/reconcile',
			array(
				'methods'             => WP_REST_Server::CREATABLE,
				'callback'            => array( $this, 'reconcile' ),
				'permission_callback' => array( $this, 'edit_posts_permission' ),
			)
		);
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base . '/(?P<id>[A-Za-z0-9_-]{1,64})',
			array(
				'methods'             => WP_REST_Server::READABLE,
				'callback'            => array( $this, 'get_item' ),
				'permission_callback' => array( $this, 'edit_posts_permission' ),
				'schema'              => array( $this, 'get_public_item_schema' ),
			)
		);
	}

	/**
	 * @param WP_REST_Request $request The request.
	 */
	public function implement( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		$plan = $this->implementer->plan( array_map( 'strval', (array) $request->get_param( 'suggestionIds' ) ) );
		if ( is_wp_error( $plan ) ) {
			return $plan;
		}
		$allowed = self::require_edit_posts( $plan->post_ids() );
		if ( true !== $allowed ) {
			return $allowed;
		}
		$result = $this->implementer->implement( $plan );
		return is_wp_error( $result ) ? $result : new WP_REST_Response( $result );
	}

	/**
	 * @param WP_REST_Request $request The request.
	 */
	public function rollback( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		$id       = (string) $request->get_param( 'implementationId' );
		$post_ids = $this->rollbacks->post_ids( $id );
		// No post of this site shows whose change it was: only someone who may edit others' posts may undo it.
		$allowed = $post_ids ? self::require_edit_posts( $post_ids ) : self::require_capability( 'edit_others_posts' );
		if ( true !== $allowed ) {
			return $allowed;
		}
		$result = $this->rollbacks->rollback( $id, sanitize_textarea_field( (string) $request->get_param( 'reason' ) ) );
		return is_wp_error( $result ) ? $result : new WP_REST_Response( $result );
	}

	/**
	 * The explicit retry for implementations a failed implement call left pending on the bridge.
	 *
	 * @param WP_REST_Request $request The request.
	 */
	public function reconcile( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		$reconciled = $this->reconciler->reconcile();
		$settled    = array_map( static fn( Reconciled_Implementation $one ): array => $one->to_rest(), $reconciled['settled'] );
		if ( null !== $reconciled['error'] ) {
			$error = $reconciled['error'];
			$data  = (array) $error->get_error_data();
			return new WP_Error( (string) $error->get_error_code(), $error->get_error_message(), $data + array( 'settled' => $settled ) );
		}
		return new WP_REST_Response(
			array(
				'settled' => $settled,
				'waiting' => $this->reconciler->waiting(),
			)
		);
	}

	/**
	 * @param WP_REST_Request $request The request.
	 */
	public function get_items( $request ): WP_REST_Response|WP_Error {
		return $this->reads->answer( $request, fn() => $this->list_items( $request ) );
	}

	private function list_items( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		$per_page = (int) $request->get_param( 'per_page' );
		$query    = array(
			'limit'  => $per_page,
			'offset' => ( (int) $request->get_param( 'page' ) - 1 ) * $per_page,
		);
		if ( $request->get_param( 'status' ) ) {
			$query['status'] = (string) $request->get_param( 'status' );
		}
		$page = $this->api->list_implementations( $query );
		return is_wp_error( $page ) ? $page : self::paged_response( $page['items'], $page['total'], $per_page );
	}

	/**
	 * The bridge's implementation plus `posts`: what it changed on this site.
	 *
	 * @param WP_REST_Request $request The request.
	 */
	public function get_item( $request ): WP_REST_Response|WP_Error {
		return $this->reads->answer( $request, fn() => $this->item( $request ) );
	}

	private function item( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		$details = $this->details->for_id( (string) $request['id'] );
		return is_wp_error( $details ) ? $details : new WP_REST_Response( $details );
	}

	/**
	 * @return array<string, mixed>
	 */
	public function get_item_schema(): array {
		if ( $this->schema ) {
			return $this->add_additional_fields_schema( $this->schema );
		}
		$nullable     = array(
			'type'    => array( 'string', 'null' ),
			'context' => array( 'view' ),
		);
		$this->schema = array(
			'$schema'    => 'http://json-schema.org/draft-04/schema#',
			'title'      => 'interlinker-implementation',
			'type'       => 'object',
			'properties' => array(
				'id'             => array(
					'type'    => 'string',
					'context' => array( 'view' ),
				),
				'suggestionIds'  => array(
					'type'    => 'array',
					'items'   => array( 'type' => 'string' ),
					'context' => array( 'view' ),
				),
				'platform'       => array(
					'type'    => 'string',
					'context' => array( 'view' ),
				),
				'status'         => array(
					'type'    => 'string',
					'enum'    => Bridge_Data::IMPLEMENTATION_STATUSES,
					'context' => array( 'view' ),
				),
				'createdAt'      => $nullable,
				'implementedAt'  => $nullable,
				'rolledBackAt'   => $nullable,
				'rollbackReason' => $nullable,
				'summary'        => array(
					'type'       => array( 'object', 'null' ),
					'properties' => array(
						'succeeded' => array( 'type' => 'integer' ),
						'failed'    => array( 'type' => 'integer' ),
					),
					'context'    => array( 'view' ),
				),
				'results'        => array(
					'description' => __( 'From /implement: one per suggestion, with code and reason when it failed. From /rollback: one per post, with its outcome.', 'interlinker' ),
					'type'        => 'array',
					'items'       => array( 'type' => 'object' ),
					'context'     => array( 'view' ),
				),
			),
		);
		return $this->add_additional_fields_schema( $this->schema );
	}
}
