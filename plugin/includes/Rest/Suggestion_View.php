<?php
/**
 * Adds the site's side to a bridge suggestion: post ids, titles and edit links of its source and target.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Rest;

use Interlinker\Bridge\Suggestion;
use Interlinker\Suggestions\Presented_Suggestion;
use Interlinker\Content\Site_Content;
use WP_Post;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Suggestion_View {

	/** @var array<string, int> URL → post id, for one request. */
	private array $ids = array();

	public function __construct( private readonly Site_Content $content ) {}

	public function present( Suggestion $suggestion ): Presented_Suggestion {
		$source = $this->post_id( $suggestion->source_page_url );
		$target = $this->post_id( $suggestion->target_page_url );
		return new Presented_Suggestion( $suggestion, $source, $target, self::title( $source ), self::title( $target ), self::edit_link( $source ), self::edit_link( $target ) );
	}

	/**
	 * The suggestions the current user may read, presented, in their order.
	 *
	 * @param Suggestion[] $suggestions
	 * @return Presented_Suggestion[]
	 */
	public function present_readable( array $suggestions ): array {
		return array_values( array_filter( array_map( array( $this, 'present' ), $suggestions ), static fn( Presented_Suggestion $one ): bool => $one->is_readable() ) );
	}

	public function post_id( string $url ): int {
		return $this->ids[ $url ] ??= $this->content->post_id_for_url( $url );
	}

	private static function title( int $post_id ): string {
		$post = 0 === $post_id ? null : get_post( $post_id );
		return $post instanceof WP_Post ? html_entity_decode( wp_strip_all_tags( get_the_title( $post ) ), ENT_QUOTES | ENT_HTML5, 'UTF-8' ) : '';
	}

	private static function edit_link( int $post_id ): string {
		return 0 !== $post_id && current_user_can( 'edit_post', $post_id ) ? (string) get_edit_post_link( $post_id, 'raw' ) : '';
	}
}
