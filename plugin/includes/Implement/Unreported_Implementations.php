<?php
/**
 * Implementations created on the bridge whose outcome the bridge has not been told yet. An entry is written as
 * soon as the bridge creates the implementation and removed once the results are reported, so that a report
 * that failed, an undo that could not run, or a request that died in between never leaves the implementation
 * `pending` on the bridge: the reconciler settles what is left here.
 *
 * One option per implementation (not one shared array), so that two implement calls at once cannot overwrite
 * each other's entry.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Implement;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Unreported_Implementations {

	public const OPTION_PREFIX = 'interlinker_unreported_';

	/** The implement request is still running (or died without a word): only settle it once it is stale. */
	public const IN_PROGRESS = 'in_progress';
	/** The implement request ended without reporting: settle it on the next chance. */
	public const ENDED = 'ended';

	/**
	 * Seconds after which an entry still `in_progress` belongs to a request that died. Longer than any implement
	 * call can run (bridge timeouts with retries, plus saving up to 100 posts).
	 */
	private const STALE_AFTER = 600;

	/**
	 * @param string[] $suggestion_ids
	 */
	public function open( string $implementation_id, array $suggestion_ids ): void {
		add_option(
			self::option( $implementation_id ),
			array(
				'implementationId' => $implementation_id,
				'suggestionIds'    => array_values( $suggestion_ids ),
				'state'            => self::IN_PROGRESS,
				'startedAt'        => time(),
				'results'          => null,
			),
			'',
			false
		);
	}

	/**
	 * What the site did, kept so that the reconciler can report failures with their reasons.
	 *
	 * @param array<int, array{suggestionId: string, succeeded: bool, reason?: string}> $results
	 */
	public function record_results( string $implementation_id, array $results ): void {
		$this->change(
			$implementation_id,
			array(
				'results' => array_map(
					static fn( array $r ): array => array(
						'suggestionId' => (string) $r['suggestionId'],
						'succeeded'    => (bool) $r['succeeded'],
						'reason'       => (string) ( $r['reason'] ?? '' ),
					),
					$results
				),
			)
		);
	}

	/**
	 * The implement request is over without a report: the entry can be settled at once.
	 */
	public function mark_ended( string $implementation_id ): void {
		$this->change( $implementation_id, array( 'state' => self::ENDED ) );
	}

	public function forget( string $implementation_id ): void {
		delete_option( self::option( $implementation_id ) );
	}

	/**
	 * Entries ready to be settled: ended ones, and in-progress ones old enough to belong to a dead request.
	 *
	 * @return array<int, array{implementationId: string, suggestionIds: string[], state: string, startedAt: int, results: array<int, array{suggestionId: string, succeeded: bool, reason: string}>|null}>
	 */
	public function due(): array {
		$due = array();
		foreach ( $this->all() as $entry ) {
			if ( self::ENDED === $entry['state'] || $entry['startedAt'] < time() - self::STALE_AFTER ) {
				$due[] = $entry;
			}
		}
		return $due;
	}

	/**
	 * Ids of every entry, due or not (for the sync queue's status).
	 *
	 * @return string[]
	 */
	public function ids(): array {
		return array_map( static fn( array $entry ): string => $entry['implementationId'], $this->all() );
	}

	/**
	 * @return array<int, array{implementationId: string, suggestionIds: string[], state: string, startedAt: int, results: array<int, array{suggestionId: string, succeeded: bool, reason: string}>|null}>
	 */
	private function all(): array {
		global $wpdb;
		$names   = (array) $wpdb->get_col( $wpdb->prepare( "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE %s ORDER BY option_id", $wpdb->esc_like( self::OPTION_PREFIX ) . '%' ) );
		$entries = array();
		foreach ( $names as $name ) {
			$entry = get_option( (string) $name );
			if ( is_array( $entry ) && is_string( $entry['implementationId'] ?? null ) ) {
				$entries[] = array(
					'implementationId' => $entry['implementationId'],
					'suggestionIds'    => array_map( 'strval', (array) ( $entry['suggestionIds'] ?? array() ) ),
					'state'            => self::ENDED === ( $entry['state'] ?? '' ) ? self::ENDED : self::IN_PROGRESS,
					'startedAt'        => (int) ( $entry['startedAt'] ?? 0 ),
					'results'          => is_array( $entry['results'] ?? null ) ? $entry['results'] : null,
				);
			}
		}
		return $entries;
	}

	/**
	 * @param array<string, mixed> $fields
	 */
	private function change( string $implementation_id, array $fields ): void {
		$entry = get_option( self::option( $implementation_id ) );
		if ( is_array( $entry ) ) {
			update_option( self::option( $implementation_id ), array_merge( $entry, $fields ), false );
		}
	}

	private static function option( string $implementation_id ): string {
		return self::OPTION_PREFIX . $implementation_id;
	}
}
