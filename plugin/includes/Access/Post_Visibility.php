<?php
/**
 * Who may see what Interlinker says about a post, decided on the post as it is now: a suggestion, an implementation
 * row or an export line that names a post is shown only to users who may read that post; one whose URL stands for
 * no post of the site (deleted, or never one) only to users who may edit others' posts, since nothing shows whose
 * it was.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Access;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Post_Visibility {

	/**
	 * Whether the current user may see rows about post $post_id (0: a URL that is no post of the site).
	 */
	public static function can_see( int $post_id ): bool {
		if ( 0 === $post_id || null === get_post( $post_id ) ) {
			return current_user_can( 'edit_others_posts' );
		}
		return current_user_can( 'read_post', $post_id );
	}

	/**
	 * Whether the current user may see posts that are not public (others' private posts, drafts, trash). Users who
	 * may not are asked only rows between live pages, so that neither the rows nor their total tell of such a post.
	 */
	public static function sees_non_public_posts(): bool {
		return current_user_can( 'edit_others_posts' ) && current_user_can( 'read_private_posts' );
	}
}
