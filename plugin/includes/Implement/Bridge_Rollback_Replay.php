<?php
/**
 * Replays on the site the rollbacks made through the bridge's API directly (their links are still in the posts),
 * whole or of single links:
 * finds them among the bridge's rolled-back implementations and takes their links out the way a rollback from
 * wp-admin does. A step of the full sync and of the per-post sync (Site_Sync); it edits posts, so no GET runs it.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Implement;

use Interlinker\Bridge\Implementation;
use Interlinker\Bridge\Project_Api;
use WP_Error;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Bridge_Rollback_Replay {

	/** Implementations per list call, and the most ids the bridge's `ids` filter takes. */
	private const PAGE_SIZE = 100;
	/** A bound on the pages read in one go; what is not reached is found by a later sync. */
	private const MAX_PAGES = 50;

	public function __construct(
		private readonly Project_Api $api,
		private readonly Rollback_Service $rollbacks,
		private readonly Implementation_Records $records,
	) {}

	/**
	 * Every implementation still applied somewhere on the site (the full sync).
	 *
	 * @return string[]|WP_Error Ids of implementations reverted on the site.
	 */
	public function replay_all(): array|WP_Error {
		return $this->revert( array_fill_keys( $this->records->applied_ids(), null ) );
	}

	/**
	 * The implementations applied to these posts (the per-post sync).
	 *
	 * @param int[] $post_ids
	 * @return string[]|WP_Error
	 */
	public function replay_for_posts( array $post_ids ): array|WP_Error {
		return $this->revert( $this->records->applied_to( $post_ids ) );
	}

	/**
	 * Finds which of the wanted implementations the bridge shows as rolled back, and reverts those on the site.
	 *
	 * @param array<string, string|null> $wanted Implementation id → the bridge's createdAt, when known.
	 * @return string[]|WP_Error
	 */
	private function revert( array $wanted ): array|WP_Error {
		if ( ! $wanted ) {
			return array();
		}
		$rolled_back = count( $wanted ) <= self::PAGE_SIZE ? $this->rolled_back_by_ids( array_keys( $wanted ) ) : $this->rolled_back_by_paging( $wanted );
		if ( is_wp_error( $rolled_back ) ) {
			return $rolled_back;
		}
		$reverted = array();
		foreach ( $rolled_back as $id => $links ) {
			$id = (string) $id;
			if ( null !== $links && array() === $this->records->posts_holding( $id, $links ) ) {
				continue;
			}
			$results = $this->rollbacks->revert_locally( $id, $links );
			if ( ! is_wp_error( $results ) && array() === array_filter( $results, static fn( Rollback_Post_Result $result ): bool => Rollback_Post_Result::SAVE_FAILED === $result->outcome ) ) {
				$reverted[] = $id;
			}
		}
		return $reverted;
	}

	/**
	 * One call: the bridge filters by the ids (at most PAGE_SIZE). Rolled-back implementations, and completed ones
	 * with links undone one by one.
	 *
	 * @param array<int, string|int> $ids
	 * @return array<string, string[]|null>|WP_Error Implementation id → its undone links (null: all of them).
	 */
	private function rolled_back_by_ids( array $ids ): array|WP_Error {
		$page = $this->api->list_implementations(
			array(
				'ids'   => implode( ',', array_map( 'strval', $ids ) ),
				'limit' => self::PAGE_SIZE,
			)
		);
		if ( is_wp_error( $page ) ) {
			return $page;
		}
		$undone = array();
		foreach ( $page['items'] as $implementation ) {
			if ( 'rolled_back' === $implementation->status ) {
				$undone[ $implementation->id ] = null;
			} elseif ( 'completed' === $implementation->status && $implementation->rolled_back_suggestion_ids() ) {
				$undone[ $implementation->id ] = $implementation->rolled_back_suggestion_ids();
			}
		}
		return $undone;
	}

	/**
	 * More ids than one call takes: reads the bridge's rolled-back implementations, newest first, until every
	 * wanted one was seen or the list is older than the oldest wanted one.
	 *
	 * @param array<string, string|null> $wanted
	 * @return array<string, null>|WP_Error Implementation id → null (all its links).
	 */
	private function rolled_back_by_paging( array $wanted ): array|WP_Error {
		$known  = array_filter( $wanted, 'is_string' );
		$oldest = count( $known ) === count( $wanted ) ? min( $known ) : null;
		$found  = array();
		for ( $page_number = 0; $page_number < self::MAX_PAGES; $page_number++ ) {
			$page = $this->api->list_implementations(
				array(
					'status' => 'rolled_back',
					'limit'  => self::PAGE_SIZE,
					'offset' => $page_number * self::PAGE_SIZE,
				)
			);
			if ( is_wp_error( $page ) ) {
				return $page;
			}
			foreach ( $page['items'] as $implementation ) {
				if ( array_key_exists( $implementation->id, $wanted ) ) {
					$found[ $implementation->id ] = true;
				}
			}
			$last = end( $page['items'] );
			// The list is ordered by creation, newest first: past the oldest wanted one, nothing more can match.
			$past_oldest = null !== $oldest && false !== $last && null !== $last->created_at && $last->created_at < $oldest;
			if ( count( $found ) === count( $wanted ) || $past_oldest || ( $page_number + 1 ) * self::PAGE_SIZE >= $page['total'] ) {
				break;
			}
		}
		return array_fill_keys( array_map( 'strval', array_keys( $found ) ), null );
	}
}
