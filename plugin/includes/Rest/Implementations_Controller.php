<?php
/**
 * POST /implement, POST /rollback, GET /implementations, GET /implementations/{id} and
 * POST /implementations/reconcile.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Rest;

use Interlinker\Access\Capability_Rules;
use Interlinker\Access\Contributor_Budget;
use Interlinker\Access\Read_Cache;
use Interlinker\Bridge\Implementation;
use Interlinker\Bridge\Project_Api;
use Interlinker\Implement\Implementation_Details;
use Interlinker\Implement\Implementation_Reconciler;
use Interlinker\Implement\Permitted_Implementation;
use Interlinker\Implement\Recorded_Implementations;
use Interlinker\Implement\Rollback_Service;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Implementations_Controller extends Rest_Controller {

	public function __construct(
		private readonly Project_Api $api,
		private readonly Permitted_Implementation $implementation,
		private readonly Rollback_Service $rollbacks,
		private readonly Implementation_Reconciler $reconciler,
		private readonly Implementation_Details $details,
		private readonly Read_Cache $reads,
		Contributor_Budget $budget,
		private readonly Recorded_Implementations $recorded,
	) {
		parent::__construct();
		$this->budget    = $budget;
		$this->rest_base = 'implementations';
	}

	public function register_routes(): void {
		$this->route( '/implement', WP_REST_Server::CREATABLE, 'implement', 'edit_posts_permission', 'implement_answer', Rest_Schemas::implement_args() );
		$this->route( '/rollback', WP_REST_Server::CREATABLE, 'rollback', 'rollback_permissions_check', 'rollback_answer', Rest_Schemas::rollback_args() );
		$this->route(
			'/' . $this->rest_base,
			WP_REST_Server::READABLE,
			'get_items',
			'edit_posts_permission',
			'listed_implementation',
			array(
				'status' => array(
					'type' => 'string',
					'enum' => Implementation::STATUSES,
				),
			) + self::pagination_args()
		);
		$this->route( '/' . $this->rest_base . '/reconcile', WP_REST_Server::CREATABLE, 'reconcile', 'edit_posts_permission', 'reconcile_answer' );
		$this->route( '/' . $this->rest_base . '/(?P<id>[A-Za-z0-9_-]{1,64})', WP_REST_Server::READABLE, 'get_item', 'edit_posts_permission', 'implementation_details' );
	}

	/**
	 * A route and the schema of its answer (a Rest_Schemas method), which goes at the route's level, where OPTIONS
	 * publishes it.
	 *
	 * @param array<string, array<string, mixed>> $args
	 */
	private function route( string $path, string $methods, string $callback, string $permission, string $schema, array $args = array() ): void {
		register_rest_route(
			$this->namespace,
			$path,
			array(
				array(
					'methods'             => $methods,
					'callback'            => array( $this, $callback ),
					'permission_callback' => array( $this, $permission ),
					'args'                => $args,
				),
				'schema' => array( Rest_Schemas::class, $schema ),
			)
		);
	}

	/**
	 * The suggestions are read from the bridge in one call and the user's right to edit each source post is checked
	 * before anything is written (implement_posts_permissions_check); the implementation charges the user's hourly
	 * budget for each bridge call just before making it.
	 *
	 * @param WP_REST_Request $request The request.
	 */
	public function implement( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		$result = $this->implementation->implement( array_map( 'strval', (array) $request->get_param( 'suggestionIds' ) ), array( $this, 'implement_posts_permissions_check' ) );
		return is_wp_error( $result ) ? $result : new WP_REST_Response( $result->to_rest() );
	}

	/**
	 * Rule: implementing edits the suggestions' source posts, so it needs the right to edit each of them; a
	 * suggestion whose source is no post of the site (deleted, or never one) needs edit_others_posts, as approving
	 * or rejecting it does. Only the loaded suggestions tell which posts those are: the implementation asks this
	 * rule after planning, before anything is recorded or written.
	 *
	 * @param int[] $post_ids            The posts the implementation would edit.
	 * @param bool  $source_without_post Whether a suggestion's source is no post of the site.
	 */
	public function implement_posts_permissions_check( array $post_ids, bool $source_without_post = false ): bool|WP_Error {
		return Capability_Rules::require_implement( $post_ids, $source_without_post );
	}

	/**
	 * Rule: edit_posts, then the right to edit every post the rollback would edit (edit_others_posts when no post
	 * of this site records it: nothing shows whose change it was). The site's own records say which posts those are,
	 * so the bridge is not asked.
	 *
	 * @param WP_REST_Request $request The request.
	 */
	public function rollback_permissions_check( $request ): bool|WP_Error {
		$allowed = $this->edit_posts_permission( $request );
		if ( true === $allowed ) {
			$post_ids = $this->rollbacks->post_ids( (string) $request->get_param( 'implementationId' ), self::rollback_links( $request ), self::rollback_post( $request ) );
			$allowed  = self::require_edit_owning_posts( $post_ids );
		}
		return $allowed;
	}

	/**
	 * The whole implementation, one post's links (`postId`) or some links (`suggestionIds`).
	 *
	 * @param WP_REST_Request $request The request.
	 */
	public function rollback( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		$links = self::rollback_links( $request );
		$post  = self::rollback_post( $request );
		if ( null !== $links && null !== $post ) {
			return new WP_Error( 'interlinker_invalid_request', __( 'Send either suggestionIds or postId, not both.', 'interlinker' ), array( 'status' => 400 ) );
		}
		// Two calls: reading the implementation, then recording its rollback.
		$charged = $this->charge_bridge_calls( 2 );
		if ( true !== $charged ) {
			return $charged;
		}
		$reason = trim( sanitize_textarea_field( (string) $request->get_param( 'reason' ) ) );
		if ( '' === $reason ) {
			/* translators: %s: the user's display name. */
			$reason = sprintf( __( 'Undone in wp-admin by %s', 'interlinker' ), wp_get_current_user()->display_name );
		}
		$result = $this->rollbacks->rollback( (string) $request->get_param( 'implementationId' ), $reason, $links, $post );
		return is_wp_error( $result ) ? $result : new WP_REST_Response( $result->to_rest() );
	}

	/**
	 * @return string[]|null
	 */
	private static function rollback_links( WP_REST_Request $request ): ?array {
		$ids = $request->get_param( 'suggestionIds' );
		return is_array( $ids ) ? array_values( array_map( 'strval', $ids ) ) : null;
	}

	private static function rollback_post( WP_REST_Request $request ): ?int {
		$post_id = $request->get_param( 'postId' );
		return null === $post_id ? null : (int) $post_id;
	}

	/**
	 * The explicit retry for implementations a failed implement call left pending on the bridge.
	 *
	 * @param WP_REST_Request $request The request.
	 */
	public function reconcile( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		// One charge per retry, whatever the number of implementations waiting (each is settled once, then forgotten).
		$charged = $this->charge_bridge_calls();
		if ( true !== $charged ) {
			return $charged;
		}
		$reconciliation = $this->reconciler->reconcile();
		return $reconciliation->to_error() ?? new WP_REST_Response( $reconciliation->to_rest( $this->reconciler->waiting() ) );
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
		if ( is_wp_error( $page ) && Recorded_Implementations::bridge_unreachable( $page ) ) {
			$recorded = $this->recorded->page( $per_page, $query['offset'], $query['status'] ?? null );
			return self::from_site_records( self::paged_response( $recorded['items'], $recorded['total'], $per_page ) );
		}
		if ( is_wp_error( $page ) ) {
			return $page;
		}
		$posts = $this->details->posts_by_implementation( array_map( static fn( Implementation $one ): string => $one->id, $page['items'] ) );
		return self::paged_response( array_map( static fn( Implementation $one ): array => $one->to_rest() + array( 'posts' => $posts[ $one->id ] ?? array() ), $page['items'] ), $page['total'], $per_page );
	}

	/**
	 * The bridge's implementation plus `posts`: what it changed on this site.
	 *
	 * @param WP_REST_Request $request The request.
	 */
	public function get_item( $request ): WP_REST_Response|WP_Error {
		// Two calls: the implementation, then its suggestions.
		return $this->reads->answer( $request, fn() => $this->item( $request ), 2 );
	}

	private function item( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		$details = $this->details->for_id( (string) $request['id'] );
		if ( is_wp_error( $details ) && Recorded_Implementations::bridge_unreachable( $details ) ) {
			$recorded = $this->recorded->one( (string) $request['id'] );
			return is_wp_error( $recorded ) ? $recorded : self::from_site_records( new WP_REST_Response( $recorded->to_rest() ) );
		}
		return is_wp_error( $details ) ? $details : new WP_REST_Response( $details->to_rest() );
	}

	/**
	 * Marks an answer made from the site's own records while the bridge cannot be reached: the screens say so, and
	 * offer no undo (undo needs the bridge).
	 */
	private static function from_site_records( WP_REST_Response $response ): WP_REST_Response {
		$response->header( 'X-Interlinker-Source', Recorded_Implementations::SOURCE );
		return $response;
	}

	/**
	 * @return array<string, mixed>
	 */
	public function get_item_schema(): array {
		$this->schema ??= Rest_Schemas::implementation();
		return $this->add_additional_fields_schema( $this->schema );
	}
}
