<?php
/**
 * What "Find links to this post" asks for: the post that should get links, and how many suggestions at most.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Suggestions;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Inbound_Request {

	/** The bridge makes at most this many inbound suggestions per call. */
	public const MAX_LIMIT = 50;

	/**
	 * @param int      $post_id The target post.
	 * @param int|null $limit   1–50; null for the generation default (filter `interlinker_generate_limit`).
	 */
	public function __construct(
		public readonly int $post_id,
		public readonly ?int $limit = null,
	) {}
}
