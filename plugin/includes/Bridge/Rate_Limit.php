<?php
/**
 * The bridge's X-RateLimit-* headers.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Bridge;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Rate_Limit {

	public function __construct(
		public readonly int $limit,
		public readonly int $remaining,
		public readonly int $reset_at,
	) {}

	/**
	 * Reads the headers of a wp_remote_request() answer; null when the bridge sent none (no valid key).
	 *
	 * @param array<string, mixed>|\WP_HTTP_Requests_Response|\ArrayAccess<string, mixed> $response The answer.
	 */
	public static function from_response( $response ): ?self {
		$limit = wp_remote_retrieve_header( $response, 'x-ratelimit-limit' );
		$reset = wp_remote_retrieve_header( $response, 'x-ratelimit-reset' );
		if ( ! is_numeric( $limit ) || ! is_numeric( $reset ) ) {
			return null;
		}
		$remaining = wp_remote_retrieve_header( $response, 'x-ratelimit-remaining' );
		return new self( (int) $limit, is_numeric( $remaining ) ? (int) $remaining : 0, (int) $reset );
	}

	public function reset_at_iso(): string {
		return gmdate( 'Y-m-d\TH:i:s\Z', $this->reset_at );
	}

	/**
	 * @return array{limit: int, remaining: int, resetAt: string}
	 */
	public function to_array(): array {
		return array(
			'limit'     => $this->limit,
			'remaining' => $this->remaining,
			'resetAt'   => $this->reset_at_iso(),
		);
	}
}
