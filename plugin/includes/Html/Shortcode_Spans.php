<?php
/**
 * Finds the byte ranges of shortcodes in post content, registered or not: a deactivated plugin's
 * "[gallery ids=…]" is still a shortcode to whoever reactivates it, so links never go inside one.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Html;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Shortcode_Spans {

	/**
	 * Shortcode-shaped tags: "[name", optional attributes, "]" or "/]"; names as WordPress allows them.
	 * An "[[escaped]]" shortcode is matched as well: it prints literally, but it is still not plain text.
	 */
	private const TAG = '/\[(\/?)([A-Za-z0-9_-]+)(?=[\s\/\]])[^\[\]]*?(\/?)\]/';

	/**
	 * Sorted, non-overlapping [start, end) byte ranges. An opening tag whose closing tag follows later
	 * covers everything up to that closing tag (enclosed content belongs to the shortcode).
	 *
	 * @return array<int, array{0: int, 1: int}>
	 */
	public static function in( string $content ): array {
		if ( ! str_contains( $content, '[' ) ) {
			return array();
		}
		preg_match_all( self::TAG, $content, $matches, PREG_SET_ORDER | PREG_OFFSET_CAPTURE );
		// Closers by name, in order, each list read through once: finding an opener's closer never rescans
		// (a post of many unclosed "[x]" would otherwise take quadratic time).
		$closers = array();
		foreach ( $matches as $index => $match ) {
			if ( '/' === $match[1][0] ) {
				$closers[ strtolower( $match[2][0] ) ][] = $index;
			}
		}
		$next  = array();
		$spans = array();
		foreach ( $matches as $index => $match ) {
			$start = $match[0][1];
			$end   = $start + strlen( $match[0][0] );
			if ( '' === $match[1][0] && '' === $match[3][0] ) {
				// An opener: extend to its closer when there is one (the first after it with the same name).
				$name = strtolower( $match[2][0] );
				$list = $closers[ $name ] ?? array();
				$at   = $next[ $name ] ?? 0;
				while ( isset( $list[ $at ] ) && $list[ $at ] < $index ) {
					++$at;
				}
				$next[ $name ] = $at;
				if ( isset( $list[ $at ] ) ) {
					$closer = $matches[ $list[ $at ] ][0];
					$end    = $closer[1] + strlen( $closer[0] );
				}
			}
			$spans[] = array( $start, $end );
		}
		return self::merged( $spans );
	}

	/**
	 * The content without its shortcodes: what the bridge gets, so that it never proposes an anchor there.
	 */
	public static function strip( string $content ): string {
		$out  = '';
		$from = 0;
		foreach ( self::in( $content ) as [ $start, $end ] ) {
			$out .= substr( $content, $from, $start - $from );
			$from = $end;
		}
		return $out . substr( $content, $from );
	}

	/**
	 * @param array<int, array{0: int, 1: int}> $spans
	 * @return array<int, array{0: int, 1: int}>
	 */
	private static function merged( array $spans ): array {
		usort( $spans, static fn( array $a, array $b ): int => $a[0] <=> $b[0] );
		$merged = array();
		foreach ( $spans as $span ) {
			$last = count( $merged ) - 1;
			if ( $last >= 0 && $span[0] <= $merged[ $last ][1] ) {
				$merged[ $last ][1] = max( $merged[ $last ][1], $span[1] );
			} else {
				$merged[] = $span;
			}
		}
		return $merged;
	}
}
