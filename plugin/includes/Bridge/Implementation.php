<?php
/**
 * An implementation (a set of suggestions inserted together) as the bridge holds it. Built only from the bridge's
 * JSON, which it validates and sanitises; REST answers come from to_rest().
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Bridge;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Implementation {

	public const STATUSES = array( 'pending', 'completed', 'failed', 'rolled_back' );

	/**
	 * @param string[]                                                                  $suggestion_ids
	 * @param array{succeeded: int, failed: int, rolledBack: int}|null                                           $summary
	 * @param array<int, array{suggestionId: string, succeeded: bool, error: ?string, rolledBackAt: ?string}> $results The bridge's per-suggestion results.
	 */
	private function __construct(
		public readonly string $id,
		public readonly array $suggestion_ids,
		public readonly string $platform,
		public readonly string $status,
		public readonly ?string $created_at,
		public readonly ?string $implemented_at,
		public readonly ?array $summary,
		public readonly ?string $rolled_back_at,
		public readonly ?string $rollback_reason,
		public readonly array $results,
	) {}

	/**
	 * The implementation of the bridge's answer, or null when it is not one (no id).
	 */
	public static function from_bridge( mixed $raw ): ?self {
		if ( ! is_array( $raw ) || '' === Bridge_Data::text( $raw['id'] ?? '' ) ) {
			return null;
		}
		$summary        = is_array( $raw['summary'] ?? null ) ? $raw['summary'] : null;
		$status         = Bridge_Data::one_of( $raw['status'] ?? '', self::STATUSES, 'pending' );
		$rolled_back_at = Bridge_Data::nullable_text( $raw['rolledBackAt'] ?? null );
		$results        = array();
		foreach ( is_array( $raw['results'] ?? null ) ? $raw['results'] : array() as $result ) {
			if ( is_array( $result ) ) {
				$succeeded = (bool) ( $result['succeeded'] ?? false );
				$results[] = array(
					'suggestionId' => Bridge_Data::text( $result['suggestionId'] ?? '' ),
					'succeeded'    => $succeeded,
					'error'        => Bridge_Data::nullable_text( $result['error'] ?? null ),
					// A link of a rolled-back implementation was rolled back with it (older bridges keep no time per link).
					'rolledBackAt' => Bridge_Data::nullable_text( $result['rolledBackAt'] ?? null ) ?? ( $succeeded && 'rolled_back' === $status ? $rolled_back_at : null ),
				);
			}
		}
		return new self(
			Bridge_Data::text( $raw['id'] ),
			array_map( array( Bridge_Data::class, 'text' ), is_array( $raw['suggestionIds'] ?? null ) ? array_values( $raw['suggestionIds'] ) : array() ),
			Bridge_Data::text( $raw['platform'] ?? '' ),
			$status,
			Bridge_Data::nullable_text( $raw['createdAt'] ?? null ),
			Bridge_Data::nullable_text( $raw['implementedAt'] ?? null ),
			null === $summary ? null : array(
				'succeeded'  => (int) ( $summary['succeeded'] ?? 0 ),
				'failed'     => (int) ( $summary['failed'] ?? 0 ),
				// A bridge from before single-link undo counts none, and rolls the whole implementation back at once.
				'rolledBack' => (int) ( $summary['rolledBack'] ?? ( 'rolled_back' === $status ? $summary['succeeded'] ?? 0 : 0 ) ),
			),
			$rolled_back_at,
			Bridge_Data::nullable_text( $raw['rollbackReason'] ?? null ),
			$results,
		);
	}

	/**
	 * Suggestions whose link went in and was not taken out again since.
	 *
	 * @return string[]
	 */
	public function applied_suggestion_ids(): array {
		if ( 'rolled_back' === $this->status ) {
			return array();
		}
		$applied = array_filter( $this->results, static fn( array $result ): bool => $result['succeeded'] && null === $result['rolledBackAt'] );
		return array_values( array_map( static fn( array $result ): string => $result['suggestionId'], $applied ) );
	}

	/**
	 * Suggestions whose link was taken out again (by an undo of the whole implementation, a post or a link).
	 *
	 * @return string[]
	 */
	public function rolled_back_suggestion_ids(): array {
		$undone = array_filter( $this->results, static fn( array $result ): bool => $result['succeeded'] && null !== $result['rolledBackAt'] );
		return array_values( array_map( static fn( array $result ): string => $result['suggestionId'], $undone ) );
	}

	/**
	 * Every implementation of a list answer; entries that are none are left out.
	 *
	 * @return self[]
	 */
	public static function list_from_bridge( mixed $raw ): array {
		return array_values( array_filter( array_map( array( self::class, 'from_bridge' ), is_array( $raw ) ? $raw : array() ) ) );
	}

	/**
	 * @return array<string, mixed> As the `interlinker-implementation` schema describes it.
	 */
	public function to_rest(): array {
		return array(
			'id'             => $this->id,
			'suggestionIds'  => $this->suggestion_ids,
			'platform'       => $this->platform,
			'status'         => $this->status,
			'createdAt'      => $this->created_at,
			'implementedAt'  => $this->implemented_at,
			'summary'        => $this->summary,
			'rolledBackAt'   => $this->rolled_back_at,
			'rollbackReason' => $this->rollback_reason,
			'results'        => $this->results,
		);
	}
}
