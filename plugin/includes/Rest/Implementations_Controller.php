<?php
/**
 * POST /implement, POST /rollback, GET /implementations, GET /implementations/{id} and
 * POST /implementations/reconcile.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Rest;

use Interlinker\Access\Read_Cache;
use Interlinker\Bridge\Bridge_Data;
use Interlinker\Bridge\Project_Api;
use Interlinker\Implement\Implementation_Reconciler;
use Interlinker\Implement\Implementation_Records;
use Interlinker\Implement\Implementation_Service;
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
		private readonly Implementation_Records $records,
		private readonly Implementation_Reconciler $reconciler,
		private readonly Suggestion_View $view,
		private readonly Read_Cache $reads,
	) {
		parent::__construct();
		$this->rest_base = 'implementations';
	}

	public function register_routes(): void {
		register_rest_route(
			$this->namespace,
			'/implement',
			array(
				'methods'             => WP_REST_Server::CREATABLE,
				'callback'            => array( $this, 'implement' ),
				'permission_callback' => array( $this, 'implement_permissions_check' ),
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
				'permission_callback' => array( $this, 'rollback_permissions_check' ),
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
				'permission_callback' => array( $this, 'get_items_permissions_check' ),
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
				'permission_callback' => array( $this, 'reconcile_permissions_check' ),
			)
		);
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base . '/(?P<id>[A-Za-z0-9_-]{1,64})',
			array(
				'methods'             => WP_REST_Server::READABLE,
				'callback'            => array( $this, 'get_item' ),
				'permission_callback' => array( $this, 'get_item_permissions_check' ),
				'schema'              => array( $this, 'get_public_item_schema' ),
			)
		);
	}

	/**
	 * edit_posts here; the right to edit every source post is checked once the suggestions are loaded.
	 *
	 * @param WP_REST_Request $request The request.
	 */
	public function implement_permissions_check( $request ): bool|WP_Error {
		return self::require_capability( 'edit_posts' );
	}

	/**
	 * edit_posts here; the right to edit every changed post is checked in rollback().
	 *
	 * @param WP_REST_Request $request The request.
	 */
	public function rollback_permissions_check( $request ): bool|WP_Error {
		return self::require_capability( 'edit_posts' );
	}

	/**
	 * edit_posts: settling only tells the bridge what the site holds; no post changes.
	 *
	 * @param WP_REST_Request $request The request.
	 */
	public function reconcile_permissions_check( $request ): bool|WP_Error {
		return self::require_capability( 'edit_posts' );
	}

	/**
	 * @param WP_REST_Request $request The request.
	 */
	public function get_items_permissions_check( $request ): bool|WP_Error {
		return self::require_capability( 'edit_posts' );
	}

	/**
	 * @param WP_REST_Request $request The request.
	 */
	public function get_item_permissions_check( $request ): bool|WP_Error {
		return self::require_capability( 'edit_posts' );
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
		if ( null !== $reconciled['error'] ) {
			$error = $reconciled['error'];
			$data  = (array) $error->get_error_data();
			return new WP_Error( (string) $error->get_error_code(), $error->get_error_message(), $data + array( 'settled' => $reconciled['settled'] ) );
		}
		return new WP_REST_Response(
			array(
				'settled' => $reconciled['settled'],
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
		$implementation = $this->api->get_implementation( (string) $request['id'] );
		if ( is_wp_error( $implementation ) ) {
			return $implementation;
		}
		$posts = array();
		foreach ( $this->records->posts_of( $implementation['id'] ) as $post_id ) {
			$record  = $this->records->find( $post_id, $implementation['id'] );
			$posts[] = array(
				'postId'   => $post_id,
				'title'    => html_entity_decode( wp_strip_all_tags( get_the_title( $post_id ) ), ENT_QUOTES | ENT_HTML5, 'UTF-8' ),
				'editLink' => current_user_can( 'edit_post', $post_id ) ? (string) get_edit_post_link( $post_id, 'raw' ) : '',
				'links'    => array_map(
					static fn( $link ): array => array(
						'suggestionId' => $link->suggestion_id,
						'anchorText'   => $link->anchor_text,
						'href'         => $link->href,
					),
					null === $record ? array() : Implementation_Records::links_of( $record )
				),
			);
		}
		$implementation['posts'] = $posts;
		// The suggestions themselves (with post titles), so the details screen can show every row, failed ones too.
		$suggestions = $this->api->list_suggestions(
			array(
				'implementationId' => $implementation['id'],
				'limit'            => 100,
			)
		);
		if ( is_wp_error( $suggestions ) ) {
			return $suggestions;
		}
		$implementation['suggestions'] = array_values( array_filter( array_map( array( $this->view, 'present' ), $suggestions['items'] ), array( Suggestion_View::class, 'is_readable' ) ) );
		return new WP_REST_Response( $implementation );
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
