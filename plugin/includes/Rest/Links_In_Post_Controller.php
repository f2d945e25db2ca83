<?php
/**
 * GET /posts/{id}/inserted-links: the links implementations put into a post that are still in it, for the block
 * editor's sidebar to offer Undo on each (through POST /rollback with that link's suggestionIds).
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Rest;

use Interlinker\Implement\Links_In_Post;
use WP_Error;
use WP_Post;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Links_In_Post_Controller extends Rest_Controller {

	public function __construct( private readonly Links_In_Post $links ) {
		parent::__construct();
		$this->rest_base = 'posts';
	}

	public function register_routes(): void {
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base . '/(?P<id>\d+)/inserted-links',
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( $this, 'get_items' ),
					'permission_callback' => array( $this, 'get_items_permissions_check' ),
					'args'                => array(
						'id' => array(
							'description' => __( 'The post.', 'interlinker' ),
							'type'        => 'integer',
							'minimum'     => 1,
						),
					),
				),
				'schema' => array( $this, 'get_public_item_schema' ),
			)
		);
	}

	/**
	 * Rule: the right to edit the post (the list is for undoing its links).
	 *
	 * @param WP_REST_Request $request The request.
	 */
	public function get_items_permissions_check( $request ): bool|WP_Error {
		$post = get_post( (int) $request['id'] );
		if ( ! $post instanceof WP_Post ) {
			return new WP_Error( 'interlinker_post_not_found', __( 'There is no such post.', 'interlinker' ), array( 'status' => 404 ) );
		}
		return self::require_edit_posts( array( $post->ID ) );
	}

	/**
	 * @param WP_REST_Request $request The request.
	 */
	public function get_items( $request ): WP_REST_Response {
		clean_post_cache( (int) $request['id'] );
		$post = get_post( (int) $request['id'] );
		return new WP_REST_Response( $post instanceof WP_Post ? $this->links->of( $post ) : array() );
	}

	/**
	 * @return array<string, mixed>
	 */
	public function get_item_schema(): array {
		$this->schema ??= array(
			'$schema'    => 'http://json-schema.org/draft-04/schema#',
			'title'      => 'interlinker-inserted-link',
			'type'       => 'object',
			'properties' => array(
				'implementationId' => array( 'type' => 'string' ),
				'suggestionId'     => array( 'type' => 'string' ),
				'anchorText'       => array( 'type' => 'string' ),
				'href'             => array( 'type' => 'string' ),
				'insertedAt'       => array(
					'type'        => 'string',
					'description' => __( 'When the link went in (UTC, ISO 8601).', 'interlinker' ),
				),
			),
		);
		return $this->add_additional_fields_schema( $this->schema );
	}
}
