<?php
/**
 * A suggestion as the site presents it (Suggestion_View): the bridge's suggestion with the posts of this site its
 * URLs stand for, their titles, and their edit links where the current user may edit them.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Suggestions;

use Interlinker\Access\Post_Visibility;
use Interlinker\Bridge\Suggestion;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Presented_Suggestion {

	/**
	 * @param int $source_post_id 0 when the source URL is no post.
	 * @param int $target_post_id 0 when the target URL is no post.
	 */
	public function __construct(
		public readonly Suggestion $suggestion,
		public readonly int $source_post_id,
		public readonly int $target_post_id,
		public readonly string $source_title,
		public readonly string $target_title,
		public readonly string $source_edit_link,
		public readonly string $target_edit_link,
	) {}

	/**
	 * Whether the current user may see both ends (Post_Visibility): a private, draft or trashed post of someone else
	 * keeps the suggestion out of their lists, title, sentence and all; so does a URL that is no post, for users who
	 * may not edit others' posts.
	 */
	public function is_readable(): bool {
		return Post_Visibility::can_see( $this->source_post_id ) && Post_Visibility::can_see( $this->target_post_id );
	}

	/**
	 * @return array<string, mixed> As the `interlinker-suggestion` schema describes it.
	 */
	public function to_rest(): array {
		return $this->suggestion->to_rest() + array(
			'sourcePostId'   => $this->source_post_id,
			'targetPostId'   => $this->target_post_id,
			'sourceTitle'    => $this->source_title,
			'targetTitle'    => $this->target_title,
			'sourceEditLink' => $this->source_edit_link,
			'targetEditLink' => $this->target_edit_link,
		);
	}
}
