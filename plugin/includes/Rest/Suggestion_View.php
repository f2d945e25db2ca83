<?php
/**
 * Adds the site's side to a bridge suggestion: post ids, titles and edit links of its source and target.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Rest;

use Interlinker\Bridge\Suggestion;
use Interlinker\Content\Site_Content;
use WP_Post;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Suggestion_View {

	/** @var array<string, int> URL → post id, for one request. */
	private array $ids = array();

	public function __construct( private readonly Site_Content $content ) {}

	/**
	 * @return array<string, mixed> As the `interlinker-suggestion` schema describes it.
	 */
	public function present( Suggestion $suggestion ): array {
		$source = $this->post_id( $suggestion->source_page_url );
		$target = $this->post_id( $suggestion->target_page_url );
		return $suggestion->to_rest() + array(
			'sourcePostId'   => $source,
			'targetPostId'   => $target,
			'sourceTitle'    => self::title( $source ),
			'targetTitle'    => self::title( $target ),
			'sourceEditLink' => self::edit_link( $source ),
			'targetEditLink' => self::edit_link( $target ),
		);
	}

	/**
	 * Whether the current user may read both posts of a presented suggestion: a private post of someone else
	 * (or any post the user cannot read) keeps the suggestion out of their lists, title and all.
	 *
	 * @param array<string, mixed> $presented As present() returned it.
	 */
	public static function is_readable( array $presented ): bool {
		foreach ( array( 'sourcePostId', 'targetPostId' ) as $field ) {
			$post_id = (int) ( $presented[ $field ] ?? 0 );
			if ( $post_id > 0 && ! current_user_can( 'read_post', $post_id ) ) {
				return false;
			}
		}
		return true;
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
