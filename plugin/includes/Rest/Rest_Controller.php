<?php
/**
 * What the plugin's REST controllers share: the namespace, one permission callback per access rule (each answers
 * true or a WP_Error with a status), and pagination headers.
 *
 * The rules themselves are Access\Capability_Rules, which the WP-CLI commands apply too.
 *
 * A permission callback decides from what the site knows, without calling the bridge and without charging the user's
 * hourly budget: WordPress calls permission callbacks again after the handler, to build the answer's Allow header
 * (rest_send_allow_header), once for every method of the route. What needs the bridge to decide (the posts of
 * suggestions, known only to the bridge) is decided in the handler, before any bridge write, and each handler
 * charges the budget for the bridge calls it makes, just before making them (charge_bridge_calls()).
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Rest;

use Interlinker\Access\Capability_Rules;
use Interlinker\Access\Contributor_Budget;
use WP_Error;
use WP_REST_Response;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

abstract class Rest_Controller extends \WP_REST_Controller {

	public const NAMESPACE = 'interlinker/v1';

	/** Set by controllers whose handlers call the bridge, for charge_bridge_calls(). */
	protected ?Contributor_Budget $budget = null;

	public function __construct() {
		$this->namespace = self::NAMESPACE;
	}

	/**
	 * Rule: working with suggestions and implementations (reading, reviewing, implementing) needs edit_posts;
	 * the right to edit each post concerned is checked where the route knows the posts.
	 *
	 * @param \WP_REST_Request $request The request.
	 */
	public function edit_posts_permission( $request ): bool|WP_Error {
		return self::require_capability( 'edit_posts' );
	}

	/**
	 * Rule: what touches the whole site (the full sync, the sync queue) needs manage_options.
	 *
	 * @param \WP_REST_Request $request The request.
	 */
	public function manage_site_permission( $request ): bool|WP_Error {
		return self::require_capability( 'manage_options' );
	}

	/**
	 * Counts $calls bridge calls on the current user's hourly budget, when that applies, just before the handler
	 * makes them: true, or the 429 (nothing is counted then, and the handler calls nothing).
	 */
	protected function charge_bridge_calls( int $calls = 1 ): bool|WP_Error {
		return null === $this->budget ? true : $this->budget->charge( $calls );
	}

	/**
	 * true, or a 401/403 WP_Error when the current user lacks $capability (on $object_id, when given).
	 */
	protected static function require_capability( string $capability, ?int $object_id = null ): bool|WP_Error {
		return Capability_Rules::require_capability( $capability, $object_id );
	}

	/**
	 * @param int[] $post_ids
	 */
	protected static function require_edit_posts( array $post_ids ): bool|WP_Error {
		return Capability_Rules::require_edit_posts( $post_ids );
	}

	/**
	 * @param int[] $post_ids The posts that show ownership; none when no post does.
	 */
	protected static function require_edit_owning_posts( array $post_ids ): bool|WP_Error {
		return Capability_Rules::require_edit_owning_posts( $post_ids );
	}

	protected static function forbidden(): WP_Error {
		return Capability_Rules::forbidden();
	}

	/**
	 * A list answer with X-WP-Total and X-WP-TotalPages.
	 *
	 * @param array<int, mixed> $items
	 */
	protected static function paged_response( array $items, int $total, int $per_page ): WP_REST_Response {
		$response = new WP_REST_Response( $items );
		$response->header( 'X-WP-Total', (string) $total );
		$response->header( 'X-WP-TotalPages', (string) ( $per_page > 0 ? (int) ceil( $total / $per_page ) : 0 ) );
		return $response;
	}

	/**
	 * page / per_page query arguments, as every list route takes them.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	protected static function pagination_args(): array {
		return Rest_Schemas::page_args();
	}
}
