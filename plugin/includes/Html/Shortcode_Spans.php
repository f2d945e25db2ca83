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
		$spans = array();
		$count = count( $matches );
		for ( $i = 0; $i < $count; $i++ ) {
			$start = $matches[ $i ][0][1];
			$end   = $start + strlen( $matches[ $i ][0][0] );
			if ( '' === $matches[ $i ][1][0] && '' === $matches[ $i ][3][0] ) {
				// An opener: extend to its closer when there is one.
				$name = strtolower( $matches[ $i ][2][0] );
				for ( $j = $i + 1; $j < $count; $j++ ) {
					if ( '/' === $matches[ $j ][1][0] && strtolower( $matches[ $j ][2][0] ) === $name ) {
						$end = $matches[ $j ][0][1] + strlen( $matches[ $j ][0][0] );
						break;
					}
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
