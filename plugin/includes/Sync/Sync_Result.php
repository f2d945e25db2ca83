<?php
/**
 * What one sync call did: counts over the run so far, where a full sync goes on, the pages the bridge refused,
 * and, when the call ran them, what the implementation steps (rollback replay, reconciliation) did.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Sync;

use Interlinker\Implement\Reconciled_Implementation;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Sync_Result {

	/**
	 * @param Page_Sync_Error[]                $errors
	 * @param string[]|null                    $reverted   Implementations whose links were taken out; null when not run.
	 * @param Reconciled_Implementation[]|null $reconciled Implementations settled on the bridge; null when not run.
	 */
	public function __construct(
		public readonly int $synced,
		public readonly int $failed,
		public readonly int $skipped,
		public readonly int $total,
		public readonly bool $done,
		public readonly ?string $cursor,
		public readonly array $errors,
		public readonly ?array $reverted = null,
		public readonly ?array $reconciled = null,
	) {}

	/** A run with nothing to send. */
	public static function nothing(): self {
		return new self( 0, 0, 0, 0, true, null, array() );
	}

	/**
	 * The same result with what the implementation steps of the same call did.
	 *
	 * @param string[]                    $reverted
	 * @param Reconciled_Implementation[] $reconciled
	 */
	public function with_implementation_steps( array $reverted, array $reconciled ): self {
		return new self( $this->synced, $this->failed, $this->skipped, $this->total, $this->done, $this->cursor, $this->errors, $reverted, $reconciled );
	}

	/**
	 * @return array<string, mixed> As the `interlinker-sync-result` schema describes it.
	 */
	public function to_rest(): array {
		$rest = array(
			'synced'  => $this->synced,
			'failed'  => $this->failed,
			'skipped' => $this->skipped,
			'total'   => $this->total,
			'done'    => $this->done,
			'cursor'  => $this->cursor,
			'errors'  => array_map( static fn( Page_Sync_Error $error ): array => $error->to_rest(), $this->errors ),
		);
		if ( null !== $this->reverted ) {
			$rest['revertedImplementations'] = $this->reverted;
		}
		if ( null !== $this->reconciled ) {
			$rest['reconciledImplementations'] = array_map( static fn( Reconciled_Implementation $one ): array => $one->to_rest(), $this->reconciled );
		}
		return $rest;
	}
}
