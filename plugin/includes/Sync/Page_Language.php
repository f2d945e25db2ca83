<?php
/**
 * The language a post is sent to the bridge with, which reads each page with its language's stemmer and stop words and
 * never suggests a link between pages of two languages: Polylang's language of the post, else WPML's, else the site's
 * locale; the filter `interlinker_page_language` has the last word.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Sync;

use WP_Post;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Page_Language {

	/** Polylang keeps a post's language as a term of this taxonomy. */
	public const POLYLANG_TAXONOMY = 'language';

	/** What the bridge accepts: a BCP 47 tag or a WordPress locale ("de", "de-DE", "de_DE_formal"), at most 35 characters. */
	private const TAG_SHAPE  = '/^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8})*$/';
	private const MAX_LENGTH = 35;

	/**
	 * The post's language as a locale or tag, or null when none can be told (the bridge then takes English). The
	 * site's locale (get_locale(), the content's language; determine_locale() is the current user's) stands for a
	 * post that no multilingual plugin gives a language, and for a filtered value the bridge would refuse.
	 */
	public static function of( WP_Post $post ): ?string {
		$site     = self::valid( get_locale() );
		$language = self::from_polylang( $post ) ?? self::from_wpml( $post ) ?? $site;
		/**
		 * Filters the language a post is sent to the bridge with: pages of one language are only ever linked to pages
		 * of the same language, and read with its stemmer and stop words.
		 *
		 * @param string|null $language A WordPress locale or BCP 47 tag ("de_DE", "pt-BR"): Polylang's, WPML's or the site's.
		 * @param WP_Post     $post     The post.
		 */
		$filtered = apply_filters( 'interlinker_page_language', $language, $post );
		return self::valid( $filtered ) ?? $language;
	}

	/** Polylang's public function, when Polylang is active and the post has a language. */
	private static function from_polylang( WP_Post $post ): ?string {
		if ( ! function_exists( 'pll_get_post_language' ) ) {
			return null;
		}
		return self::valid( pll_get_post_language( $post->ID, 'locale' ) );
	}

	/** WPML's public filter `wpml_post_language_details`, which answers its default (null) when WPML is not active. */
	private static function from_wpml( WP_Post $post ): ?string {
		$details = apply_filters( 'wpml_post_language_details', null, $post->ID );
		return is_array( $details ) ? self::valid( $details['locale'] ?? null ) : null;
	}

	/**
	 * The value when it has the shape of a language tag, else null.
	 *
	 * @param mixed $language What a function or filter answered.
	 */
	private static function valid( mixed $language ): ?string {
		if ( ! is_string( $language ) ) {
			return null;
		}
		$language = trim( $language );
		return strlen( $language ) <= self::MAX_LENGTH && 1 === preg_match( self::TAG_SHAPE, $language ) ? $language : null;
	}
}
