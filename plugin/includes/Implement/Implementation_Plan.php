<?php
/**
 * The suggestions of one implement call, loaded from the bridge, with the posts they change.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Implement;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Implementation_Plan {

	/**
	 * @param array<string, \Interlinker\Bridge\Suggestion> $suggestions Suggestion id → the bridge's suggestion, in request order.
	 * @param array<string, int>                  $source_posts   Suggestion id → source post id (0: no post has that URL).
	 * @param array<int, Post_Snapshot>           $snapshots      Source post id → the post as the plan saw it.
	 */
	public function __construct(
		public readonly array $suggestions,
		public readonly array $source_posts,
		public readonly array $snapshots = array(),
	) {}

	public function snapshot( int $post_id ): ?Post_Snapshot {
		return $this->snapshots[ $post_id ] ?? null;
	}

	/**
	 * Posts the implementation would edit.
	 *
	 * @return int[]
	 */
	public function post_ids(): array {
		return array_values( array_unique( array_filter( $this->source_posts ) ) );
	}

	/**
	 * Whether a suggestion's source URL stands for no post of the site: nothing then shows whose it is.
	 */
	public function has_source_without_post(): bool {
		return in_array( 0, $this->source_posts, true );
	}
}
