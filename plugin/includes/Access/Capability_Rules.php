<?php
/**
 * The capability rules that the REST routes and the WP-CLI commands both apply to the current user: each answers
 * true or a WP_Error with the plugin's message and an HTTP status.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Access;

use WP_Error;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Capability_Rules {

	/**
	 * true, or a 401/403 WP_Error when the current user lacks $capability (on $object_id, when given).
	 */
	public static function require_capability( string $capability, ?int $object_id = null ): bool|WP_Error {
		$allowed = null === $object_id ? current_user_can( $capability ) : current_user_can( $capability, $object_id );
		return $allowed ? true : self::forbidden();
	}

	/**
	 * true, or a WP_Error naming the first post the current user may not edit.
	 *
	 * @param int[] $post_ids
	 */
	public static function require_edit_posts( array $post_ids ): bool|WP_Error {
		foreach ( $post_ids as $post_id ) {
			if ( ! current_user_can( 'edit_post', $post_id ) ) {
				return new WP_Error(
					'interlinker_cannot_edit_post',
					/* translators: %d: post id. */
					sprintf( __( 'Sorry, you are not allowed to edit post %d, which this change would edit.', 'interlinker' ), $post_id ),
					array(
						'status' => rest_authorization_required_code(),
						'postId' => $post_id,
					)
				);
			}
		}
		return true;
	}

	/**
	 * Rule: a change that concerns posts of this site needs the right to edit each of them; when no post of this
	 * site shows whose it is (a suggestion whose source is no post, a rollback no post records), it needs
	 * edit_others_posts.
	 *
	 * @param int[] $post_ids The posts that show ownership; none when no post does.
	 */
	public static function require_edit_owning_posts( array $post_ids ): bool|WP_Error {
		return array() === $post_ids ? self::require_capability( 'edit_others_posts' ) : self::require_edit_posts( $post_ids );
	}

	/**
	 * Rule: implementing edits the suggestions' source posts, so it needs the right to edit each of them; a
	 * suggestion whose source is no post of the site (deleted, or never one) needs edit_others_posts, as approving
	 * or rejecting it does.
	 *
	 * @param int[] $post_ids            The posts the implementation would edit.
	 * @param bool  $source_without_post Whether a suggestion's source is no post of the site.
	 */
	public static function require_implement( array $post_ids, bool $source_without_post = false ): bool|WP_Error {
		if ( $source_without_post ) {
			$allowed = self::require_capability( 'edit_others_posts' );
			if ( true !== $allowed ) {
				return $allowed;
			}
		}
		return self::require_edit_posts( $post_ids );
	}

	public static function forbidden(): WP_Error {
		return new WP_Error(
			'interlinker_forbidden',
			__( 'Sorry, you are not allowed to do that.', 'interlinker' ),
			array( 'status' => rest_authorization_required_code() )
		);
	}
}
