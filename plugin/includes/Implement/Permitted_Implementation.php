<?php
/**
 * One implement call: plans it (loads the suggestions and finds the posts they would edit), lets the route's
 * permission rule decide about those posts, and implements only once the rule has said yes.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Implement;

use WP_Error;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Permitted_Implementation {

	public function __construct( private readonly Implementation_Service $implementer ) {}

	/**
	 * @param string[]                        $suggestion_ids 1–100 ids.
	 * @param callable(int[], bool): (bool|WP_Error) $may_edit The rule about the posts the implementation would edit (and whether a source is no post): true, or its refusal.
	 * @return Implement_Answer|WP_Error The bridge's implementation, with what happened to each suggestion.
	 */
	public function implement( array $suggestion_ids, callable $may_edit ): Implement_Answer|WP_Error {
		$plan = $this->implementer->plan( $suggestion_ids );
		if ( is_wp_error( $plan ) ) {
			return $plan;
		}
		$allowed = $may_edit( $plan->post_ids(), $plan->has_source_without_post() );
		if ( true !== $allowed ) {
			return $allowed instanceof WP_Error ? $allowed : new WP_Error( 'interlinker_forbidden', __( 'Sorry, you are not allowed to do that.', 'interlinker' ), array( 'status' => rest_authorization_required_code() ) );
		}
		return $this->implementer->implement( $plan );
	}
}
