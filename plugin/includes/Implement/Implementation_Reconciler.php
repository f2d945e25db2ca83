<?php
/**
 * Settles implementations the bridge still counts as `pending` although the implement request that created
 * them is over: it tells the bridge what is really on the site. Links of the implementation still in the site's
 * posts are reported as succeeded (the others as failed, with the reason the site recorded); when none is
 * there, the implementation is rolled back on the bridge with the reason.
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

final class Implementation_Reconciler {

	public function __construct(
		private readonly Project_Api $api,
		private readonly Unreported_Implementations $unreported,
		private readonly Implementation_Records $records,
	) {}

	/**
	 * Settles every due entry. Stops at the first bridge error (the bridge is most likely down); what is left
	 * stays for the next sync or retry.
	 */
	public function reconcile(): Reconciliation {
		$settled = array();
		foreach ( $this->unreported->due() as $entry ) {
			$outcome = $this->settle( $entry );
			if ( is_wp_error( $outcome ) ) {
				return new Reconciliation( $settled, $outcome );
			}
			$settled[] = $outcome;
		}
		return new Reconciliation( $settled );
	}

	/**
	 * Implementations still unreported after reconcile(): not due yet (their request may still be running), or
	 * left by a bridge error.
	 *
	 * @return string[]
	 */
	public function waiting(): array {
		return $this->unreported->ids();
	}

	/**
	 * @param array{key: string, implementationId: string, suggestionIds: string[], state: string, startedAt: int, results: array<int, array{suggestionId: string, succeeded: bool, reason: string}>|null} $entry
	 * @return Reconciled_Implementation|WP_Error
	 */
	private function settle( array $entry ): Reconciled_Implementation|WP_Error {
		$key = $entry['key'];
		if ( '' === $entry['implementationId'] ) {
			// The create call's answer never arrived: the same key and body bring back what it created (or create
			// it now, to be settled like any other).
			$implementation = $this->api->create_implementation( $entry['suggestionIds'], $key );
			if ( is_wp_error( $implementation ) ) {
				if ( in_array( $implementation->get_error_code(), array( 'interlinker_conflict', 'interlinker_invalid_request', 'interlinker_not_found' ), true ) ) {
					// The bridge refuses to create it, so none was created under this key.
					$this->unreported->forget( $key );
					return self::outcome( $key, 'never_created', 'unknown' );
				}
				return $implementation;
			}
			$this->unreported->attach( $key, $implementation->id );
		}
		$id             = '' !== $entry['implementationId'] ? $entry['implementationId'] : $implementation->id;
		$implementation = $this->api->get_implementation( $id );
		if ( is_wp_error( $implementation ) ) {
			if ( 'interlinker_not_found' !== $implementation->get_error_code() ) {
				return $implementation;
			}
			$this->unreported->forget( $key );
			return self::outcome( $id, 'gone', 'unknown' );
		}
		$applied = $this->applied_suggestion_ids( $id );

		if ( 'pending' === $implementation->status ) {
			$nothing_tried = null !== $entry['results'] && ! array_filter( $entry['results'], static fn( array $r ): bool => $r['succeeded'] );
			$answer        = $applied || $nothing_tried
				? $this->api->report_results( $id, self::results( $implementation->suggestion_ids, $applied, $entry['results'] ) )
				: $this->api->rollback_implementation( $id, self::rollback_reason( $entry ) );
			$outcome       = $applied || $nothing_tried ? 'reported' : 'rolled_back';
		} elseif ( 'completed' === $implementation->status && ! $applied ) {
			// An earlier report got through although its answer was lost, and the site took the links out since.
			$answer  = $this->api->rollback_implementation( $id, self::rollback_reason( $entry ) );
			$outcome = 'rolled_back';
		} else {
			$this->unreported->forget( $key );
			return self::outcome( $id, 'settled', $implementation->status );
		}

		if ( is_wp_error( $answer ) ) {
			if ( 'interlinker_conflict' !== $answer->get_error_code() ) {
				return $answer;
			}
			// Someone settled it meanwhile (another sync, or the bridge's API).
			$this->unreported->forget( $key );
			return self::outcome( $id, 'settled', $implementation->status );
		}
		$this->unreported->forget( $key );
		return self::outcome( $id, $outcome, $answer->status );
	}

	/**
	 * Suggestions of this implementation whose links are recorded in the site's posts.
	 *
	 * @return string[]
	 */
	private function applied_suggestion_ids( string $implementation_id ): array {
		$ids = array();
		foreach ( $this->records->posts_of( $implementation_id ) as $post_id ) {
			$record = $this->records->find( $post_id, $implementation_id );
			foreach ( null === $record ? array() : Implementation_Records::links_of( $record ) as $link ) {
				$ids[] = $link->suggestion_id;
			}
		}
		return array_values( array_unique( $ids ) );
	}

	/**
	 * One result per suggestion of the implementation, from what the site holds now.
	 *
	 * @param string[]                                                                          $suggestion_ids
	 * @param string[]                                                                          $applied
	 * @param array<int, array{suggestionId: string, succeeded: bool, reason: string}>|null $recorded
	 * @return array<int, array{suggestionId: string, succeeded: bool, error?: string}>
	 */
	private static function results( array $suggestion_ids, array $applied, ?array $recorded ): array {
		$by_id   = array_column( $recorded ?? array(), null, 'suggestionId' );
		$results = array();
		foreach ( $suggestion_ids as $suggestion_id ) {
			if ( in_array( $suggestion_id, $applied, true ) ) {
				$results[] = array(
					'suggestionId' => $suggestion_id,
					'succeeded'    => true,
				);
				continue;
			}
			$earlier = $by_id[ $suggestion_id ] ?? null;
			if ( null === $earlier ) {
				$reason = __( 'The implement request ended before this suggestion was tried.', 'interlinker' );
			} elseif ( $earlier['succeeded'] ) {
				$reason = __( 'The link was taken out again because the results could not be reported to the bridge.', 'interlinker' );
			} else {
				$reason = '' !== $earlier['reason'] ? $earlier['reason'] : __( 'The link could not be inserted.', 'interlinker' );
			}
			$results[] = array(
				'suggestionId' => $suggestion_id,
				'succeeded'    => false,
				'error'        => mb_substr( $reason, 0, 1000 ),
			);
		}
		return $results;
	}

	/**
	 * @param array{results: array<int, mixed>|null} $entry
	 */
	private static function rollback_reason( array $entry ): string {
		return null === $entry['results']
			? __( 'The implement request on the site stopped before it finished; none of its links is on the site.', 'interlinker' )
			: __( 'The results could not be reported to the bridge, so the site took the links out again.', 'interlinker' );
	}

	private static function outcome( string $implementation_id, string $outcome, string $status ): Reconciled_Implementation {
		return new Reconciled_Implementation( $implementation_id, $outcome, $status );
	}
}
