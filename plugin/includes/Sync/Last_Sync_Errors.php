<?php
/**
 * What went wrong in the latest sync that failed (a call the bridge refused or could not take, or pages it refused),
 * and when the latest sync went through: `wp interlinker status` shows them, since a sync run by cron or at the end of
 * a request has nobody watching it.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Sync;

use WP_Error;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Last_Sync_Errors {

	public const OPTION = 'interlinker_last_sync_errors';

	/** Page errors kept of one sync: enough to see what is wrong, never a large option. */
	private const KEPT = 10;

	public static function record( Sync_Result|WP_Error $outcome ): void {
		$stored = self::stored();
		$now    = gmdate( 'Y-m-d\TH:i:s\Z' );
		if ( $outcome instanceof WP_Error ) {
			$stored['failedAt'] = $now;
			$stored['errors']   = array(
				array(
					'postId'  => 0,
					'url'     => '',
					'code'    => (string) $outcome->get_error_code(),
					'message' => $outcome->get_error_message(),
				),
			);
		} elseif ( array() !== $outcome->errors ) {
			$stored['failedAt'] = $now;
			$stored['errors']   = array_map( static fn( Page_Sync_Error $error ): array => $error->to_rest(), array_slice( $outcome->errors, 0, self::KEPT ) );
		} else {
			$stored['succeededAt'] = $now;
		}
		update_option( self::OPTION, $stored, false );
	}

	/**
	 * @return array{succeededAt: ?string, failedAt: ?string, errors: array<int, array{postId: int, url: string, code: string, message: string}>}
	 */
	public static function read(): array {
		$stored = self::stored();
		return array(
			'succeededAt' => isset( $stored['succeededAt'] ) ? (string) $stored['succeededAt'] : null,
			'failedAt'    => isset( $stored['failedAt'] ) ? (string) $stored['failedAt'] : null,
			'errors'      => is_array( $stored['errors'] ?? null ) ? array_values( $stored['errors'] ) : array(),
		);
	}

	/**
	 * @return array<string, mixed>
	 */
	private static function stored(): array {
		$stored = get_option( self::OPTION, array() );
		return is_array( $stored ) ? $stored : array();
	}
}
