<?php
/**
 * POST /posts/{id}/inbound-suggestions: "Find links to this post".
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Rest;

use Interlinker\Access\Contributor_Budget;
use Interlinker\Suggestions\Inbound_Finder;
use Interlinker\Suggestions\Inbound_Request;
use WP_Error;
use WP_Post;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Inbound_Suggestions_Controller extends Rest_Controller {

	public function __construct(
		private readonly Inbound_Finder $finder,
		Contributor_Budget $budget,
	) {
		parent::__construct();
		$this->budget    = $budget;
		$this->rest_base = 'posts';
	}

	public function register_routes(): void {
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base . '/(?P<id>\d+)/inbound-suggestions',
			array(
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => array( $this, 'create_item' ),
					'permission_callback' => array( $this, 'create_item_permissions_check' ),
					'args'                => Rest_Schemas::inbound_args(),
				),
				'schema' => array( Rest_Schemas::class, 'inbound_suggestions' ),
			)
		);
	}

	/**
	 * Rule: asking for links to a post writes suggestions on the bridge, so it needs the right to edit that post
	 * (whose sources it may edit does not matter: approving each suggestion checks its source post).
	 *
	 * @param WP_REST_Request $request The request.
	 */
	public function create_item_permissions_check( $request ): bool|WP_Error {
		$allowed = $this->edit_posts_permission( $request );
		if ( true === $allowed ) {
			$post_id = (int) $request['id'];
			$allowed = get_post( $post_id ) instanceof WP_Post
				? self::require_capability( 'edit_post', $post_id )
				: new WP_Error( 'interlinker_post_not_found', __( 'No such post.', 'interlinker' ), array( 'status' => 404 ) );
		}
		return $allowed;
	}

	/**
	 * @param WP_REST_Request $request The request.
	 */
	public function create_item( $request ): WP_REST_Response|WP_Error {
		// Two calls: generating, then listing the approved ones.
		$charged = $this->charge_bridge_calls( 2 );
		if ( true !== $charged ) {
			return $charged;
		}
		$limit  = $request->get_param( 'limit' );
		$answer = $this->finder->find( new Inbound_Request( (int) $request['id'], null === $limit ? null : (int) $limit ) );
		return is_wp_error( $answer ) ? $answer : new WP_REST_Response( $answer->to_rest() );
	}

	/**
	 * @return array<string, mixed>
	 */
	public function get_item_schema(): array {
		$this->schema ??= Rest_Schemas::inbound_suggestions();
		return $this->add_additional_fields_schema( $this->schema );
	}
}
