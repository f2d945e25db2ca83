<?php
/**
 * GET /no-suggestions (the posts switched to "no suggestions", for the Settings screen) and
 * POST /no-suggestions/{id} (turns the switch of one post on or off).
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Rest;

use Interlinker\Content\No_Suggestions;
use WP_Error;
use WP_Post;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class No_Suggestions_Controller extends Rest_Controller {

	public function __construct() {
		parent::__construct();
		$this->rest_base = 'no-suggestions';
	}

	public function register_routes(): void {
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base,
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( $this, 'get_items' ),
					'permission_callback' => array( $this, 'edit_posts_permission' ),
					'args'                => self::pagination_args(),
				),
				'schema' => array( $this, 'get_public_item_schema' ),
			)
		);
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base . '/(?P<id>\d+)',
			array(
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => array( $this, 'update_item' ),
					'permission_callback' => array( $this, 'update_item_permissions_check' ),
					'args'                => array(
						'noSuggestions' => array(
							'description' => __( 'Whether the post gets and gives no suggested links.', 'interlinker' ),
							'type'        => 'boolean',
							'required'    => true,
						),
					),
				),
				'schema' => array( $this, 'get_public_item_schema' ),
			)
		);
	}

	/**
	 * @param WP_REST_Request $request The request.
	 */
	public function get_items( $request ): WP_REST_Response {
		$per_page = (int) $request->get_param( 'per_page' );
		$found    = No_Suggestions::posts( (int) $request->get_param( 'page' ), $per_page );
		return self::paged_response( array_map( array( self::class, 'to_rest' ), $found['posts'] ), $found['total'], $per_page );
	}

	/**
	 * Rule: the right to edit the post, as for its other meta.
	 *
	 * @param WP_REST_Request $request The request.
	 */
	public function update_item_permissions_check( $request ): bool|WP_Error {
		$post = get_post( (int) $request['id'] );
		if ( ! $post instanceof WP_Post ) {
			return new WP_Error( 'interlinker_post_not_found', __( 'There is no such post.', 'interlinker' ), array( 'status' => 404 ) );
		}
		return self::require_edit_posts( array( $post->ID ) );
	}

	/**
	 * @param WP_REST_Request $request The request.
	 */
	public function update_item( $request ): WP_REST_Response {
		$post_id = (int) $request['id'];
		// Deleting rather than storing false keeps the meta table free of switches nobody turned on.
		if ( (bool) $request->get_param( 'noSuggestions' ) ) {
			update_post_meta( $post_id, No_Suggestions::META_KEY, true );
		} else {
			delete_post_meta( $post_id, No_Suggestions::META_KEY );
		}
		return new WP_REST_Response( self::to_rest( get_post( $post_id ) ) );
	}

	/**
	 * @return array{id: int, title: string, type: string, status: string, editLink: string, noSuggestions: bool}
	 */
	private static function to_rest( WP_Post $post ): array {
		return array(
			'id'            => $post->ID,
			'title'         => get_the_title( $post ),
			'type'          => (string) ( get_post_type_object( $post->post_type )?->labels->singular_name ?? $post->post_type ),
			'status'        => $post->post_status,
			'editLink'      => current_user_can( 'edit_post', $post->ID ) ? (string) get_edit_post_link( $post->ID, 'raw' ) : '',
			'noSuggestions' => No_Suggestions::is_set( $post ),
		);
	}

	/**
	 * @return array<string, mixed>
	 */
	public function get_item_schema(): array {
		$this->schema ??= array(
			'$schema'    => 'http://json-schema.org/draft-04/schema#',
			'title'      => 'interlinker-no-suggestions-post',
			'type'       => 'object',
			'properties' => array(
				'id'            => array( 'type' => 'integer' ),
				'title'         => array(
					'type'        => 'string',
					'description' => __( 'The post title, as HTML.', 'interlinker' ),
				),
				'type'          => array(
					'type'        => 'string',
					'description' => __( 'The post type’s name.', 'interlinker' ),
				),
				'status'        => array( 'type' => 'string' ),
				'editLink'      => array(
					'type'        => 'string',
					'description' => __( 'Where to edit the post; empty when the user may not.', 'interlinker' ),
				),
				'noSuggestions' => array( 'type' => 'boolean' ),
			),
		);
		return $this->add_additional_fields_schema( $this->schema );
	}
}
