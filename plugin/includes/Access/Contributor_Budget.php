<?php
/**
 * The per-user hourly budget of bridge calls, for the users it applies to: those who cannot edit others' posts
 * (contributors, authors). Editors and administrators are not counted. Reads (through Read_Cache) and writes
 * (approve, reject, implement, sync of given posts, rollback, reconcile) draw on the same budget, in the route's
 * handler, after its permission callback has decided without calling the bridge.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Access;

use WP_Error;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Contributor_Budget {

	public function __construct( private readonly User_Throttle $throttle ) {}

	/** Whether the current user's bridge calls are counted. */
	public function applies(): bool {
		return 0 !== get_current_user_id() && ! current_user_can( 'edit_others_posts' );
	}

	/**
	 * Counts $calls bridge calls for the current user when the budget applies, just before they are made: true, or a
	 * 429 WP_Error when they do not fit in what is left of the hour (then nothing is counted).
	 *
	 * Never from a permission callback: WordPress calls those again for the Allow header of the answer.
	 */
	public function charge( int $calls = 1 ): bool|WP_Error {
		return $this->applies() ? $this->throttle->take( get_current_user_id(), $calls ) : true;
	}
}
