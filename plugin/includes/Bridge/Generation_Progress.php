<?php
/**
 * The bridge's background generation for this site's project, as GET /api/projects/{id}/generation answers it:
 * whether it is generating, and how far the current (or last) run is.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Bridge;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Generation_Progress {

	public function __construct(
		public readonly string $state,
		public readonly int $queued_pages,
		public readonly int $generated_pages,
		public readonly int $total_pages,
		public readonly int $suggestions_created,
		public readonly ?string $started_at,
		public readonly ?string $finished_at,
	) {}

	public static function from_bridge( mixed $data ): ?self {
		if ( ! is_array( $data ) || ! isset( $data['state'] ) ) {
			return null;
		}
		$count     = static fn( string $field ): int => max( 0, (int) ( $data[ $field ] ?? 0 ) );
		$generated = $count( 'generatedPages' );
		$queued    = $count( 'queuedPages' );
		return new self(
			Bridge_Data::one_of( $data['state'], array( 'idle', 'generating' ), 'idle' ),
			$queued,
			$generated,
			max( $count( 'totalPages' ), $generated + $queued ),
			$count( 'suggestionsCreated' ),
			Bridge_Data::nullable_text( $data['startedAt'] ?? null ),
			Bridge_Data::nullable_text( $data['finishedAt'] ?? null ),
		);
	}

	/**
	 * @return array{state: string, queuedPages: int, generatedPages: int, totalPages: int, suggestionsCreated: int, startedAt: ?string, finishedAt: ?string} As the `interlinker-generation` schema describes it.
	 */
	public function to_rest(): array {
		return array(
			'state'              => $this->state,
			'queuedPages'        => $this->queued_pages,
			'generatedPages'     => $this->generated_pages,
			'totalPages'         => $this->total_pages,
			'suggestionsCreated' => $this->suggestions_created,
			'startedAt'          => $this->started_at,
			'finishedAt'         => $this->finished_at,
		);
	}
}
