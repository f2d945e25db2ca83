<?php
/**
 * When and how long to wait before trying an idempotent bridge call again.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Bridge;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Retry_Policy {

	/**
	 * @param int   $max_attempts      Attempts in all, the first included.
	 * @param float $base_delay        Seconds before the first retry; doubles after each.
	 * @param float $max_wait          Longest wait we accept inside one web request, Retry-After included.
	 */
	public function __construct(
		public readonly int $max_attempts = 3,
		public readonly float $base_delay = 0.25,
		public readonly float $max_wait = 3.0,
	) {}

	/**
	 * Statuses worth another try: the bridge is restarting, overloaded or asks us to slow down.
	 */
	public function is_retryable_status( int $status ): bool {
		return in_array( $status, array( 429, 502, 503, 504 ), true );
	}

	/**
	 * Seconds to wait before attempt number $next_attempt (2 for the first retry), or null to give up.
	 *
	 * @param int        $next_attempt  The attempt about to be made.
	 * @param float|null $retry_after   The bridge's Retry-After in seconds, when it sent one.
	 */
	public function delay_before( int $next_attempt, ?float $retry_after ): ?float {
		if ( $next_attempt > $this->max_attempts ) {
			return null;
		}
		if ( null !== $retry_after ) {
			// Honour Retry-After exactly; when it is longer than a web request can wait, report instead of waiting.
			return $retry_after <= $this->max_wait ? max( 0.0, $retry_after ) : null;
		}
		$delay = $this->base_delay * ( 2 ** ( $next_attempt - 2 ) );
		// Up to 20 % jitter so that several sites do not retry in step.
		$delay *= 1 + ( wp_rand( 0, 200 ) / 1000 );
		return min( $delay, $this->max_wait );
	}

	/**
	 * Parses Retry-After: delta seconds or an HTTP date.
	 */
	public static function parse_retry_after( string $header ): ?float {
		$header = trim( $header );
		if ( '' === $header ) {
			return null;
		}
		if ( is_numeric( $header ) ) {
			return max( 0.0, (float) $header );
		}
		$time = strtotime( $header );
		return false === $time ? null : (float) max( 0, $time - time() );
	}
}
