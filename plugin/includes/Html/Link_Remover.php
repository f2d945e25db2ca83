<?php
/**
 * Takes inserted links out again: exactly at their recorded offsets when the content is as we left it,
 * otherwise by their marker, keeping whatever the editor changed around (and inside) them.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Html;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Link_Remover {

	/**
	 * Removes the recorded tags at their recorded offsets; null when any of them is not exactly there.
	 *
	 * @param Inserted_Link[] $links As recorded at insertion, against this content.
	 */
	public static function remove_recorded( string $content, array $links ): ?string {
		$cuts = array();
		foreach ( $links as $link ) {
			if ( substr( $content, $link->open_at, strlen( $link->opener ) ) !== $link->opener
				|| substr( $content, $link->close_at, strlen( $link->closer ) ) !== $link->closer ) {
				return null;
			}
			$cuts[] = array( $link->open_at, strlen( $link->opener ) );
			$cuts[] = array( $link->close_at, strlen( $link->closer ) );
		}
		return self::cut( $content, $cuts );
	}

	/**
	 * Unwraps every link marked with one of these suggestion ids; the text inside stays.
	 *
	 * @param string[] $suggestion_ids Suggestions whose links go.
	 * @return array{content: string, removed: string[]} The new content and the ids whose link was found.
	 */
	public static function remove_marked( string $content, array $suggestion_ids ): array {
		$scanner = new Html_Scanner( $content );
		$cuts    = array();
		$removed = array();
		$open    = null;
		$depth   = 0;
		while ( $scanner->next_token() ) {
			if ( '#tag' !== $scanner->get_token_type() || 'A' !== $scanner->get_tag() ) {
				continue;
			}
			if ( $scanner->is_tag_closer() ) {
				if ( null !== $open && 0 === --$depth ) {
					$cuts[] = $open;
					$cuts[] = $scanner->token_span();
					$open   = null;
				}
				$depth = max( 0, $depth );
				continue;
			}
			if ( null !== $open ) {
				++$depth;
				continue;
			}
			$marker = $scanner->get_attribute( Link_Inserter::MARKER );
			if ( is_string( $marker ) && in_array( $marker, $suggestion_ids, true ) ) {
				$open      = $scanner->token_span();
				$depth     = 1;
				$removed[] = $marker;
			}
		}
		if ( null !== $open ) {
			// An opener without a closer (the editor deleted it): the opener alone goes.
			$cuts[] = $open;
		}
		return array(
			'content' => self::cut( $content, array_filter( $cuts ) ),
			'removed' => array_values( array_unique( $removed ) ),
		);
	}

	/**
	 * @param array<int, array{0: int, 1: int}|null> $cuts Byte ranges [offset, length] to remove.
	 */
	private static function cut( string $content, array $cuts ): string {
		usort( $cuts, static fn( array $a, array $b ): int => $b[0] <=> $a[0] );
		foreach ( $cuts as [ $offset, $length ] ) {
			$content = substr_replace( $content, '', $offset, $length );
		}
		return $content;
	}
}
