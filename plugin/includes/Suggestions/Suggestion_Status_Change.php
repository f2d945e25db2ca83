<?php
/**
 * Changes a suggestion's status for the current user, as the REST route and the WP-CLI command both do: whoever may
 * edit its source post may change it (edit_others_posts when the source is no post of this site). Only the bridge
 * knows the source, so it is read first; each of the two bridge calls is charged to the user's hourly budget just
 * before it is made, so a refused change costs one call.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Suggestions;

use Interlinker\Access\Capability_Rules;
use Interlinker\Access\Contributor_Budget;
use Interlinker\Bridge\Project_Api;
use Interlinker\Bridge\Suggestion;
use Interlinker\Rest\Suggestion_View;
use WP_Error;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Suggestion_Status_Change {

	public function __construct(
		private readonly Project_Api $api,
		private readonly Suggestion_View $view,
		private readonly Contributor_Budget $budget,
	) {}

	/**
	 * true when the current user may change the suggestion (the call that changes it is then charged), else the
	 * refusal: 429 past the budget, 403 without the right to edit its source post, or the bridge's error.
	 */
	public function permitted( string $id ): bool|WP_Error {
		$charged = $this->budget->charge();
		if ( true !== $charged ) {
			return $charged;
		}
		$suggestion = $this->api->get_suggestion( $id );
		if ( is_wp_error( $suggestion ) ) {
			return $suggestion;
		}
		$post_id = $this->view->post_id( $suggestion->source_page_url );
		$allowed = Capability_Rules::require_edit_owning_posts( 0 === $post_id ? array() : array( $post_id ) );
		return true === $allowed ? $this->budget->charge() : $allowed;
	}

	/** The suggestion with its new status, once permitted(). */
	public function change( string $id, string $status ): Suggestion|WP_Error {
		$allowed = $this->permitted( $id );
		return true === $allowed ? $this->api->update_suggestion( $id, $status ) : $allowed;
	}
}
