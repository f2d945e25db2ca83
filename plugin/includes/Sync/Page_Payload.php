<?php
/**
 * The page the bridge gets for a post: its URL, title, stored content without shortcodes, status, whether it is
 * excluded from suggestions, the phrases its editors want it linked for, and its language.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Sync;

use Interlinker\Html\Shortcode_Spans;
use WP_Post;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Page_Payload {

	/** The bridge refuses content over 2 MiB. */
	private const MAX_CONTENT_BYTES = 2 * 1024 * 1024;

	/**
	 * A published post as it is now. The stored content (not the rendered one) is what links go into, so it is
	 * what suggestions must be made from; shortcodes are left out so that no anchor is proposed inside one.
	 * A password-protected post goes without its content: the page exists, but what it says stays private.
	 * An excluded post is never a suggestion's source or target, yet links to it and in it count for link health.
	 * Keyphrases go only when there are some: a page sent without them loses those it had. The language goes whenever
	 * one can be told (Page_Language): the bridge reads the page in it and links it only to pages of that language.
	 * The dates go whenever WordPress has them: they tell one post of a dated series from another.
	 *
	 * @return array{url: string, title: string, content: string, statusCode: int, excluded: bool, keyphrases?: string[], language?: string, publishedAt?: string, modifiedAt?: string}
	 */
	public static function live( WP_Post $post, string $url, bool $excluded ): array {
		$content = '' === $post->post_password ? Shortcode_Spans::strip( $post->post_content ) : '';
		if ( strlen( $content ) > self::MAX_CONTENT_BYTES ) {
			$content = mb_strcut( $content, 0, self::MAX_CONTENT_BYTES, 'UTF-8' );
		}
		$page       = array(
			'url'        => $url,
			'title'      => self::title( $post ),
			'content'    => $content,
			'statusCode' => 200,
			'excluded'   => $excluded,
		);
		$keyphrases = Post_Keyphrases::of( $post );
		if ( $keyphrases ) {
			$page['keyphrases'] = $keyphrases;
		}
		$language = Page_Language::of( $post );
		if ( null !== $language ) {
			$page['language'] = $language;
		}
		$published = self::utc_date( $post->post_date_gmt );
		if ( null !== $published ) {
			$page['publishedAt'] = $published;
		}
		$modified = self::utc_date( $post->post_modified_gmt );
		if ( null !== $modified ) {
			$page['modifiedAt'] = $modified;
		}
		return $page;
	}

	/**
	 * A GMT date column of wp_posts as ISO 8601 UTC, or null for WordPress's "no date" ('0000-00-00 00:00:00', as a
	 * draft has) or anything that is not a date.
	 */
	private static function utc_date( string $gmt ): ?string {
		$date = \DateTimeImmutable::createFromFormat( '!Y-m-d H:i:s', $gmt, new \DateTimeZone( 'UTC' ) );
		if ( false === $date || $date->format( 'Y-m-d H:i:s' ) !== $gmt || (int) $date->format( 'Y' ) < 1970 ) {
			return null;
		}
		return $date->format( 'Y-m-d\\TH:i:s\\Z' );
	}

	/**
	 * A URL that no longer shows the post: 410 when it is gone (trashed, deleted, unpublished), 301 when it moved.
	 *
	 * @return array{url: string, title: string, content: string, statusCode: int}
	 */
	public static function gone( string $url, string $title = '', int $status = 410 ): array {
		return array(
			'url'        => $url,
			'title'      => $title,
			'content'    => '',
			'statusCode' => $status,
		);
	}

	public static function title( WP_Post $post ): string {
		return mb_substr( html_entity_decode( wp_strip_all_tags( get_the_title( $post ) ), ENT_QUOTES | ENT_HTML5, 'UTF-8' ), 0, 1000 );
	}
}
