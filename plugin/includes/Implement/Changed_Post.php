<?php
/**
 * A post an implementation changed on this site, with the links it put there (what a rollback would take out).
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Implement;

use Interlinker\Html\Inserted_Link;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Changed_Post {

	/**
	 * @param string                                                                               $edit_link    Empty when the current user may not edit the post.
	 * @param Inserted_Link[]                                                                      $links        The links still in the post.
	 * @param array<int, array{suggestionId: string, anchorText: string, href: string, undoneAt: string}> $undone_links Links undone since.
	 * @param string                                                                               $url          The post's address ('' when it has none).
	 */
	public function __construct(
		public readonly int $post_id,
		public readonly string $title,
		public readonly string $edit_link,
		public readonly array $links,
		public readonly array $undone_links = array(),
		public readonly string $url = '',
	) {}

	/**
	 * @return array<string, mixed> As the `interlinker-implementation-details` schema describes a post.
	 */
	public function to_rest(): array {
		return array(
			'postId'      => $this->post_id,
			'title'       => $this->title,
			'url'         => $this->url,
			'editLink'    => $this->edit_link,
			'undoneLinks' => $this->undone_links,
			'links'       => array_map(
				static fn( Inserted_Link $link ): array => array(
					'suggestionId' => $link->suggestion_id,
					'anchorText'   => $link->anchor_text,
					'href'         => $link->href,
				),
				$this->links
			),
		);
	}
}
