<?php
/**
 * Implementations asked of the bridge whose outcome the bridge has not been told yet. An entry is written before
 * the create call, under the call's Idempotency-Key, gets the implementation's id once the bridge answers, and is
 * removed once the results are reported, so that a lost answer, a report that failed, an undo that could not run,
 * or a request that died in between never leaves the implementation `pending` on the bridge: the reconciler
 * settles what is left here (asking the bridge again with the same key when the id never arrived).
 *
 * One option per entry (not one shared array), so that two implement calls at once cannot overwrite each
 * other's entry.
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
	 * Records the intent before the bridge is asked.
	 *
	 * @param string   $key               The create call's Idempotency-Key (names the entry).
	 * @param string[] $suggestion_ids    In the order sent: a repeat must send the same body.
	 * @param string   $implementation_id Known already, or '' until the bridge answers.
	 */
	public function open( string $key, array $suggestion_ids, string $implementation_id = '' ): void {
		add_option(
			self::option( $key ),
			array(
				'key'              => $key,
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
	 * The bridge answered: the entry now names its implementation.
	 */
	public function attach( string $key, string $implementation_id ): void {
		$this->change( $key, array( 'implementationId' => $implementation_id ) );
	}

	/**
	 * What the site did, kept so that the reconciler can report failures with their reasons.
	 *
	 * @param array<int, array{suggestionId: string, succeeded: bool, reason?: string}> $results
	 */
	public function record_results( string $key, array $results ): void {
		$this->change(
			$key,
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
	public function mark_ended( string $key ): void {
		$this->change( $key, array( 'state' => self::ENDED ) );
	}

	public function forget( string $key ): void {
		delete_option( self::option( $key ) );
	}

	/**
	 * Entries ready to be settled: ended ones, and in-progress ones old enough to belong to a dead request.
	 *
	 * @return array<int, array{key: string, implementationId: string, suggestionIds: string[], state: string, startedAt: int, results: array<int, array{suggestionId: string, succeeded: bool, reason: string}>|null}>
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
	 * Ids of every entry, due or not (for the sync queue's status): the implementation's, or the key's while the
	 * bridge's answer is missing.
	 *
	 * @return string[]
	 */
	public function ids(): array {
		return array_map( static fn( array $entry ): string => '' !== $entry['implementationId'] ? $entry['implementationId'] : $entry['key'], $this->all() );
	}

	/**
	 * @return array<int, array{key: string, implementationId: string, suggestionIds: string[], state: string, startedAt: int, results: array<int, array{suggestionId: string, succeeded: bool, reason: string}>|null}>
	 */
	private function all(): array {
		global $wpdb;
		$names   = (array) $wpdb->get_col( $wpdb->prepare( "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE %s ORDER BY option_id", $wpdb->esc_like( self::OPTION_PREFIX ) . '%' ) );
		$entries = array();
		foreach ( $names as $name ) {
			$entry = get_option( (string) $name );
			if ( is_array( $entry ) && is_string( $entry['implementationId'] ?? null ) ) {
				$entries[] = array(
					// Entries written before keys existed are named by their implementation.
					'key'              => is_string( $entry['key'] ?? null ) ? $entry['key'] : $entry['implementationId'],
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
	private function change( string $key, array $fields ): void {
		$entry = get_option( self::option( $key ) );
		if ( is_array( $entry ) ) {
			update_option( self::option( $key ), array_merge( $entry, $fields ), false );
		}
	}

	private static function option( string $key ): string {
		return self::OPTION_PREFIX . $key;
	}
}
