<?php
/**
 * The links in one post's content, counted the way the link-count columns and report show them: internal links (to
 * this site's host, or relative), with the posts they lead to, and external links (to other hosts). Links within the
 * page (#…), mailto:, tel: and other non-web schemes are not links to a page and are left out.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Links;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Content_Links {

	/**
	 * @param int             $internal Links to this site.
	 * @param int             $external Links to other sites.
	 * @param array<int, int> $targets  Post id → how many of the internal links lead to it.
	 */
	public function __construct(
		public readonly int $internal,
		public readonly int $external,
		public readonly array $targets,
	) {}

	/**
	 * @param string                $html    Post content.
	 * @param string                $home    The site's home URL (relative links resolve against its origin).
	 * @param callable(string): int $post_of Absolute URL on this site → the post it is, or 0.
	 */
	public static function of( string $html, string $home, callable $post_of ): self {
		$internal = 0;
		$external = 0;
		$targets  = array();
		if ( '' === $html || false === stripos( $html, '<a' ) ) {
			return new self( 0, 0, array() );
		}
		$site_host = self::host( $home );
		$origin    = (string) preg_replace( '~^([a-z][a-z0-9+.\-]*://[^/?#]+).*$~i', '$1', $home );
		$tags      = new \WP_HTML_Tag_Processor( $html );
		while ( $tags->next_tag( 'a' ) ) {
			$href = $tags->get_attribute( 'href' );
			if ( ! is_string( $href ) ) {
				continue;
			}
			$url = self::absolute( trim( $href ), $origin );
			if ( null === $url ) {
				continue;
			}
			$host = self::host( $url );
			if ( $host !== $site_host ) {
				++$external;
				continue;
			}
			++$internal;
			$post_id = $post_of( $url );
			if ( $post_id > 0 ) {
				$targets[ $post_id ] = ( $targets[ $post_id ] ?? 0 ) + 1;
			}
		}
		return new self( $internal, $external, $targets );
	}

	/**
	 * The host as compared: lower case, without a leading "www." (the same site either way).
	 */
	public static function host( string $url ): string {
		$host = strtolower( (string) wp_parse_url( $url, PHP_URL_HOST ) );
		return str_starts_with( $host, 'www.' ) ? substr( $host, 4 ) : $host;
	}

	/**
	 * An http(s) URL for $href, or null when it leads to no page: empty, within the page, another scheme.
	 */
	private static function absolute( string $href, string $origin ): ?string {
		if ( '' === $href || str_starts_with( $href, '#' ) ) {
			return null;
		}
		if ( str_starts_with( $href, '//' ) ) {
			return 'https:' . $href;
		}
		if ( preg_match( '/^([a-z][a-z0-9+.\-]*):/i', $href, $scheme ) ) {
			return in_array( strtolower( $scheme[1] ), array( 'http', 'https' ), true ) ? $href : null;
		}
		// Relative: on this site. Post content has no base of its own; its links are read from the site's root.
		return $origin . ( str_starts_with( $href, '/' ) ? '' : '/' ) . $href;
	}
}
