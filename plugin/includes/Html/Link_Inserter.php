<?php
/**
 * Inserts links into post content only where contract §7 allows: in visible text outside links, headings,
 * attributes, shortcodes, block delimiters, script, style, code and pre, at the place the suggestion's context
 * names. Every byte outside the inserted tags stays as it was.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Html;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Link_Inserter {

	/** The attribute that marks a link as ours, holding the suggestion id; rollback finds links by it. */
	public const MARKER = 'data-interlinker';

	/** Blocks whose text never gets a link: code, raw HTML, buttons, navigation and the like. */
	public const DEFAULT_EXCLUDED_BLOCKS = array(
		'core/code',
		'core/preformatted',
		'core/verse',
		'core/html',
		'core/shortcode',
		'core/button',
		'core/buttons',
		'core/navigation',
		'core/navigation-link',
		'core/file',
		'core/embed',
		'core/search',
		'core/table-of-contents',
		'core/freeform',
		'core/footnotes',
	);

	private const VOID = array( 'AREA', 'BASE', 'BR', 'COL', 'EMBED', 'HR', 'IMG', 'INPUT', 'LINK', 'META', 'SOURCE', 'TRACK', 'WBR' );

	/**
	 * @param string[]|null $excluded_blocks Block names whose text is never linked; null: the defaults through the
	 *                                       `interlinker_excluded_blocks` filter, read when links are inserted.
	 */
	public function __construct( private readonly ?array $excluded_blocks = null ) {}

	/**
	 * @param string         $content    Post content as stored.
	 * @param Link_Request[] $requests   Links to insert, most wanted first.
	 * @param int            $room       How many more links the post may take.
	 * @param int            $limit      The per-post limit, for the failure message.
	 */
	public function insert( string $content, array $requests, int $room, int $limit ): Insertion_Result {
		/** Filters the block names ("core/code") whose text never receives a link. */
		$blocks   = $this->excluded_blocks ?? array_map( 'strval', (array) apply_filters( 'interlinker_excluded_blocks', self::DEFAULT_EXCLUDED_BLOCKS ) );
		$text     = Visible_Text::of( $content, $blocks );
		$finder   = new Anchor_Finder( $text );
		$linked   = self::linked_urls( $content );
		$anchors  = self::our_anchor_texts( $content );
		$accepted = array();
		$failures = array();

		foreach ( $requests as $request ) {
			if ( array_intersect( array_map( array( self::class, 'comparable_url' ), $request->target_urls ), $linked ) ) {
				$failures[ $request->suggestion_id ] = Link_Failure::already_linked();
				continue;
			}
			// The same words never link two pages in one post: a keyphrase two posts claim links only the first.
			$words = self::comparable_text( $request->anchor_text );
			if ( isset( $anchors[ $words ] ) ) {
				$failures[ $request->suggestion_id ] = Link_Failure::anchor_already_linked( $request->anchor_text );
				continue;
			}
			$range = $finder->find( $request->anchor_text, $request->context );
			if ( $range instanceof Link_Failure ) {
				$failures[ $request->suggestion_id ] = $range;
				continue;
			}
			$wrapped = self::balanced_range( $content, ...$range );
			if ( null === $wrapped ) {
				$failures[ $request->suggestion_id ] = Link_Failure::spans_markup( $request->anchor_text );
				continue;
			}
			[ $start, $end ] = $wrapped;
			foreach ( $accepted as $other ) {
				if ( $start < $other['end'] && $end > $other['start'] ) {
					$failures[ $request->suggestion_id ] = Link_Failure::overlaps( $request->anchor_text );
					continue 2;
				}
			}
			if ( count( $accepted ) >= $room ) {
				$failures[ $request->suggestion_id ] = Link_Failure::limit_reached( $limit );
				continue;
			}
			$accepted[] = array(
				'start'   => $start,
				'end'     => $end,
				'request' => $request,
			);
			$linked[]   = self::comparable_url( $request->href );

			$anchors[ $words ] = true;
		}

		return self::apply( $content, $accepted, $failures );
	}

	/**
	 * The opening tag for a request, built by the HTML API so that the attribute values are escaped.
	 */
	public static function opener( Link_Request $request ): string {
		// Attributes in reading order; values set (and escaped) by the HTML API. data-type and data-id are what
		// the block editor's link format writes for a link to a post.
		$to_post = $request->target_post_id > 0 && '' !== $request->target_type;
		$tag     = new \WP_HTML_Tag_Processor( $to_post ? '<a href="" data-type="" data-id="" ' . self::MARKER . '="">' : '<a href="" ' . self::MARKER . '="">' );
		$tag->next_tag();
		$tag->set_attribute( 'href', esc_url( $request->href ) );
		if ( $to_post ) {
			$tag->set_attribute( 'data-type', $request->target_type );
			$tag->set_attribute( 'data-id', (string) $request->target_post_id );
		}
		$tag->set_attribute( self::MARKER, $request->suggestion_id );
		return $tag->get_updated_html();
	}

	/**
	 * Hrefs of the links already in the content, comparable with comparable_url().
	 *
	 * @return string[]
	 */
	public static function linked_urls( string $content ): array {
		$urls    = array();
		$scanner = new \WP_HTML_Tag_Processor( $content );
		while ( $scanner->next_tag( array( 'tag_name' => 'A' ) ) ) {
			$href = $scanner->get_attribute( 'href' );
			if ( is_string( $href ) && '' !== $href ) {
				$urls[] = self::comparable_url( \WP_Http::make_absolute_url( $href, home_url( '/' ) ) );
			}
		}
		return $urls;
	}

	/**
	 * The words of the links Interlinker already put in the content (marked with MARKER), comparable with
	 * comparable_text(), as keys.
	 *
	 * @return array<string, true>
	 */
	private static function our_anchor_texts( string $content ): array {
		$texts   = array();
		$text    = null;
		$scanner = new \WP_HTML_Tag_Processor( $content );
		while ( $scanner->next_token() ) {
			$type = $scanner->get_token_type();
			if ( '#text' === $type && null !== $text ) {
				$text .= $scanner->get_modifiable_text();
			} elseif ( '#tag' === $type && 'A' === $scanner->get_tag() ) {
				if ( $scanner->is_tag_closer() && null !== $text ) {
					$texts[ self::comparable_text( $text ) ] = true;
					$text                                    = null;
				} elseif ( ! $scanner->is_tag_closer() && null !== $scanner->get_attribute( self::MARKER ) ) {
					$text = '';
				}
			}
		}
		return $texts;
	}

	/**
	 * Case and runs of white space do not make other words.
	 */
	private static function comparable_text( string $text ): string {
		return mb_strtolower( trim( (string) preg_replace( '/\s+/u', ' ', $text ) ), 'UTF-8' );
	}

	/**
	 * Scheme, host case, trailing slash and fragment do not make a different page.
	 */
	public static function comparable_url( string $url ): string {
		$parts = wp_parse_url( $url );
		if ( ! is_array( $parts ) || empty( $parts['host'] ) ) {
			return $url;
		}
		$port = isset( $parts['port'] ) && ! in_array( (int) $parts['port'], array( 80, 443 ), true ) ? ':' . $parts['port'] : '';
		$path = untrailingslashit( $parts['path'] ?? '' );
		return strtolower( $parts['host'] ) . $port . $path . ( isset( $parts['query'] ) ? '?' . $parts['query'] : '' );
	}

	/**
	 * The range to wrap: the anchor itself, or, when it starts or ends inside formatting ("<em>bread</em> flour"),
	 * the anchor with the adjoining tags that make it whole. Only tags are taken in, never text or comments.
	 *
	 * @return array{0: int, 1: int}|null
	 */
	private static function balanced_range( string $content, int $start, int $end, int $before, int $after ): ?array {
		$starts = array_merge( array( $start ), self::adjoining_tags( $content, $before, $start, true ) );
		$ends   = array_merge( array( $end ), self::adjoining_tags( $content, $end, min( $after, strlen( $content ) ), false ) );
		foreach ( $starts as $from ) {
			foreach ( $ends as $to ) {
				if ( self::is_balanced( substr( $content, $from, $to - $from ) ) ) {
					return array( $from, $to );
				}
			}
		}
		return null;
	}

	/**
	 * Offsets of the tags in [$from, $to) that touch the anchor with nothing but tags between: tag starts going
	 * backwards from $to, or tag ends going forwards from $from.
	 *
	 * @return int[] Nearest first.
	 */
	private static function adjoining_tags( string $content, int $from, int $to, bool $backwards ): array {
		$tokens  = array();
		$scanner = new Html_Scanner( substr( $content, $from, $to - $from ) );
		while ( $scanner->next_token() ) {
			$span     = $scanner->token_span();
			$tokens[] = array( '#tag' === $scanner->get_token_type(), $from + $span[0], $from + $span[0] + $span[1] );
		}
		$offsets = array();
		foreach ( $backwards ? array_reverse( $tokens ) : $tokens as [ $is_tag, $token_start, $token_end ] ) {
			if ( ! $is_tag ) {
				break;
			}
			$offsets[] = $backwards ? $token_start : $token_end;
		}
		return $offsets;
	}

	/**
	 * Whether a link may wrap this markup whole: every tag opened inside it is closed inside it.
	 */
	private static function is_balanced( string $html ): bool {
		$open    = array();
		$scanner = new \WP_HTML_Tag_Processor( $html );
		while ( $scanner->next_token() ) {
			if ( '#tag' !== $scanner->get_token_type() ) {
				continue;
			}
			$name = (string) $scanner->get_tag();
			if ( in_array( $name, self::VOID, true ) ) {
				continue;
			}
			if ( ! $scanner->is_tag_closer() ) {
				$open[] = $name;
			} elseif ( array_pop( $open ) !== $name ) {
				return false;
			}
		}
		return ! $open && ! $scanner->paused_at_incomplete_token();
	}

	/**
	 * @param array<int, array{start: int, end: int, request: Link_Request}> $accepted
	 * @param array<string, Link_Failure>                                   $failures
	 */
	private static function apply( string $content, array $accepted, array $failures ): Insertion_Result {
		usort( $accepted, static fn( array $a, array $b ): int => $a['start'] <=> $b['start'] );
		$out      = '';
		$from     = 0;
		$inserted = array();
		foreach ( $accepted as $link ) {
			$opener = self::opener( $link['request'] );
			$closer = '</a>';
			$out   .= substr( $content, $from, $link['start'] - $from );
			$open   = strlen( $out );
			$out   .= $opener . substr( $content, $link['start'], $link['end'] - $link['start'] );
			$close  = strlen( $out );
			$out   .= $closer;
			$from   = $link['end'];

			$inserted[] = new Inserted_Link( $link['request']->suggestion_id, $open, $opener, $close, $closer, $link['request']->anchor_text, $link['request']->href );
		}
		return new Insertion_Result( $out . substr( $content, $from ), $inserted, $failures );
	}
}
