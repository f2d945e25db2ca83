<?php
/**
 * WP_HTML_Tag_Processor that also tells where the current token sits in the document, so that callers can
 * edit the original bytes themselves and leave everything else untouched.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Html;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Html_Scanner extends \WP_HTML_Tag_Processor {

	private const HERE = 'interlinker-here';

	/**
	 * Byte offset and length of the current token, or null when there is none.
	 *
	 * @return array{0: int, 1: int}|null
	 */
	public function token_span(): ?array {
		if ( ! $this->set_bookmark( self::HERE ) ) {
			return null;
		}
		$span = $this->bookmarks[ self::HERE ];
		$this->release_bookmark( self::HERE );
		return array( $span->start, $span->length );
	}
}
