<?php
/**
 * What other people are doing to a post right now: its stored state (never this request's cached copy) and
 * whether someone else has it open in the editor.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Implement;

use WP_Error;
use WP_Post;
use WP_User;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Post_Editing {

	/**
	 * The post as stored now. The request's object cache may hold a copy read before a bridge round trip, while
	 * another request saved the post; writing that copy back would drop their edit.
	 */
	public function fresh( int $post_id ): ?WP_Post {
		clean_post_cache( $post_id );
		$post = get_post( $post_id );
		return $post instanceof WP_Post ? $post : null;
	}

	/**
	 * The other user who has the post open in the editor (WordPress's post lock), or null. Their next Update
	 * would save the content they loaded, without our links.
	 */
	public function locked_by( int $post_id ): ?WP_User {
		if ( ! function_exists( 'wp_check_post_lock' ) ) {
			require_once ABSPATH . 'wp-admin/includes/post.php';
		}
		$user_id = wp_check_post_lock( $post_id );
		if ( false === $user_id ) {
			return null;
		}
		$user = get_userdata( (int) $user_id );
		return $user instanceof WP_User ? $user : null;
	}

	/**
	 * Why a post locked by $user cannot be changed now.
	 */
	public static function locked_reason( WP_User $user ): string {
		/* translators: %s: the name of the user editing the post. */
		return sprintf( __( '%s is editing this post right now; their next update would undo the change. Try again once they have closed it.', 'interlinker' ), $user->display_name );
	}

	/**
	 * The refusal for a post $user has open in the editor (409 interlinker_post_locked), with any extra data.
	 *
	 * @param array<string, mixed> $extra Added to the error data.
	 */
	public static function locked_error( int $post_id, WP_User $user, array $extra = array() ): WP_Error {
		return new WP_Error(
			'interlinker_post_locked',
			self::locked_reason( $user ),
			array(
				'status' => 409,
				'postId' => $post_id,
			) + $extra
		);
	}
}
