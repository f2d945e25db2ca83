<?php
/**
 * Finds block delimiters (`<!-- wp:name {json} -->`, `<!-- wp:name /-->`, `<!-- /wp:name -->`) where WordPress's
 * block parser finds them (WP_Block_Parser::next_token()): the JSON runs to the first "}" followed by whitespace and
 * "-->" or "/-->", so it may hold "-->" that an HTML parser would take for the end of the comment.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Html;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Block_Delimiters {

	/** What precedes the attributes: "<!--", whitespace, "/" for a closer, "wp:", the name, whitespace. */
	private const HEAD = '/\G<!--[ \t\f\r\n]++(\/)?wp:((?:[a-z][a-z0-9_-]*+\/)?[a-z][a-z0-9_-]*+)[ \t\f\r\n]++/';

	/** The end of the attributes and of the delimiter: the parser's JSON stops at the first "}" this follows. */
	private const ATTRIBUTES_END = '/\}[ \t\f\r\n]++(\/)?-->/';

	/**
	 * The delimiters in document order, never overlapping, as the block parser reads them one after another.
	 *
	 * @return array<int, array{start: int, end: int, name: string, closer: bool, void: bool}>
	 */
	public static function in( string $content ): array {
		$found = array();
		$at    = 0;
		// The first attributes end at or after $searched_from (-1: none): searches only move forward, so each
		// byte is read once however many "<!-- wp:x {" never end (no quadratic time on hostile content).
		$searched_from = -1;
		$attributes    = null;
		for ( $open = strpos( $content, '<!--' ); false !== $open; $open = strpos( $content, '<!--', $at ) ) {
			if ( 1 !== preg_match( self::HEAD, $content, $head, 0, $open ) ) {
				$at = $open + 1;
				continue;
			}
			$after = $open + strlen( $head[0] );
			$end   = null;
			$void  = false;
			if ( '{' === ( $content[ $after ] ?? '' ) ) {
				$from = $after + 1;
				if ( $searched_from < 0 || $searched_from > $from || ( null !== $attributes && $attributes[1] < $from ) ) {
					$searched_from = $from;
					$attributes    = 1 === preg_match( self::ATTRIBUTES_END, $content, $m, PREG_OFFSET_CAPTURE, $from ) ? $m[0] : null;
				}
				if ( null !== $attributes ) {
					$end  = $attributes[1] + strlen( $attributes[0] );
					$void = str_ends_with( $attributes[0], '/-->' );
				}
			} elseif ( str_starts_with( substr( $content, $after, 4 ), '/-->' ) ) {
				$end  = $after + 4;
				$void = true;
			} elseif ( str_starts_with( substr( $content, $after, 3 ), '-->' ) ) {
				$end = $after + 3;
			}
			if ( null === $end ) {
				$at = $open + 1;
				continue;
			}
			$found[] = array(
				'start'  => $open,
				'end'    => $end,
				'name'   => str_contains( $head[2], '/' ) ? $head[2] : 'core/' . $head[2],
				'closer' => '/' === $head[1],
				'void'   => $void,
			);
			$at      = $end;
		}
		return $found;
	}

	/**
	 * The content with each delimiter blanked to an empty comment of the same length: an HTML parser then reads
	 * each delimiter as one comment, where WordPress reads it, and byte offsets stay those of the content.
	 *
	 * @param array<int, array{start: int, end: int, name: string, closer: bool, void: bool}> $delimiters
	 */
	public static function masked( string $content, array $delimiters ): string {
		$out  = '';
		$from = 0;
		foreach ( $delimiters as $delimiter ) {
			$out .= substr( $content, $from, $delimiter['start'] - $from ) . '<!--' . str_repeat( ' ', $delimiter['end'] - $delimiter['start'] - 7 ) . '-->';
			$from = $delimiter['end'];
		}
		return $out . substr( $content, $from );
	}
}
