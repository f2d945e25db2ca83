<?php
/**
 * One item of GET /analytics/orphans: a synced page no other page links to, and the site's post it is.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Analytics;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Orphan_Page {

	/**
	 * @param int    $post_id   0 when the URL is no post of this site.
	 * @param string $edit_link Empty unless the current user may edit the post.
	 */
	public function __construct(
		public readonly string $id,
		public readonly string $url,
		public readonly string $title,
		public readonly int $post_id,
		public readonly string $edit_link,
	) {}

	/**
	 * @param array<string, mixed> $item The bridge's item, already sanitised (Bridge_Data::generic()).
	 * @param callable             $post Gives the post id and edit link of a URL: fn( string $url ): array{int, string}.
	 */
	public static function from_bridge( array $item, callable $post ): self {
		$url                         = self::string( $item['url'] ?? '' );
		list( $post_id, $edit_link ) = $post( $url );
		return new self( self::string( $item['id'] ?? '' ), $url, self::string( $item['title'] ?? '' ), $post_id, $edit_link );
	}

	/**
	 * @return array{id: string, url: string, title: string, postId: int, editLink: string} As the `interlinker-orphan-page` schema describes it.
	 */
	public function to_rest(): array {
		return array(
			'id'       => $this->id,
			'url'      => $this->url,
			'title'    => $this->title,
			'postId'   => $this->post_id,
			'editLink' => $this->edit_link,
		);
	}

	private static function string( mixed $value ): string {
		return is_scalar( $value ) ? (string) $value : '';
	}
}
