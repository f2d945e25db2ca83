<?php
/**
 * Why one link could not be inserted (or removed): a stable code and a sentence for the editor.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Html;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Link_Failure {

	public function __construct(
		public readonly string $code,
		public readonly string $reason,
	) {}

	public static function anchor_missing( string $anchor ): self {
		/* translators: %s: anchor text. */
		return new self( 'anchor_missing', sprintf( __( 'The anchor text “%s” is no longer in the post.', 'interlinker' ), $anchor ) );
	}

	public static function context_changed( string $anchor ): self {
		/* translators: %s: anchor text. */
		return new self( 'context_changed', sprintf( __( 'The text around “%s” has changed since the suggestion was made, so the right place for the link is no longer certain.', 'interlinker' ), $anchor ) );
	}

	public static function not_linkable( string $anchor ): self {
		/* translators: %s: anchor text. */
		return new self( 'anchor_not_linkable', sprintf( __( '“%s” now stands where a link cannot go (inside a link, heading, code, shortcode, attribute or a block that holds no links).', 'interlinker' ), $anchor ) );
	}

	public static function spans_markup( string $anchor ): self {
		/* translators: %s: anchor text. */
		return new self( 'anchor_spans_markup', sprintf( __( '“%s” crosses formatting that a link cannot wrap without breaking the markup.', 'interlinker' ), $anchor ) );
	}

	public static function already_linked(): self {
		return new self( 'already_linked', __( 'The post already links to the target page.', 'interlinker' ) );
	}

	public static function anchor_already_linked( string $anchor ): self {
		/* translators: %s: anchor text. */
		return new self( 'anchor_already_linked', sprintf( __( '“%s” is already linked in this post by Interlinker: the same words link one page per post.', 'interlinker' ), $anchor ) );
	}

	public static function overlaps( string $anchor ): self {
		/* translators: %s: anchor text. */
		return new self( 'overlaps_another_link', sprintf( __( '“%s” overlaps another link inserted in the same step.', 'interlinker' ), $anchor ) );
	}

	public static function limit_reached( int $limit ): self {
		/* translators: %d: the most links allowed per post. */
		return new self( 'link_limit_reached', sprintf( __( 'The post already holds the most Interlinker links allowed per post (%d).', 'interlinker' ), $limit ) );
	}
}
