<?php
/**
 * Rolls an implementation back, or one post's or some of its links: locks every post it changes, records the rollback on the bridge, then takes its
 * links out of each post as stored at that moment (byte-identical when nothing else changed). Nothing is written
 * before the bridge agreed, so a refusal never needs an undo that could overwrite an edit; a post that cannot be
 * saved keeps its record, and the next sync takes its links out (as for rollbacks made on the bridge directly).
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Implement;

use Interlinker\Bridge\Implementation;
use Interlinker\Bridge\Project_Api;
use Interlinker\Html\Inserted_Link;
use WP_Error;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Rollback_Service {

	public function __construct(
		private readonly Project_Api $api,
		private readonly Post_Content_Writer $writer,
		private readonly Implementation_Records $records,
		private readonly Post_Lock $locks,
		private readonly Post_Editing $editing,
	) {}

	/**
	 * Posts the rollback would edit (for the permission check), read from this site's records alone.
	 *
	 * @param string[]|null $suggestion_ids Only these links; null for every link (or those of $post_id).
	 * @param int|null      $post_id        Only this post's links.
	 * @return int[]
	 */
	public function post_ids( string $implementation_id, ?array $suggestion_ids = null, ?int $post_id = null ): array {
		$posts = $this->records->posts_of( $implementation_id );
		if ( null !== $post_id ) {
			return in_array( $post_id, $posts, true ) ? array( $post_id ) : array();
		}
		return null === $suggestion_ids ? $posts : $this->records->posts_holding( $implementation_id, $suggestion_ids );
	}

	/**
	 * Undoes the whole implementation, one post's links, or some links.
	 *
	 * @param string[]|null $suggestion_ids Only these links; null for every link (or those of $post_id).
	 * @param int|null      $post_id        Only this post's links.
	 * @return Rollback_Answer|WP_Error The implementation after rollback, with what happened to each post.
	 */
	public function rollback( string $implementation_id, string $reason, ?array $suggestion_ids = null, ?int $post_id = null ): Rollback_Answer|WP_Error {
		$implementation = $this->api->get_implementation( $implementation_id );
		if ( is_wp_error( $implementation ) ) {
			return $implementation;
		}
		if ( ! in_array( $implementation->status, array( 'pending', 'completed' ), true ) ) {
			return new WP_Error(
				'interlinker_conflict',
				/* translators: %s: implementation status. */
				sprintf( __( 'This implementation cannot be rolled back: its status is %s.', 'interlinker' ), $implementation->status ),
				array( 'status' => 409 )
			);
		}
		$scope = $this->scope( $implementation, $suggestion_ids, $post_id );
		if ( is_wp_error( $scope ) ) {
			return $scope;
		}
		[ $only, $post_ids ] = $scope;
		$locked              = $this->lock_all( $post_ids );
		if ( is_wp_error( $locked ) ) {
			return $locked;
		}
		try {
			foreach ( $post_ids as $one ) {
				$editor = $this->editing->locked_by( $one );
				if ( null !== $editor ) {
					return Post_Editing::locked_error( $one, $editor, array( 'contentChanged' => false ) );
				}
			}
			$recorded = $this->api->rollback_implementation( $implementation_id, $reason, $only );
			if ( is_wp_error( $recorded ) ) {
				$data                   = (array) $recorded->get_error_data();
				$data['contentChanged'] = false;
				return new WP_Error( $recorded->get_error_code(), $recorded->get_error_message(), $data );
			}
			$results = $this->revert_held( $implementation_id, $post_ids, $only );
		} finally {
			$this->release_all( $post_ids );
		}
		if ( null !== $only && 'rolled_back' === $recorded->status ) {
			// Nothing of it is left on the bridge (a bridge from before single-link undo rolls everything back
			// whatever it was asked): the site follows, so that no link stays that the bridge shows as undone.
			$rest = $this->revert_locally( $implementation_id );
			if ( ! is_wp_error( $rest ) ) {
				$results = array_merge( $results, $rest );
			}
		}
		return new Rollback_Answer( $recorded, $results );
	}

	/**
	 * Which links go (null: all of them) and the posts that hold them; a request for every link still in place is
	 * the whole rollback.
	 *
	 * @param string[]|null $suggestion_ids
	 * @return array{0: string[]|null, 1: int[]}|WP_Error
	 */
	private function scope( Implementation $implementation, ?array $suggestion_ids, ?int $post_id ): array|WP_Error {
		if ( null === $suggestion_ids && null === $post_id ) {
			return array( null, $this->records->posts_of( $implementation->id ) );
		}
		$applied = $implementation->applied_suggestion_ids();
		if ( 'pending' === $implementation->status ) {
			return new WP_Error(
				'interlinker_conflict',
				__( 'This implementation is still in progress: only all of it can be rolled back.', 'interlinker' ),
				array( 'status' => 409 )
			);
		}
		if ( null !== $post_id ) {
			$record = $this->records->find( $post_id, $implementation->id );
			$held   = null === $record ? array() : array_map( static fn( Inserted_Link $link ): string => $link->suggestion_id, Implementation_Records::links_of( $record ) );
			$wanted = array_values( array_intersect( $held, $applied ) );
			if ( array() === $wanted ) {
				return new WP_Error(
					'interlinker_nothing_to_undo',
					__( 'No link of this implementation is left in this post.', 'interlinker' ),
					array(
						'status' => 409,
						'postId' => $post_id,
					)
				);
			}
		} else {
			$wanted      = array_values( array_unique( (array) $suggestion_ids ) );
			$not_applied = array_values( array_diff( $wanted, $applied ) );
			if ( $not_applied ) {
				return new WP_Error(
					'interlinker_nothing_to_undo',
					/* translators: %s: suggestion ids. */
					sprintf( __( 'These links are not in place (never inserted, or already undone): %s.', 'interlinker' ), implode( ', ', $not_applied ) ),
					array(
						'status'        => 409,
						'suggestionIds' => $not_applied,
					)
				);
			}
		}
		if ( array() === array_diff( $applied, $wanted ) ) {
			return array( null, $this->records->posts_of( $implementation->id ) );
		}
		return array( $wanted, $this->records->posts_holding( $implementation->id, $wanted ) );
	}

	/**
	 * Takes an implementation's links out of the site's posts without asking the bridge (for rollbacks the bridge
	 * already recorded, found on sync).
	 *
	 * @param string[]|null $suggestion_ids Only these links; null for all of them.
	 * @return Rollback_Post_Result[]|WP_Error
	 */
	public function revert_locally( string $implementation_id, ?array $suggestion_ids = null ): array|WP_Error {
		$post_ids = null === $suggestion_ids ? $this->records->posts_of( $implementation_id ) : $this->records->posts_holding( $implementation_id, $suggestion_ids );
		$locked   = $this->lock_all( $post_ids );
		if ( is_wp_error( $locked ) ) {
			return $locked;
		}
		try {
			return $this->revert_held( $implementation_id, $post_ids, $suggestion_ids );
		} finally {
			$this->release_all( $post_ids );
		}
	}

	/**
	 * Reverts posts whose locks this request holds, each read as stored now.
	 *
	 * @param int[]         $post_ids
	 * @param string[]|null $suggestion_ids Only these links; null for all of them.
	 * @return Rollback_Post_Result[]
	 */
	private function revert_held( string $implementation_id, array $post_ids, ?array $suggestion_ids ): array {
		$results = array();
		foreach ( $post_ids as $post_id ) {
			$record = $this->records->find( $post_id, $implementation_id );
			$post   = $this->editing->fresh( $post_id );
			if ( null === $record || null === $post ) {
				if ( null === $suggestion_ids ) {
					$this->records->remove( $post_id, $implementation_id );
				}
				continue;
			}
			$before = $post->post_content;
			$change = Link_Undo::compute( $before, $record, $suggestion_ids );
			if ( $change['content'] !== $before ) {
				$saved = $this->writer->save( $post_id, $change['content'] );
				if ( is_wp_error( $saved ) ) {
					// The record stays: the next sync finds the rollback on the bridge and tries this post again.
					$results[] = Rollback_Post_Result::save_failed( $post_id, $saved->get_error_message() );
					continue;
				}
			}
			$kept = array_map( static fn( Inserted_Link $link ): string => $link->suggestion_id, $change['kept'] );
			$this->records->remember_undone( $post_id, $implementation_id, array_values( array_filter( Implementation_Records::links_of( $record ), static fn( Inserted_Link $link ): bool => ! in_array( $link->suggestion_id, $kept, true ) ) ) );
			$this->records->keep_links( $post_id, $record, $change['kept'], $change['keptHash'] );
			$results[] = Rollback_Post_Result::reverted( $post_id, $change );
		}
		return $results;
	}

	/**
	 * Every post's lock, or none.
	 *
	 * @param int[] $post_ids
	 */
	private function lock_all( array $post_ids ): bool|WP_Error {
		$held = array();
		foreach ( $post_ids as $post_id ) {
			if ( ! $this->locks->acquire( $post_id ) ) {
				$this->release_all( $held );
				return new WP_Error(
					'interlinker_post_busy',
					__( 'Another Interlinker change to one of these posts is in progress; try again in a moment.', 'interlinker' ),
					array(
						'status'         => 409,
						'postId'         => $post_id,
						'contentChanged' => false,
					)
				);
			}
			$held[] = $post_id;
		}
		return true;
	}

	/**
	 * @param int[] $post_ids
	 */
	private function release_all( array $post_ids ): void {
		foreach ( $post_ids as $post_id ) {
			$this->locks->release( $post_id );
		}
	}
}
