<?php
/**
 * Finds the byte range to wrap for a suggestion: the anchor inside its context, in linkable text.
 *
 * Matching ignores whitespace (the bridge and this plugin may join blocks and lines differently) but nothing
 * else: every other character must be there, in order, as the bridge saw it.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Html;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Anchor_Finder {

	private const SPACE = '/[\s\p{Z}\x{200B}\x{FEFF}]+/u';

	/** The visible text without whitespace. */
	private string $skeleton = '';
	/** @var int[] Byte offset in $skeleton of each of its characters. */
	private array $skeleton_offsets = array();
	/** @var int[] Index in the visible text of each of the skeleton's characters. */
	private array $skeleton_chars = array();

	public function __construct( private readonly Visible_Text $text ) {
		foreach ( $text->chars as $index => $character ) {
			if ( ! preg_match( self::SPACE, $character ) ) {
				$this->skeleton_offsets[] = strlen( $this->skeleton );
				$this->skeleton_chars[]   = $index;
				$this->skeleton          .= $character;
			}
		}
	}

	/**
	 * @return array{0: int, 1: int, 2: int, 3: int}|Link_Failure Byte range [start, end) in the content, and the
	 *         bounds of the markup around it (the end of the visible character before, the start of the one
	 *         after), or why there is none.
	 */
	public function find( string $anchor, string $context ): array|Link_Failure {
		$anchor_skeleton = self::squeeze( $anchor );
		if ( '' === $anchor_skeleton || false === strpos( $this->skeleton, $anchor_skeleton ) ) {
			return Link_Failure::anchor_missing( $anchor );
		}
		$context_skeleton = self::squeeze( self::without_ellipses( $context ) );
		if ( false === strpos( $context_skeleton, $anchor_skeleton ) ) {
			// A context that does not hold the anchor names no place; fall back to the anchor alone.
			$context_skeleton = $anchor_skeleton;
		}

		$context_found = false;
		for ( $at = strpos( $this->skeleton, $context_skeleton ); false !== $at; $at = strpos( $this->skeleton, $context_skeleton, $at + 1 ) ) {
			$context_found = true;
			$inner_end     = $at + strlen( $context_skeleton );
			for ( $in = strpos( $this->skeleton, $anchor_skeleton, $at ); false !== $in && $in + strlen( $anchor_skeleton ) <= $inner_end; $in = strpos( $this->skeleton, $anchor_skeleton, $in + 1 ) ) {
				$range = $this->linkable_range( $in, strlen( $anchor_skeleton ), $anchor );
				if ( null !== $range ) {
					return $range;
				}
			}
		}
		return $context_found ? Link_Failure::not_linkable( $anchor ) : Link_Failure::context_changed( $anchor );
	}

	/**
	 * The content bytes of an anchor match, when a link may wrap it there.
	 *
	 * @return array{0: int, 1: int, 2: int, 3: int}|null
	 */
	private function linkable_range( int $skeleton_at, int $skeleton_length, string $anchor ): ?array {
		$first = $this->char_at( $skeleton_at );
		$last  = $this->char_at( $skeleton_at + $skeleton_length - 1 );
		if ( null === $first || null === $last ) {
			return null;
		}
		$text = $this->text;
		$run  = $text->runs[ $first ];
		if ( $run < 0 ) {
			return null;
		}
		$read = '';
		for ( $i = $first; $i <= $last; $i++ ) {
			if ( $text->runs[ $i ] !== $run ) {
				return null;
			}
			$read .= $text->chars[ $i ];
		}
		// The skeleton matched; the words must also be split where the anchor splits them.
		if ( self::collapse( $read ) !== self::collapse( $anchor ) ) {
			return null;
		}
		// Whole words only: "art" must not link inside "party".
		if ( self::continues_word( $first - 1, $run ) || self::continues_word( $last + 1, $run ) ) {
			return null;
		}
		return array(
			$text->starts[ $first ],
			$text->ends[ $last ],
			$first > 0 ? $text->ends[ $first - 1 ] : 0,
			$last + 1 < $text->count() ? $text->starts[ $last + 1 ] : PHP_INT_MAX,
		);
	}

	private function continues_word( int $index, int $run ): bool {
		if ( $index < 0 || $index >= $this->text->count() || $this->text->runs[ $index ] !== $run ) {
			return false;
		}
		return 1 === preg_match( '/^[\p{L}\p{N}\p{M}_]/u', $this->text->chars[ $index ] );
	}

	/**
	 * Index in the visible text of the skeleton character that starts at, or covers, a skeleton byte offset.
	 */
	private function char_at( int $skeleton_byte ): ?int {
		$low  = 0;
		$high = count( $this->skeleton_offsets ) - 1;
		$hit  = null;
		while ( $low <= $high ) {
			$mid = intdiv( $low + $high, 2 );
			if ( $this->skeleton_offsets[ $mid ] <= $skeleton_byte ) {
				$hit = $mid;
				$low = $mid + 1;
			} else {
				$high = $mid - 1;
			}
		}
		return null === $hit ? null : $this->skeleton_chars[ $hit ];
	}

	private static function squeeze( string $text ): string {
		return (string) preg_replace( self::SPACE, '', $text );
	}

	private static function collapse( string $text ): string {
		return trim( (string) preg_replace( self::SPACE, ' ', $text ) );
	}

	private static function without_ellipses( string $text ): string {
		return (string) preg_replace( '/^(?:…|\.\.\.)|(?:…|\.\.\.)$/u', '', trim( $text ) );
	}
}
