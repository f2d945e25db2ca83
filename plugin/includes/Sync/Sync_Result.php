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
	 * @param array{counted: int, total: int, complete: bool}|null $link_counts The site-wide link count after this
	 *                                                                          call's batch (full sync only).
	 * @param bool|null                        $content_done Whether every post is sent; null: as `done`.
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
		public readonly ?array $link_counts = null,
		private readonly ?bool $content_done = null,
	) {}

	/** Whether the content of the run is all sent (a full sync may still be counting links then). */
	public function content_done(): bool {
		return $this->content_done ?? $this->done;
	}

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
		return new self( $this->synced, $this->failed, $this->skipped, $this->total, $this->done, $this->cursor, $this->errors, $reverted, $reconciled, $this->link_counts, $this->content_done );
	}

	/**
	 * The same result of a full-sync call that also counted links: done only when the content is all sent and the
	 * count complete; until then the cursor goes on (with the content sent: a cursor that only counts).
	 *
	 * @param array{counted: int, total: int, complete: bool} $progress
	 * @param string|null                                     $counting_cursor The cursor that only counts, for when the content is done.
	 */
	public function with_link_counts( array $progress, ?string $counting_cursor ): self {
		$content_done = $this->content_done();
		$done         = $content_done && $progress['complete'];
		$cursor       = $content_done ? ( $done ? null : $counting_cursor ) : $this->cursor;
		return new self( $this->synced, $this->failed, $this->skipped, $this->total, $done, $cursor, $this->errors, $this->reverted, $this->reconciled, $progress, $content_done );
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
		if ( null !== $this->link_counts ) {
			$rest['linkCounts'] = $this->link_counts;
		}
		return $rest;
	}
}
