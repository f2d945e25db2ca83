<?php
/**
 * What GET /suggestions was asked for: a page of the bridge's list, its filters and order, and whether to generate
 * for the post first.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Suggestions;

use Interlinker\Access\Post_Visibility;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Suggestion_List_Query {

	/**
	 * @param string[] $statuses None: every status.
	 * @param string   $search   '' for none.
	 * @param int      $post_id  0 for suggestions of every source.
	 * @param bool     $generate Generate for $post_id first.
	 */
	public function __construct(
		public readonly int $page,
		public readonly int $per_page,
		public readonly string $orderby,
		public readonly string $order,
		public readonly array $statuses = array(),
		public readonly string $search = '',
		public readonly int $post_id = 0,
		public readonly bool $generate = false,
	) {}

	/**
	 * The bridge's query, but for the source URL (which needs the post).
	 *
	 * @return array<string, scalar>
	 */
	public function to_bridge(): array {
		$query = array(
			'limit'   => $this->per_page,
			'offset'  => ( $this->page - 1 ) * $this->per_page,
			'orderBy' => $this->orderby,
			'order'   => $this->order,
		);
		if ( array() !== $this->statuses ) {
			$query['status'] = implode( ',', $this->statuses );
		}
		if ( '' !== $this->search ) {
			$query['q'] = $this->search;
		}
		// Filtered by the bridge, not after its answer: the total (X-WP-Total) and the search then count no row about
		// a post the user may not see.
		if ( ! Post_Visibility::sees_non_public_posts() ) {
			$query['livePages'] = 'true';
		}
		return $query;
	}
}
