<?php
/**
 * What one reconciliation run did: the implementations it settled, and the bridge error it stopped at, if any.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Implement;

use WP_Error;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Reconciliation {

	/**
	 * @param Reconciled_Implementation[] $settled In the order they were settled.
	 * @param WP_Error|null               $error   The bridge error that stopped the run; what is left waits for the next one.
	 */
	public function __construct(
		public readonly array $settled,
		public readonly ?WP_Error $error = null,
	) {}

	/**
	 * The error the run stopped at, with what it settled before (`data.settled`); null when it did not stop.
	 */
	public function to_error(): ?WP_Error {
		if ( null === $this->error ) {
			return null;
		}
		$data = (array) $this->error->get_error_data();
		return new WP_Error( (string) $this->error->get_error_code(), $this->error->get_error_message(), $data + array( 'settled' => $this->settled_to_rest() ) );
	}

	/**
	 * @param string[] $waiting Implementations still unreported after the run.
	 * @return array{settled: array<int, array{implementationId: string, outcome: string, status: string}>, waiting: string[]} As the `interlinker-reconcile-answer` schema describes it.
	 */
	public function to_rest( array $waiting ): array {
		return array(
			'settled' => $this->settled_to_rest(),
			'waiting' => array_values( $waiting ),
		);
	}

	/**
	 * @return array<int, array{implementationId: string, outcome: string, status: string}>
	 */
	private function settled_to_rest(): array {
		return array_map( static fn( Reconciled_Implementation $one ): array => $one->to_rest(), $this->settled );
	}
}
