<?php
/**
 * Saves new post content through WordPress (hooks run, a revision is kept) without letting save filters
 * rewrite the rest of the content: the content we write is stored content plus tags we built ourselves.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Implement;

use WP_Error;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Post_Content_Writer {

	/**
	 * Saves $content as the post's content; the answer is the content as stored afterwards.
	 */
	public function save( int $post_id, string $content ): string|WP_Error {
		// kses would re-filter the whole post for users without unfiltered_html (authors), changing bytes that are
		// not ours: the existing content was already accepted by WordPress and our tags are built by the HTML API.
		$kses_was_on = false !== has_filter( 'content_save_pre', 'wp_filter_post_kses' );
		if ( $kses_was_on ) {
			kses_remove_filters();
		}
		try {
			$saved = wp_update_post(
				wp_slash(
					array(
						'ID'           => $post_id,
						'post_content' => $content,
					)
				),
				true
			);
		} finally {
			if ( $kses_was_on ) {
				kses_init_filters();
			}
		}
		if ( is_wp_error( $saved ) ) {
			return new WP_Error( 'interlinker_save_failed', $saved->get_error_message(), array( 'status' => 500 ) );
		}
		clean_post_cache( $post_id );
		$post = get_post( $post_id );
		return null === $post ? new WP_Error( 'interlinker_save_failed', __( 'The post disappeared while it was saved.', 'interlinker' ), array( 'status' => 500 ) ) : $post->post_content;
	}
}
