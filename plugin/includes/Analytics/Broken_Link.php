<?php
/**
 * One item of GET /analytics/broken-links: a link in a synced page to a URL that answers an error, and the site's
 * post the link is in.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Analytics;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Broken_Link {

	/**
	 * @param int    $source_post_id   0 when the source URL is no post of this site.
	 * @param string $source_edit_link Empty unless the current user may edit the source post.
	 */
	public function __construct(
		public readonly string $source_page_id,
		public readonly string $source_page_url,
		public readonly string $target_url,
		public readonly string $anchor_text,
		public readonly int $status_code,
		public readonly int $source_post_id,
		public readonly string $source_edit_link,
	) {}

	/**
	 * @param array<string, mixed> $item The bridge's item, already sanitised (Bridge_Data::generic()).
	 * @param callable             $post Gives the post id and edit link of a URL: fn( string $url ): array{int, string}.
	 */
	public static function from_bridge( array $item, callable $post ): self {
		$source_url                  = self::string( $item['sourcePageUrl'] ?? '' );
		list( $post_id, $edit_link ) = $post( $source_url );
		return new self(
			self::string( $item['sourcePageId'] ?? '' ),
			$source_url,
			self::string( $item['targetUrl'] ?? '' ),
			self::string( $item['anchorText'] ?? '' ),
			is_numeric( $item['statusCode'] ?? null ) ? (int) $item['statusCode'] : 0,
			$post_id,
			$edit_link
		);
	}

	/**
	 * @return array{sourcePageId: string, sourcePageUrl: string, targetUrl: string, anchorText: string, statusCode: int, sourcePostId: int, sourceEditLink: string} As the `interlinker-broken-link` schema describes it.
	 */
	public function to_rest(): array {
		return array(
			'sourcePageId'   => $this->source_page_id,
			'sourcePageUrl'  => $this->source_page_url,
			'targetUrl'      => $this->target_url,
			'anchorText'     => $this->anchor_text,
			'statusCode'     => $this->status_code,
			'sourcePostId'   => $this->source_post_id,
			'sourceEditLink' => $this->source_edit_link,
		);
	}

	private static function string( mixed $value ): string {
		return is_scalar( $value ) ? (string) $value : '';
	}
}
