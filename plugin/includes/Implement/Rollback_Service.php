<?php
/**
 * Rolls an implementation back: locks every post it changed, records the rollback on the bridge, then takes its
 * links out of each post as stored at that moment (byte-identical when nothing else changed). Nothing is written
 * before the bridge agreed, so a refusal never needs an undo that could overwrite an edit; a post that cannot be
 * saved keeps its record, and the next sync takes its links out (as for rollbacks made on the bridge directly).
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Implement;

use Interlinker\Bridge\Project_Api;
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
	 * Posts the rollback would edit (for the permission check).
	 *
	 * @return int[]
	 */
	public function post_ids( string $implementation_id ): array {
		return $this->records->posts_of( $implementation_id );
	}

	/**
	 * @return Rollback_Answer|WP_Error The implementation after rollback, with what happened to each post.
	 */
	public function rollback( string $implementation_id, string $reason ): Rollback_Answer|WP_Error {
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
		$post_ids = $this->records->posts_of( $implementation_id );
		$locked   = $this->lock_all( $post_ids );
		if ( is_wp_error( $locked ) ) {
			return $locked;
		}
		try {
			foreach ( $post_ids as $post_id ) {
				$editor = $this->editing->locked_by( $post_id );
				if ( null !== $editor ) {
					return Post_Editing::locked_error( $post_id, $editor, array( 'contentChanged' => false ) );
				}
			}
			$recorded = $this->api->rollback_implementation( $implementation_id, $reason );
			if ( is_wp_error( $recorded ) ) {
				$data                   = (array) $recorded->get_error_data();
				$data['contentChanged'] = false;
				return new WP_Error( $recorded->get_error_code(), $recorded->get_error_message(), $data );
			}
			return new Rollback_Answer( $recorded, $this->revert_held( $implementation_id, $post_ids ) );
		} finally {
			$this->release_all( $post_ids );
		}
	}

	/**
	 * Takes an implementation's links out of the site's posts without asking the bridge (for rollbacks the bridge
	 * already recorded, found on sync).
	 *
	 * @return Rollback_Post_Result[]|WP_Error
	 */
	public function revert_locally( string $implementation_id ): array|WP_Error {
		$post_ids = $this->records->posts_of( $implementation_id );
		$locked   = $this->lock_all( $post_ids );
		if ( is_wp_error( $locked ) ) {
			return $locked;
		}
		try {
			return $this->revert_held( $implementation_id, $post_ids );
		} finally {
			$this->release_all( $post_ids );
		}
	}

	/**
	 * Reverts posts whose locks this request holds, each read as stored now.
	 *
	 * @param int[] $post_ids
	 * @return Rollback_Post_Result[]
	 */
	private function revert_held( string $implementation_id, array $post_ids ): array {
		$results = array();
		foreach ( $post_ids as $post_id ) {
			$record = $this->records->find( $post_id, $implementation_id );
			$post   = $this->editing->fresh( $post_id );
			if ( null === $record || null === $post ) {
				$this->records->remove( $post_id, $implementation_id );
				continue;
			}
			$before = $post->post_content;
			$change = Link_Undo::compute( $before, $record );
			if ( $change['content'] !== $before ) {
				$saved = $this->writer->save( $post_id, $change['content'] );
				if ( is_wp_error( $saved ) ) {
					// The record stays: the next sync finds the rollback on the bridge and tries this post again.
					$results[] = Rollback_Post_Result::save_failed( $post_id, $saved->get_error_message() );
					continue;
				}
			}
			$this->records->remove( $post_id, $implementation_id );
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
