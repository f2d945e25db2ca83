<?php
/**
 * GET /suggestions (list, and generate for a post first), PATCH and DELETE /suggestions/{id}.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Rest;

use Interlinker\Access\Contributor_Budget;
use Interlinker\Access\Read_Cache;
use Interlinker\Bridge\Project_Api;
use Interlinker\Content\Site_Content;
use Interlinker\Bridge\Suggestion;
use Interlinker\Suggestions\Suggestion_List_Query;
use Interlinker\Suggestions\Presented_Suggestion;
use Interlinker\Suggestions\Suggestion_Listing;
use Interlinker\Suggestions\Suggestion_Status_Change;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Suggestions_Controller extends Rest_Controller {

	/** On an empty list narrowed to one post: why that post has none (see post_state()). */
	public const POST_STATE_HEADER = 'X-Interlinker-Post-State';

	public function __construct(
		private readonly Project_Api $api,
		private readonly Suggestion_Listing $listing,
		private readonly Suggestion_View $view,
		private readonly Read_Cache $reads,
		Contributor_Budget $budget,
		private readonly Site_Content $content,
		private readonly Suggestion_Status_Change $status_change,
	) {
		parent::__construct();
		$this->budget    = $budget;
		$this->rest_base = 'suggestions';
	}

	public function register_routes(): void {
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base,
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( $this, 'get_items' ),
					'permission_callback' => array( $this, 'list_permissions_check' ),
					'args'                => $this->get_collection_params(),
				),
				'schema' => array( $this, 'get_public_item_schema' ),
			)
		);
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base . '/(?P<id>[A-Za-z0-9_-]{1,64})',
			array(
				array(
					'methods'             => WP_REST_Server::EDITABLE,
					'callback'            => array( $this, 'update_item' ),
					'permission_callback' => array( $this, 'edit_posts_permission' ),
					'args'                => Rest_Schemas::suggestion_update_args(),
				),
				array(
					'methods'             => WP_REST_Server::DELETABLE,
					'callback'            => array( $this, 'delete_item' ),
					'permission_callback' => array( $this, 'edit_posts_permission' ),
				),
				'schema' => array( $this, 'get_public_item_schema' ),
			)
		);
	}

	/**
	 * @return array<string, array<string, mixed>>
	 */
	public function get_collection_params(): array {
		return self::filter_args() + array(
			'generate' => array(
				'description' => __( 'Generate suggestions for post_id first.', 'interlinker' ),
				'type'        => 'boolean',
				'default'     => false,
			),
		) + self::pagination_args();
	}

	/**
	 * The list's filters and order, which its CSV export (GET /exports/suggestions) takes too.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	public static function filter_args(): array {
		return array(
			'post_id' => array(
				'description' => __( 'Only suggestions whose source is this post.', 'interlinker' ),
				'type'        => 'integer',
				'minimum'     => 1,
			),
			'status'  => array(
				'description' => __( 'One status, or several (a list or comma-separated).', 'interlinker' ),
				'type'        => 'array',
				'items'       => array(
					'type' => 'string',
					'enum' => Suggestion::STATUSES,
				),
			),
			'search'  => array(
				'description'       => __( 'Only suggestions whose anchor text or source or target title contains this text.', 'interlinker' ),
				'type'              => 'string',
				'maxLength'         => 200,
				'sanitize_callback' => 'sanitize_text_field',
			),
			'orderby' => array(
				'description' => __( 'Sort field.', 'interlinker' ),
				'type'        => 'string',
				'enum'        => array( 'createdAt', 'relevanceScore' ),
				'default'     => 'createdAt',
			),
			'order'   => array(
				'description' => __( 'Sort direction.', 'interlinker' ),
				'type'        => 'string',
				'enum'        => array( 'asc', 'desc' ),
				'default'     => 'desc',
			),
		);
	}

	/**
	 * Rule: edit_posts to read; generating for a post writes on the bridge, so it needs the right to edit that post.
	 *
	 * @param WP_REST_Request $request The request.
	 */
	public function list_permissions_check( $request ): bool|WP_Error {
		$allowed = $this->edit_posts_permission( $request );
		if ( true !== $allowed || ! $request->get_param( 'generate' ) ) {
			return $allowed;
		}
		$post_id = (int) $request->get_param( 'post_id' );
		if ( $post_id <= 0 ) {
			return new WP_Error( 'interlinker_missing_post_id', __( 'generate=1 needs post_id.', 'interlinker' ), array( 'status' => 400 ) );
		}
		return self::require_capability( 'edit_post', $post_id );
	}

	/**
	 * @param WP_REST_Request $request The request.
	 */
	public function get_items( $request ): WP_REST_Response|WP_Error {
		// Generating for the post first is one more call.
		return $this->reads->answer( $request, fn() => $this->list_items( $request ), $request->get_param( 'generate' ) ? 2 : 1 );
	}

	private function list_items( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		$per_page = (int) $request->get_param( 'per_page' );
		$page     = $this->listing->list(
			new Suggestion_List_Query(
				(int) $request->get_param( 'page' ),
				$per_page,
				(string) $request->get_param( 'orderby' ),
				(string) $request->get_param( 'order' ),
				array_map( 'strval', (array) $request->get_param( 'status' ) ),
				trim( (string) $request->get_param( 'search' ) ),
				(int) $request->get_param( 'post_id' ),
				(bool) $request->get_param( 'generate' )
			)
		);
		if ( is_wp_error( $page ) ) {
			return $page;
		}
		// The bridge pages before the per-user check: the totals count what matched, and every page stays reachable.
		$response = self::paged_response( array_map( static fn( Presented_Suggestion $one ): array => $one->to_rest(), $page->items ), $page->matched, $per_page );
		if ( $page->left_out > 0 ) {
			$response->header( 'X-Interlinker-Left-Out', (string) $page->left_out );
		}
		$post_id = (int) $request->get_param( 'post_id' );
		if ( 0 === $page->matched && $post_id > 0 ) {
			$response->header( self::POST_STATE_HEADER, $this->post_state( $post_id ) );
		}
		return $response;
	}

	/**
	 * Why a post has no suggestions here: it cannot have any (`not_eligible`: not published, excluded, or of a type
	 * Interlinker leaves out), the bridge does not know it yet (`not_synced`), or none matched (`none_found`:
	 * still being generated, or none above the site's minimum score).
	 */
	private function post_state( int $post_id ): string {
		$post = get_post( $post_id );
		if ( ! $post instanceof \WP_Post || ! $this->content->is_eligible( $post ) ) {
			return 'not_eligible';
		}
		return $this->content->is_known( $post ) ? 'none_found' : 'not_synced';
	}

	/**
	 * @param WP_REST_Request $request The request.
	 */
	public function update_item( $request ): WP_REST_Response|WP_Error {
		$updated = $this->status_change->change( (string) $request['id'], (string) $request->get_param( 'status' ) );
		return is_wp_error( $updated ) ? $updated : new WP_REST_Response( $this->view->present( $updated )->to_rest() );
	}

	/**
	 * @param WP_REST_Request $request The request.
	 */
	public function delete_item( $request ): WP_REST_Response|WP_Error {
		$allowed = $this->status_change->permitted( (string) $request['id'] );
		if ( true !== $allowed ) {
			return $allowed;
		}
		$deleted = $this->api->delete_suggestion( (string) $request['id'] );
		return is_wp_error( $deleted ) ? $deleted : new WP_REST_Response( array( 'success' => true ) );
	}

	/**
	 * @return array<string, mixed>
	 */
	public function get_item_schema(): array {
		$this->schema ??= Rest_Schemas::suggestion();
		return $this->add_additional_fields_schema( $this->schema );
	}
}
