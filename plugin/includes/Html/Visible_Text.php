<?php
/**
 * The visible text of post content, character by character, each with its byte range in the content and
 * whether a link may wrap it. Built with WP_HTML_Tag_Processor: attributes, comments (block delimiters
 * included) and raw-text elements are never text; shortcodes are left out, as they are in what the bridge gets.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Html;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Visible_Text {

	/**
	 * Text inside these is visible but never linked: links, headings, code, form controls. The same list as the
	 * engine's NO_ANCHOR (bridge/src/engine/visible-text.ts), checked on both sides by test/fixtures/markup-cases.json;
	 * textarea is read by the tag processor as part of its tag, so it never holds text here.
	 */
	private const FORBIDDEN = array(
		'A'        => 'A',
		'H1'       => 'H',
		'H2'       => 'H',
		'H3'       => 'H',
		'H4'       => 'H',
		'H5'       => 'H',
		'H6'       => 'H',
		'CODE'     => 'CODE',
		'PRE'      => 'PRE',
		'KBD'      => 'KBD',
		'SAMP'     => 'SAMP',
		'VAR'      => 'VAR',
		'BUTTON'   => 'BUTTON',
		'LABEL'    => 'LABEL',
		'SELECT'   => 'SELECT',
		'OPTION'   => 'OPTION',
		'TT'       => 'TT',
	);

	/** Text inside these is not shown at all (as the bridge reads it): it is left out of the visible text. */
	private const HIDDEN = array( 'SVG', 'MATH', 'NOSCRIPT', 'TEMPLATE', 'OBJECT', 'HEAD' );

	/** Phrasing elements a link may wrap whole: they do not end a run of linkable text. */
	private const INLINE = array( 'EM', 'STRONG', 'B', 'I', 'U', 'S', 'SPAN', 'MARK', 'SMALL', 'SUB', 'SUP', 'ABBR', 'CITE', 'Q', 'DEL', 'INS', 'TIME', 'DFN', 'BDI', 'BDO', 'DATA' );

	/** @var string[] One visible character each (a character reference counts as one). */
	public array $chars = array();
	/** @var int[] Byte offset in the content where each character's source starts. */
	public array $starts = array();
	/** @var int[] Byte offset in the content where each character's source ends. */
	public array $ends = array();
	/**
	 * Run of linkable text each character belongs to, or -1 where no link may go. Characters of one run are
	 * separated only by phrasing tags a link can wrap whole.
	 *
	 * @var int[]
	 */
	public array $runs = array();

	private int $run = 0;

	/** @var array<int, array{0: int, 1: int}> Shortcode byte ranges, sorted. */
	private array $shortcodes = array();

	/** The first shortcode range that may still hold a character: characters come in content order. */
	private int $shortcode_at = 0;

	/**
	 * @param string   $content         Post content as stored.
	 * @param string[] $excluded_blocks Block names ("core/code") whose text is never linked.
	 */
	public static function of( string $content, array $excluded_blocks ): self {
		$text = new self();
		$text->read( $content, $excluded_blocks );
		return $text;
	}

	public function count(): int {
		return count( $this->chars );
	}

	public function is_linkable( int $index ): bool {
		return ( $this->runs[ $index ] ?? -1 ) >= 0;
	}

	/**
	 * @param string[] $excluded_blocks
	 */
	private function read( string $content, array $excluded_blocks ): void {
		// Each block delimiter is read as one comment, where WordPress's block parser finds it: its JSON may hold "-->".
		$delimiters = array();
		$found      = Block_Delimiters::in( $content );
		foreach ( $found as $delimiter ) {
			$delimiters[ $delimiter['start'] ] = $delimiter;
		}
		$scanner          = new Html_Scanner( Block_Delimiters::masked( $content, $found ) );
		$this->shortcodes = Shortcode_Spans::in( $content );
		$depths           = array();
		$hidden           = 0;
		$blocks           = array();
		$blocked_depth    = 0;

		while ( $scanner->next_token() ) {
			$span = $scanner->token_span();
			if ( null === $span ) {
				break;
			}
			switch ( $scanner->get_token_type() ) {
				case '#text':
					if ( $hidden > 0 ) {
						break;
					}
					$linkable = 0 === array_sum( $depths ) && 0 === $blocked_depth;
					$this->add_text( $content, $span[0], $span[1], $linkable );
					break;
				case '#tag':
					$name = (string) $scanner->get_tag();
					if ( in_array( $name, self::HIDDEN, true ) && ! $scanner->has_self_closing_flag() ) {
						$hidden = max( 0, $hidden + ( $scanner->is_tag_closer() ? -1 : 1 ) );
					}
					if ( isset( self::FORBIDDEN[ $name ] ) ) {
						$group            = self::FORBIDDEN[ $name ];
						$depths[ $group ] = max( 0, ( $depths[ $group ] ?? 0 ) + ( $scanner->is_tag_closer() ? -1 : 1 ) );
					}
					if ( ! in_array( $name, self::INLINE, true ) ) {
						++$this->run;
					}
					break;
				case '#comment':
					++$this->run;
					$delimiter = $delimiters[ $span[0] ] ?? null;
					if ( null !== $delimiter && $span[1] === $delimiter['end'] - $delimiter['start'] && ! $delimiter['void'] ) {
						$block = $delimiter['name'];
						if ( $delimiter['closer'] ) {
							$closed = array_pop( $blocks );
							if ( null !== $closed && in_array( $closed, $excluded_blocks, true ) ) {
								--$blocked_depth;
							}
						} else {
							$blocks[] = $block;
							if ( in_array( $block, $excluded_blocks, true ) ) {
								++$blocked_depth;
							}
						}
					}
					break;
				default:
					++$this->run;
			}
		}
	}

	/**
	 * Decodes one text node, keeping each character's byte range; characters inside shortcodes are left out.
	 */
	private function add_text( string $content, int $at, int $length, bool $linkable ): void {
		$end = $at + $length;
		while ( $at < $end ) {
			$amp   = strpos( $content, '&', $at );
			$plain = false === $amp || $amp >= $end ? $end : $amp;
			if ( $plain > $at ) {
				$this->add_plain( substr( $content, $at, $plain - $at ), $at, $linkable );
				$at = $plain;
				continue;
			}
			$matched = 0;
			$decoded = \WP_HTML_Decoder::read_character_reference( 'data', $content, $at, $matched );
			if ( false === $decoded || $at + $matched > $end ) {
				$this->add_char( '&', $at, $at + 1, $linkable );
				++$at;
				continue;
			}
			$this->add_char( $decoded, $at, $at + $matched, $linkable );
			$at += $matched;
		}
	}

	private function add_plain( string $plain, int $at, bool $linkable ): void {
		$characters = preg_split( '//u', $plain, -1, PREG_SPLIT_NO_EMPTY );
		if ( false === $characters ) {
			// Not valid UTF-8: keep the bytes visible for context matching, but never link them.
			$characters = str_split( $plain );
			$linkable   = false;
		}
		foreach ( $characters as $character ) {
			$next = $at + strlen( $character );
			$this->add_char( $character, $at, $next, $linkable );
			$at = $next;
		}
	}

	private function add_char( string $character, int $start, int $end, bool $linkable ): void {
		// Ranges that end before this character can hold no later one either: skip them for good.
		while ( isset( $this->shortcodes[ $this->shortcode_at ] ) && $this->shortcodes[ $this->shortcode_at ][1] <= $start ) {
			++$this->shortcode_at;
		}
		$range = $this->shortcodes[ $this->shortcode_at ] ?? null;
		if ( null !== $range && $start < $range[1] && $end > $range[0] ) {
			// The bridge never saw this text; a link must not start or end across it either.
			++$this->run;
			return;
		}
		$this->chars[]  = $character;
		$this->starts[] = $start;
		$this->ends[]   = $end;
		$this->runs[]   = $linkable ? $this->run : -1;
	}
}
