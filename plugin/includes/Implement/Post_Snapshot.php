<?php
/**
 * What a post looked like when an implement call planned its links: compared again inside the lock, so that
 * links are never written over an edit saved in between.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Implement;

use WP_Post;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Post_Snapshot {

	public function __construct(
		public readonly int $post_id,
		public readonly string $modified_gmt,
		public readonly string $content_hash,
	) {}

	public static function of( WP_Post $post ): self {
		return new self( (int) $post->ID, (string) $post->post_modified_gmt, hash( 'sha256', $post->post_content ) );
	}

	/**
	 * Whether the post is still as it was (a save in the same second is caught by the content hash).
	 */
	public function matches( WP_Post $post ): bool {
		return (string) $post->post_modified_gmt === $this->modified_gmt && hash( 'sha256', $post->post_content ) === $this->content_hash;
	}
}
