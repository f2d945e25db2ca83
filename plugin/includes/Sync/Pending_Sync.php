<?php
/**
 * What the deferred sync queue holds: posts to send, and the synced URLs of deleted posts.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Sync;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Pending_Sync {

	/**
	 * @param int[]    $post_ids  Oldest first.
	 * @param string[] $gone_urls Oldest first.
	 */
	public function __construct(
		public readonly array $post_ids,
		public readonly array $gone_urls,
	) {}

	/**
	 * @param Sync_Queue_Entry[] $entries
	 */
	public static function of( array $entries ): self {
		$post_ids  = array();
		$gone_urls = array();
		foreach ( $entries as $entry ) {
			if ( $entry->post_id > 0 ) {
				$post_ids[] = $entry->post_id;
			} else {
				$gone_urls[] = $entry->url;
			}
		}
		return new self( $post_ids, $gone_urls );
	}

	/**
	 * @return array{postIds: int[], goneUrls: string[]} As the `interlinker-sync-queue` schema describes it.
	 */
	public function to_rest(): array {
		return array(
			'postIds'  => $this->post_ids,
			'goneUrls' => $this->gone_urls,
		);
	}
}
