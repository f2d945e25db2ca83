<?php
/**
 * One link to insert: an approved suggestion, with the address the link will point at.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Html;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Link_Request {

	/**
	 * @param string   $suggestion_id   The bridge's suggestion id (written into the link as its marker).
	 * @param string   $anchor_text     Text to wrap, as the bridge saw it.
	 * @param string   $context         Passage around the anchor, as the bridge saw it.
	 * @param string   $href            Where the link points.
	 * @param string[] $target_urls     Addresses of the target that count as "already linked".
	 * @param int      $target_post_id  The target's post id, or 0.
	 * @param string   $target_type     The target's post type, or ''.
	 */
	public function __construct(
		public readonly string $suggestion_id,
		public readonly string $anchor_text,
		public readonly string $context,
		public readonly string $href,
		public readonly array $target_urls,
		public readonly int $target_post_id = 0,
		public readonly string $target_type = '',
	) {}
}
