<?php
/**
 * The per-user hourly budget of bridge calls, for the users it applies to: those who cannot edit others' posts
 * (contributors, authors). Editors and administrators are not counted. Reads (through Read_Cache) and writes
 * (approve, reject, implement, sync of given posts, rollback, reconcile) draw on the same budget.
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
	 * Counts one bridge call for the current user when the budget applies: true, or a 429 WP_Error once used up.
	 */
	public function charge(): bool|WP_Error {
		return $this->applies() ? $this->throttle->take( get_current_user_id() ) : true;
	}
}
