<?php
/**
 * After the post types, excluded categories or excluded paths change, queues for sync the posts the bridge has
 * whose exclusion those changes may have turned, so that the bridge learns at once which pages it may suggest.
 * Too many for one deferred run are left to the full sync.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Sync;

use Interlinker\Content\Site_Content;
use Interlinker\Settings\Settings;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Exclusion_Resync {

	/** Posts one deferred run may send: ten full-sync batches. */
	private const MAX_QUEUED = 500;

	public function __construct(
		private readonly Settings $settings,
		private readonly Site_Content $content,
		private readonly Sync_Queue $queue,
	) {}

	/**
	 * The settings that decide exclusions, to compare with after a save.
	 *
	 * @return array{postTypes: string[], excludedCategories: int[], excludedPaths: string[]}
	 */
	public function snapshot(): array {
		return array(
			'postTypes'          => $this->settings->post_types(),
			'excludedCategories' => $this->settings->excluded_categories(),
			'excludedPaths'      => $this->settings->excluded_paths(),
		);
	}

	/**
	 * Queues the posts touched by the difference between $before and the settings now.
	 *
	 * @param array{postTypes: string[], excludedCategories: int[], excludedPaths: string[]} $before As snapshot() gave it.
	 * @return bool False when too many posts are touched: a full sync must send them.
	 */
	public function queue_changed( array $before ): bool {
		$after = $this->snapshot();
		$ids   = $this->content->known_ids_touched_by(
			self::changed( $before['excludedCategories'], $after['excludedCategories'] ),
			self::changed( $before['postTypes'], $after['postTypes'] ),
			self::changed( $before['excludedPaths'], $after['excludedPaths'] ),
		);
		if ( count( $ids ) > self::MAX_QUEUED ) {
			return false;
		}
		$this->queue->add_posts( $ids );
		return true;
	}

	/**
	 * Values in one list and not in the other.
	 *
	 * @template T of int|string
	 * @param T[] $before
	 * @param T[] $after
	 * @return T[]
	 */
	private static function changed( array $before, array $after ): array {
		return array_values( array_unique( array_merge( array_diff( $before, $after ), array_diff( $after, $before ) ) ) );
	}
}
