<?php
/**
 * What reconciliation did with one implementation the bridge still counted as pending.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Implement;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Reconciled_Implementation {

	/** reported: results sent; rolled_back: none of its links is here; settled: someone else did; gone: the bridge lost it; never_created: the create call left nothing. */
	public const OUTCOMES = array( 'reported', 'rolled_back', 'settled', 'gone', 'never_created' );

	public function __construct(
		public readonly string $implementation_id,
		public readonly string $outcome,
		public readonly string $status,
	) {}

	/**
	 * @return array{implementationId: string, outcome: string, status: string}
	 */
	public function to_rest(): array {
		return array(
			'implementationId' => $this->implementation_id,
			'outcome'          => $this->outcome,
			'status'           => $this->status,
		);
	}
}
