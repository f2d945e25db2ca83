<?php
/**
 * The per-post "no suggestions" switch (post meta `_interlinker_no_suggestions`, set in the block editor's sidebar):
 * such a post is synced as excluded, so that it neither gets nor gives suggested links, as a post in an excluded
 * category does.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Content;

use WP_Post;
use WP_Query;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class No_Suggestions {

	public const META_KEY = '_interlinker_no_suggestions';

	/**
	 * Registers the switch for every post type that shows custom fields in REST (the block editor edits it), writable
	 * by whoever may edit the post.
	 */
	public static function register_meta(): void {
		register_post_meta(
			'',
			self::META_KEY,
			array(
				'type'              => 'boolean',
				'single'            => true,
				'default'           => false,
				'sanitize_callback' => 'rest_sanitize_boolean',
				'auth_callback'     => static fn( bool $allowed, string $meta_key, int $post_id ): bool => current_user_can( 'edit_post', $post_id ),
				'show_in_rest'      => true,
			)
		);
	}

	public static function is_set( WP_Post $post ): bool {
		return (bool) get_post_meta( $post->ID, self::META_KEY, true );
	}

	/**
	 * The posts (any status but trash) switched to "no suggestions", newest first, with how many there are.
	 *
	 * @return array{posts: WP_Post[], total: int}
	 */
	public static function posts( int $page, int $per_page ): array {
		$query = new WP_Query(
			array(
				'post_type'           => 'any',
				'post_status'         => array( 'publish', 'future', 'draft', 'pending', 'private' ),
				// The switch is rare: a meta query over a handful of rows, not a scan of the site.
				'meta_key'            => self::META_KEY,
				'meta_value'          => '1',
				'orderby'             => 'modified',
				'order'               => 'DESC',
				'posts_per_page'      => $per_page,
				'paged'               => $page,
				'ignore_sticky_posts' => true,
				'no_found_rows'       => false,
			)
		);
		return array(
			'posts' => array_values( array_filter( $query->posts, static fn( $post ): bool => $post instanceof WP_Post ) ),
			'total' => (int) $query->found_posts,
		);
	}
}
