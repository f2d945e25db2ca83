<?php
/**
 * A successful answer from the bridge, unwrapped from its envelope.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Bridge;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Bridge_Response {

	/**
	 * @param int                  $status    HTTP status.
	 * @param mixed                $data      The envelope's `data`.
	 * @param array<string, mixed> $meta      The envelope's `meta`.
	 * @param Rate_Limit|null      $rate_limit The X-RateLimit-* headers, when sent.
	 */
	public function __construct(
		public readonly int $status,
		public readonly mixed $data,
		public readonly array $meta,
		public readonly ?Rate_Limit $rate_limit,
	) {}

	/**
	 * The total of a list answer (meta.pagination.total), or the number of items when the bridge gives none.
	 */
	public function total(): int {
		$total = $this->meta['pagination']['total'] ?? null;
		return is_numeric( $total ) ? (int) $total : ( is_array( $this->data ) ? count( $this->data ) : 0 );
	}
}
