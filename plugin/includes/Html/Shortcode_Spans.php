<?php
/**
 * Finds the byte ranges of shortcodes in post content, so that links never go inside one.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Html;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Shortcode_Spans {

	/** Bytes a shortcode name cannot hold (add_shortcode() refuses them); every other byte may be in one. */
	private const NOT_NAME = "<>&/[]=\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\x20";

	/** Quoted attribute values looked through in one tag for a "]" WordPress would end the tag at. */
	private const MAX_QUOTED_VALUES = 32;

	/**
	 * Sorted, non-overlapping [start, end) byte ranges, following get_shortcode_regex() for every name, registered
	 * or not (a deactivated plugin's "[gallery]" is a shortcode again once it is reactivated): a tag runs from "["
	 * and a name to the first "]", "[" included ("[caption caption=\"see [the docs]\"]"); a tag followed later by
	 * its closing tag covers everything up to it (enclosed content belongs to the shortcode); the brackets of an
	 * escaped "[[gallery]]" belong to it. Wider than WordPress where it is safer: a "]" inside a quoted value does
	 * not end the tag, and every "[name" is a tag, nested or not. Brackets inside block delimiters are not
	 * shortcodes. Time is O(n log n) in the content's length whatever its brackets and quotes.
	 *
	 * @return array<int, array{0: int, 1: int}>
	 */
	public static function in( string $content ): array {
		if ( ! str_contains( $content, '[' ) ) {
			return array();
		}
		$content = Block_Delimiters::masked( $content, Block_Delimiters::in( $content ) );
		$length  = strlen( $content );
		$closes  = self::positions( $content, ']' );
		$quotes  = array(
			'"'  => self::positions( $content, '"' ),
			"'"  => self::positions( $content, "'" ),
		);
		$opening = array();
		foreach ( $quotes as $quote => $at ) {
			// A quote opens a value after "=" or a space (shortcode_parse_atts()); elsewhere it is an apostrophe.
			$opening[ $quote ] = array_values( array_filter( $at, static fn( int $i ): bool => $i > 0 && ( '=' === $content[ $i - 1 ] || ord( $content[ $i - 1 ] ) <= 0x20 ) ) );
		}

		$closers = array();
		$spans   = array();
		for ( $at = strpos( $content, '[/' ); false !== $at; $at = strpos( $content, '[/', $at + 2 ) ) {
			$name = strcspn( $content, self::NOT_NAME, $at + 2 );
			if ( $name > 0 && ']' === ( $content[ $at + 2 + $name ] ?? '' ) ) {
				$closers[ strtolower( substr( $content, $at + 2, $name ) ) ][] = $at;
				$spans[] = array( $at, $at + 3 + $name );
			}
		}

		for ( $at = strpos( $content, '[' ); false !== $at; $at = strpos( $content, '[', $at + 1 ) ) {
			$name = strcspn( $content, self::NOT_NAME, $at + 1 );
			if ( 0 === $name ) {
				continue;
			}
			$after   = $at + 1 + $name;
			$bracket = self::next( $closes, $after );
			if ( $bracket < 0 ) {
				break;
			}
			$tag_end = self::through_quotes( $quotes, $opening, $closes, $after, $bracket ) + 1;
			$end     = $tag_end;
			if ( '/' !== $content[ $bracket - 1 ] ) {
				// Enclosing: WordPress takes the first closing tag after the opening tag's first "]".
				$list   = $closers[ strtolower( substr( $content, $at + 1, $name ) ) ] ?? array();
				$closer = self::next( $list, $bracket + 1 );
				if ( $closer >= 0 ) {
					$end = max( $end, $closer + 3 + $name );
				}
			}
			$spans[] = array( $at, $end );
		}

		foreach ( $spans as &$span ) {
			// "[[gallery]]" prints "[gallery]": its outer brackets are the shortcode's too.
			if ( $span[0] > 0 && '[' === $content[ $span[0] - 1 ] ) {
				--$span[0];
			}
			if ( $span[1] < $length && ']' === $content[ $span[1] ] ) {
				++$span[1];
			}
		}
		unset( $span );
		return self::merged( $spans );
	}

	/**
	 * The "]" that ends a tag whose first "]" is at $bracket, reading quoted values that hold a "]" as values.
	 *
	 * @param array<string, int[]> $quotes  Offsets of each quote.
	 * @param array<string, int[]> $opening Offsets of each quote where it can open a value.
	 * @param int[]                $closes  Offsets of "]".
	 */
	private static function through_quotes( array $quotes, array $opening, array $closes, int $from, int $bracket ): int {
		for ( $i = 0; $i < self::MAX_QUOTED_VALUES; $i++ ) {
			$open  = -1;
			$quote = '"';
			foreach ( $opening as $kind => $list ) {
				$at = self::next( $list, $from );
				if ( $at >= 0 && $at < $bracket && ( $open < 0 || $at < $open ) ) {
					$open  = $at;
					$quote = $kind;
				}
			}
			if ( $open < 0 ) {
				break;
			}
			$close = self::next( $quotes[ $quote ], $open + 1 );
			if ( $close < 0 ) {
				break;
			}
			if ( $close > $bracket ) {
				$next = self::next( $closes, $close + 1 );
				if ( $next < 0 ) {
					break;
				}
				$bracket = $next;
			}
			$from = $close + 1;
		}
		return $bracket;
	}

	/**
	 * @return int[] Offsets of $byte in $content, in order.
	 */
	private static function positions( string $content, string $byte ): array {
		$found = array();
		for ( $at = strpos( $content, $byte ); false !== $at; $at = strpos( $content, $byte, $at + 1 ) ) {
			$found[] = $at;
		}
		return $found;
	}

	/**
	 * The first of the sorted $list at or after $from, or -1.
	 *
	 * @param int[] $list
	 */
	private static function next( array $list, int $from ): int {
		$low  = 0;
		$high = count( $list );
		while ( $low < $high ) {
			$middle = ( $low + $high ) >> 1;
			if ( $list[ $middle ] < $from ) {
				$low = $middle + 1;
			} else {
				$high = $middle;
			}
		}
		return $list[ $low ] ?? -1;
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
