<?php
/**
 * Keeps the markers of inserted links (`data-interlinker="sug_…"`) out of what visitors get. The stored content
 * keeps them: rollback finds its links by them, and the block editor edits the stored content.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Html;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Public_Markers {

	/**
	 * The content as shown: the links without their markers (the_content, which also renders REST's
	 * `content.rendered` and feeds).
	 *
	 * @param mixed $content The rendered content; another filter may have made it something else than a string.
	 */
	public static function strip( mixed $content ): mixed {
		if ( ! is_string( $content ) || ! str_contains( $content, Link_Inserter::MARKER ) ) {
			return $content;
		}
		$tags = new \WP_HTML_Tag_Processor( $content );
		while ( $tags->next_tag( 'a' ) ) {
			if ( null !== $tags->get_attribute( Link_Inserter::MARKER ) ) {
				$tags->remove_attribute( Link_Inserter::MARKER );
			}
		}
		return $tags->get_updated_html();
	}
}
