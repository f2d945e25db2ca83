<?php
/**
 * A per-user budget of bridge calls per clock hour (UTC, as the bridge counts), so that one user with only
 * edit_posts cannot use up the account's hourly quota for the whole site. The count is one options row per user,
 * incremented by a single SQL statement, so that parallel requests cannot under-count.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Access;

use WP_Error;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class User_Throttle {

	public const OPTION_PREFIX = 'interlinker_throttle_';

	/** Bridge calls per user per hour by default (filter `interlinker_user_hourly_bridge_calls`). */
	public const DEFAULT_LIMIT = 30;

	/**
	 * Counts $calls bridge calls for the user; a WP_Error 429 when they do not fit in the hour's budget (then none
	 * is counted, as the bridge does not count refused requests).
	 */
	public function take( int $user_id, int $calls = 1 ): bool|WP_Error {
		global $wpdb;
		$calls = max( 1, $calls );
		$limit = max( 1, (int) apply_filters( 'interlinker_user_hourly_bridge_calls', self::DEFAULT_LIMIT, $user_id ) );
		$hour  = (string) ( intdiv( time(), HOUR_IN_SECONDS ) * HOUR_IN_SECONDS );
		$name  = self::OPTION_PREFIX . $user_id;
		// "hour:count": a new hour starts again from $calls; the same hour adds $calls. Adding first and taking back
		// what does not fit keeps parallel requests from under-counting (at worst, one is refused near the limit).
		$wpdb->query(
			$wpdb->prepare(
				"INSERT INTO {$wpdb->options} (option_name, option_value, autoload) VALUES (%s, %s, 'off')
				ON DUPLICATE KEY UPDATE option_value = IF( SUBSTRING_INDEX( option_value, ':', 1 ) = %s,
					CONCAT( %s, ':', CAST( SUBSTRING_INDEX( option_value, ':', -1 ) AS UNSIGNED ) + %d ),
					CONCAT( %s, ':', %d ) )",
				$name,
				$hour . ':' . $calls,
				$hour,
				$hour,
				$calls,
				$hour,
				$calls
			)
		);
		$value = (string) $wpdb->get_var( $wpdb->prepare( "SELECT option_value FROM {$wpdb->options} WHERE option_name = %s", $name ) );
		$count = (int) substr( $value, (int) strpos( $value, ':' ) + 1 );
		if ( $count <= $limit ) {
			return true;
		}
		$wpdb->query(
			$wpdb->prepare(
				"UPDATE {$wpdb->options} SET option_value = CONCAT( %s, ':', GREATEST( CAST( SUBSTRING_INDEX( option_value, ':', -1 ) AS SIGNED ) - %d, 0 ) )
				WHERE option_name = %s AND SUBSTRING_INDEX( option_value, ':', 1 ) = %s",
				$hour,
				$calls,
				$name,
				$hour
			)
		);
		$reset = (int) $hour + HOUR_IN_SECONDS;
		return new WP_Error(
			'interlinker_rate_limited',
			/* translators: %s: date and time (UTC). */
			sprintf( __( 'You have made too many Interlinker requests this hour; try again after %s (UTC).', 'interlinker' ), gmdate( 'Y-m-d H:i:s', $reset ) ),
			array(
				'status'     => 429,
				'scope'      => 'user',
				'retryAfter' => max( 1, $reset - time() ),
				'resetAt'    => gmdate( 'Y-m-d\TH:i:s\Z', $reset ),
			)
		);
	}
}
