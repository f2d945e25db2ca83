<?php
/**
 * One post of the links-per-post report, as GET /link-counts answers it.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Links;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Link_Count_Row {

	/**
	 * @param string $edit_link Empty unless the current user may edit the post.
	 * @param bool   $counted   Whether the post has been counted yet (its numbers are 0 until then).
	 */
	public function __construct(
		public readonly int $post_id,
		public readonly string $title,
		public readonly string $url,
		public readonly string $edit_link,
		public readonly string $post_type,
		public readonly string $status,
		public readonly int $inbound,
		public readonly int $internal,
		public readonly int $external,
		public readonly bool $counted,
	) {}

	/**
	 * @return array<string, int|string|bool> As the `interlinker-link-count` schema describes it.
	 */
	public function to_rest(): array {
		return array(
			'postId'   => $this->post_id,
			'title'    => $this->title,
			'url'      => $this->url,
			'editLink' => $this->edit_link,
			'postType' => $this->post_type,
			'status'   => $this->status,
			'inbound'  => $this->inbound,
			'internal' => $this->internal,
			'external' => $this->external,
			'counted'  => $this->counted,
		);
	}
}
