<?php
/**
 * Turns the bridge's error answers into the plugin's WP_Errors (interlinker_… codes, statuses for the site's callers).
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Bridge;

use WP_Error;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Bridge_Errors {

	/**
	 * @param int                       $status      HTTP status of the answer.
	 * @param array<string, mixed>|null $decoded     The decoded JSON body, when it was JSON.
	 * @param Rate_Limit|null           $rate_limit  X-RateLimit-* headers.
	 * @param float|null                $retry_after Retry-After in seconds.
	 * @param bool                      $retryable   Whether an idempotent call may try again.
	 */
	public static function from_answer( int $status, ?array $decoded, ?Rate_Limit $rate_limit, ?float $retry_after, bool $retryable ): WP_Error {
		$bridge_error = is_array( $decoded['error'] ?? null ) ? $decoded['error'] : null;
		if ( null === $bridge_error ) {
			return new WP_Error(
				'interlinker_bridge_error',
				/* translators: %d: HTTP status code. */
				sprintf( __( 'The bridge URL answered HTTP %d without an Interlinker answer. Check that the bridge URL points at the Interlinker bridge.', 'interlinker' ), $status ),
				array(
					'status'       => 502,
					'bridgeStatus' => $status,
					'retryable'    => $retryable,
				)
			);
		}
		// The bridge's words pass through to editors: keep them plain text.
		$bridge_message = sanitize_text_field( (string) ( $bridge_error['message'] ?? '' ) );
		$bridge_code    = sanitize_key( (string) ( $bridge_error['code'] ?? '' ) );
		$data           = array(
			'bridgeStatus' => $status,
			'bridgeCode'   => $bridge_code,
			'retryable'    => $retryable,
		);
		if ( null !== $retry_after ) {
			$data['retryAfter'] = (int) ceil( $retry_after );
		}

		switch ( $status ) {
			case 400:
				$data['status']  = 400;
				$data['details'] = self::details( $bridge_error['details'] ?? null );
				return new WP_Error( 'interlinker_invalid_request', $bridge_message, $data );
			case 401:
				$data['status'] = 502;
				return new WP_Error( 'interlinker_bridge_unauthorized', __( 'The bridge refused the API key: it is unknown or revoked. Enter a valid key under Interlinker → Settings.', 'interlinker' ), $data );
			case 403:
				if ( 'quota_exceeded' !== $bridge_code ) {
					break;
				}
				$data['status'] = 403;
				$data['limit']  = self::quota_field( $bridge_error['details'] ?? null );
				return new WP_Error(
					'interlinker_quota_exceeded',
					/* translators: %s: the bridge's own message, naming the limit reached. */
					sprintf( __( 'The bridge account has reached a limit: %s Remove posts from sync, or ask whoever runs the bridge to raise the limit (interlinker-bridge accounts quota).', 'interlinker' ), $bridge_message ),
					$data
				);
			case 404:
				$data['status'] = 404;
				return new WP_Error( 'interlinker_not_found', '' !== $bridge_message ? $bridge_message : __( 'Not found on the bridge.', 'interlinker' ), $data );
			case 409:
				$data['status'] = 409;
				return new WP_Error( 'interlinker_conflict', $bridge_message, $data );
			case 413:
				$data['status'] = 413;
				return new WP_Error( 'interlinker_payload_too_large', $bridge_message, $data );
			case 429:
				$data['status']     = 429;
				$data['retryAfter'] = $data['retryAfter'] ?? null;
				$data['resetAt']    = $rate_limit?->reset_at_iso();
				return new WP_Error(
					'interlinker_rate_limited',
					null !== $rate_limit
						/* translators: %s: date and time (UTC) when the limit resets. */
						? sprintf( __( 'The bridge\'s hourly request limit is used up; it resets at %s (UTC).', 'interlinker' ), gmdate( 'Y-m-d H:i:s', $rate_limit->reset_at ) )
						: __( 'The bridge\'s hourly request limit is used up.', 'interlinker' ),
					$data
				);
		}
		$data['status'] = 502;
		return new WP_Error(
			'interlinker_bridge_error',
			/* translators: 1: HTTP status, 2: the bridge's message. */
			sprintf( __( 'The bridge failed (HTTP %1$d): %2$s', 'interlinker' ), $status, $bridge_message ),
			$data
		);
	}

	/**
	 * Which limit a quota_exceeded answer names: projects, pages or contentBytes ('' when it names none).
	 */
	private static function quota_field( mixed $details ): string {
		$field = is_array( $details ) && is_array( $details[0] ?? null ) ? (string) ( $details[0]['field'] ?? '' ) : '';
		return in_array( $field, array( 'projects', 'pages', 'contentBytes' ), true ) ? $field : '';
	}

	/**
	 * @return array<int, array{field: string, message: string}>
	 */
	private static function details( mixed $details ): array {
		if ( ! is_array( $details ) ) {
			return array();
		}
		$clean = array();
		foreach ( $details as $detail ) {
			if ( is_array( $detail ) ) {
				$clean[] = array(
					'field'   => sanitize_text_field( (string) ( $detail['field'] ?? '' ) ),
					'message' => sanitize_text_field( (string) ( $detail['message'] ?? '' ) ),
				);
			}
		}
		return $clean;
	}
}
