<?php
/**
 * The phrases a post's editors want it linked for: Interlinker's own list (the block editor's "Link this post for
 * these phrases"), then the focus keyphrase of Yoast SEO and of Rank Math. They go to the bridge with the page, which
 * takes each as a name of the post, as it takes the anchor text of an existing link to it: a mention of one in another
 * post becomes a suggestion, applied only once an editor approves it.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Sync;

use WP_Post;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Post_Keyphrases {

	/** Interlinker's own list: an array of strings, edited in the block editor's sidebar. */
	public const META_KEY = '_interlinker_keyphrases';
	/** Yoast SEO's focus keyphrase (one phrase). */
	public const YOAST_META_KEY = '_yoast_wpseo_focuskw';
	/** Rank Math's focus keywords, comma-separated. */
	public const RANK_MATH_META_KEY = 'rank_math_focus_keyword';

	/** The bridge's limits: phrases per page, characters (UTF-16 units, as the bridge counts) and words per phrase. */
	public const MAX_PHRASES = 10;
	public const MAX_LENGTH  = 100;
	public const MAX_WORDS   = 6;

	/**
	 * Registers the plugin's meta for every post type that shows custom fields in REST (the block editor edits it),
	 * writable by whoever may edit the post.
	 */
	public static function register_meta(): void {
		register_post_meta(
			'',
			self::META_KEY,
			array(
				'type'              => 'array',
				'single'            => true,
				'default'           => array(),
				'sanitize_callback' => array( self::class, 'sanitize' ),
				'auth_callback'     => static fn( bool $allowed, string $meta_key, int $post_id ): bool => current_user_can( 'edit_post', $post_id ),
				'show_in_rest'      => array(
					'schema' => array(
						'type'  => 'array',
						'items' => array( 'type' => 'string' ),
					),
				),
			)
		);
	}

	/**
	 * Meta keys whose change changes what the bridge gets of the post.
	 *
	 * @return string[]
	 */
	public static function meta_keys(): array {
		return array( self::META_KEY, self::YOAST_META_KEY, self::RANK_MATH_META_KEY );
	}

	/**
	 * What the bridge gets for a post: its own list, then Yoast's, then Rank Math's, filtered by
	 * `interlinker_page_keyphrases` and kept within the bridge's limits (a longer phrase would fail the whole page).
	 *
	 * @return string[]
	 */
	public static function of( WP_Post $post ): array {
		$own     = get_post_meta( $post->ID, self::META_KEY, true );
		$phrases = array_merge(
			is_array( $own ) ? $own : array(),
			array( (string) get_post_meta( $post->ID, self::YOAST_META_KEY, true ) ),
			explode( ',', (string) get_post_meta( $post->ID, self::RANK_MATH_META_KEY, true ) ),
		);
		/**
		 * Filters the phrases a post is sent to the bridge with, as names other posts may link it by.
		 *
		 * @param string[] $phrases Its own list, then Yoast SEO's and Rank Math's focus keyphrases.
		 * @param WP_Post  $post    The post.
		 */
		$filtered = apply_filters( 'interlinker_page_keyphrases', self::clean( $phrases ), $post );
		return self::clean( is_array( $filtered ) ? $filtered : array() );
	}

	/**
	 * The sanitize_callback of the meta: a list of distinct trimmed phrases within the bridge's limits.
	 *
	 * @param mixed $value What was sent.
	 * @return string[]
	 */
	public static function sanitize( mixed $value ): array {
		return self::clean( is_array( $value ) ? $value : array() );
	}

	/**
	 * Trimmed, whitespace collapsed, tags stripped; empty, too long or too wordy phrases dropped; duplicates (case
	 * ignored) dropped; at most MAX_PHRASES.
	 *
	 * @param array<mixed> $phrases
	 * @return string[]
	 */
	private static function clean( array $phrases ): array {
		$kept = array();
		foreach ( $phrases as $phrase ) {
			if ( ! is_string( $phrase ) ) {
				continue;
			}
			$phrase = trim( (string) preg_replace( '/\s+/u', ' ', wp_strip_all_tags( $phrase ) ) );
			$key    = mb_strtolower( $phrase, 'UTF-8' );
			if ( '' === $phrase || isset( $kept[ $key ] ) || self::utf16_length( $phrase ) > self::MAX_LENGTH || self::words( $phrase ) > self::MAX_WORDS ) {
				continue;
			}
			$kept[ $key ] = $phrase;
			if ( count( $kept ) === self::MAX_PHRASES ) {
				break;
			}
		}
		return array_values( $kept );
	}

	/** Runs of letters and digits: never fewer than the bridge counts (it also joins "editor's"). */
	private static function words( string $phrase ): int {
		return (int) preg_match_all( '/[\p{L}\p{N}]+/u', $phrase );
	}

	private static function utf16_length( string $phrase ): int {
		return intdiv( strlen( (string) mb_convert_encoding( $phrase, 'UTF-16LE', 'UTF-8' ) ), 2 );
	}
}
