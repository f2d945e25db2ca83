<?php
/**
 * Rolls an implementation back: takes its links out of every post it changed (byte-identical when nothing else
 * changed), then records the rollback on the bridge; puts the links back if the bridge will not record it.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Implement;

use Interlinker\Bridge\Project_Api;
use WP_Error;
use WP_Post;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Rollback_Service {

	public function __construct(
		private readonly Project_Api $api,
		private readonly Post_Content_Writer $writer,
		private readonly Implementation_Records $records,
		private readonly Post_Lock $locks,
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
	 * @return array<string, mixed>|WP_Error The implementation after rollback, plus `results` per post.
	 */
	public function rollback( string $implementation_id, string $reason ): array|WP_Error {
		$implementation = $this->api->get_implementation( $implementation_id );
		if ( is_wp_error( $implementation ) ) {
			return $implementation;
		}
		if ( ! in_array( $implementation['status'], array( 'pending', 'completed' ), true ) ) {
			return new WP_Error(
				'interlinker_conflict',
				/* translators: %s: implementation status. */
				sprintf( __( 'This implementation cannot be rolled back: its status is %s.', 'interlinker' ), $implementation['status'] ),
				array( 'status' => 409 )
			);
		}

		$reverted = $this->revert_locally( $implementation_id );
		if ( is_wp_error( $reverted ) ) {
			return $reverted;
		}
		$recorded = $this->api->rollback_implementation( $implementation_id, $reason );
		if ( is_wp_error( $recorded ) ) {
			// The bridge still counts the links as implemented: put them back as they were.
			$this->undo( $reverted['undo'] );
			$data                   = (array) $recorded->get_error_data();
			$data['contentChanged'] = false;
			return new WP_Error( $recorded->get_error_code(), $recorded->get_error_message(), $data );
		}
		$recorded['results'] = $reverted['results'];
		return $recorded;
	}

	/**
	 * Takes an implementation's links out of the site's posts without asking the bridge (for rollbacks the bridge
	 * already recorded, found on sync).
	 *
	 * @return array{results: array<int, array<string, mixed>>, undo: array<int, array{content: string|null, record: array<string, mixed>}>}|WP_Error
	 */
	public function revert_locally( string $implementation_id ): array|WP_Error {
		$results = array();
		$undo    = array();
		foreach ( $this->records->posts_of( $implementation_id ) as $post_id ) {
			$record = $this->records->find( $post_id, $implementation_id );
			$post   = get_post( $post_id );
			if ( null === $record || ! $post instanceof WP_Post ) {
				$this->records->remove( $post_id, $implementation_id );
				continue;
			}
			if ( ! $this->locks->acquire( $post_id ) ) {
				$this->undo( $undo );
				return new WP_Error( 'interlinker_post_busy', __( 'Another Interlinker change to one of these posts is in progress; try again in a moment.', 'interlinker' ), array( 'status' => 409 ) );
			}
			try {
				$before = $post->post_content;
				$change = Link_Undo::compute( $before, $record );
				if ( $change['content'] !== $before ) {
					$saved = $this->writer->save( $post_id, $change['content'] );
					if ( is_wp_error( $saved ) ) {
						$this->undo( $undo );
						return $saved;
					}
				}
				$undo[ $post_id ] = array(
					'content' => $change['content'] !== $before ? $before : null,
					'record'  => $record,
				);
				$this->records->remove( $post_id, $implementation_id );
				$results[] = array(
					'postId'               => $post_id,
					'outcome'              => $change['outcome'],
					'removedSuggestionIds' => $change['removed'],
					'missingSuggestionIds' => $change['missing'],
				);
			} finally {
				$this->locks->release( $post_id );
			}
		}
		return array(
			'results' => $results,
			'undo'    => $undo,
		);
	}

	/**
	 * Puts posts and records back as they were before revert_locally().
	 *
	 * @param array<int, array{content: string|null, record: array<string, mixed>}> $undo
	 */
	private function undo( array $undo ): void {
		foreach ( $undo as $post_id => $previous ) {
			if ( null !== $previous['content'] ) {
				$this->writer->save( $post_id, $previous['content'] );
			}
			$this->records->restore( $post_id, $previous['record'] );
		}
	}
}
