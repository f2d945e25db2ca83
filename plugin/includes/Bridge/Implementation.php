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
	 * @param array{succeeded: int, failed: int}|null                                   $summary
	 * @param array<int, array{suggestionId: string, succeeded: bool, error: ?string}> $results The bridge's per-suggestion results.
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
		$summary = is_array( $raw['summary'] ?? null ) ? $raw['summary'] : null;
		$results = array();
		foreach ( is_array( $raw['results'] ?? null ) ? $raw['results'] : array() as $result ) {
			if ( is_array( $result ) ) {
				$results[] = array(
					'suggestionId' => Bridge_Data::text( $result['suggestionId'] ?? '' ),
					'succeeded'    => (bool) ( $result['succeeded'] ?? false ),
					'error'        => Bridge_Data::nullable_text( $result['error'] ?? null ),
				);
			}
		}
		return new self(
			Bridge_Data::text( $raw['id'] ),
			array_map( array( Bridge_Data::class, 'text' ), is_array( $raw['suggestionIds'] ?? null ) ? array_values( $raw['suggestionIds'] ) : array() ),
			Bridge_Data::text( $raw['platform'] ?? '' ),
			Bridge_Data::one_of( $raw['status'] ?? '', self::STATUSES, 'pending' ),
			Bridge_Data::nullable_text( $raw['createdAt'] ?? null ),
			Bridge_Data::nullable_text( $raw['implementedAt'] ?? null ),
			null === $summary ? null : array(
				'succeeded' => (int) ( $summary['succeeded'] ?? 0 ),
				'failed'    => (int) ( $summary['failed'] ?? 0 ),
			),
			Bridge_Data::nullable_text( $raw['rolledBackAt'] ?? null ),
			Bridge_Data::nullable_text( $raw['rollbackReason'] ?? null ),
			$results,
		);
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
