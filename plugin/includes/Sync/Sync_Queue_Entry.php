<?php
/**
 * One waiting entry of the sync queue, as its row holds it: a post to send, or the URL of a deleted post.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Sync;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Sync_Queue_Entry {

	/**
	 * @param string $row     The row's option name.
	 * @param string $value   The row's value exactly as read (a run deletes the row only while it still holds it).
	 * @param int    $post_id The post to send, or 0 for a deleted post's URL.
	 * @param string $url     The deleted post's synced URL, or ''.
	 * @param string $title   The deleted post's title, or ''.
	 */
	public function __construct(
		public readonly string $row,
		public readonly string $value,
		public readonly int $post_id,
		public readonly string $url,
		public readonly string $title,
	) {}

	public static function from_row( string $row, string $value ): ?self {
		$fields = json_decode( $value, true );
		if ( ! is_array( $fields ) ) {
			return null;
		}
		$post_id = (int) ( $fields['postId'] ?? 0 );
		$url     = (string) ( $fields['url'] ?? '' );
		if ( $post_id <= 0 && '' === $url ) {
			return null;
		}
		return new self( $row, $value, max( 0, $post_id ), $post_id > 0 ? '' : $url, (string) ( $fields['title'] ?? '' ) );
	}
}
