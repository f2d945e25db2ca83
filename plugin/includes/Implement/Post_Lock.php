<?php
/**
 * A short lock per post, so that two implement or rollback calls never edit the same content at once.
 *
 * The lock is a row of the options table written with plain SQL, never through the options API: add_option()
 * trusts the request's own cache of missing options and then writes with ON DUPLICATE KEY UPDATE, so two
 * requests could both "add" the same lock. Here only the request whose INSERT IGNORE created the row holds it,
 * a stale lock is taken over by a compare-and-swap on its exact value, and only its holder deletes it.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Implement;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Post_Lock {

	public const OPTION_PREFIX = 'interlinker_lock_';

	/** A lock older than this belongs to a request that died; it may be taken over. */
	private const STALE_AFTER = 60;

	/** @var array<int, string> Post id → the value of the lock this request holds. */
	private array $held = array();

	public function acquire( int $post_id ): bool {
		global $wpdb;
		$name  = self::name( $post_id );
		$value = time() . ':' . wp_generate_password( 12, false );
		// INSERT IGNORE relies on the options table's unique key: exactly one request creates the row.
		$created = $wpdb->query( $wpdb->prepare( "INSERT IGNORE INTO {$wpdb->options} (option_name, option_value, autoload) VALUES (%s, %s, 'off')", $name, $value ) );
		if ( 1 === $created ) {
			$this->held[ $post_id ] = $value;
			return true;
		}
		$current = $wpdb->get_var( $wpdb->prepare( "SELECT option_value FROM {$wpdb->options} WHERE option_name = %s", $name ) );
		if ( null === $current ) {
			// Released between the two statements: try once more.
			$created = $wpdb->query( $wpdb->prepare( "INSERT IGNORE INTO {$wpdb->options} (option_name, option_value, autoload) VALUES (%s, %s, 'off')", $name, $value ) );
			if ( 1 === $created ) {
				$this->held[ $post_id ] = $value;
				return true;
			}
			return false;
		}
		if ( (int) strtok( (string) $current, ':' ) >= time() - self::STALE_AFTER ) {
			return false;
		}
		// Take over a stale lock only if nobody else did in the meantime: the UPDATE matches its exact old value.
		$taken = $wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->options} SET option_value = %s WHERE option_name = %s AND option_value = %s", $value, $name, (string) $current ) );
		if ( 1 === $taken ) {
			$this->held[ $post_id ] = $value;
			return true;
		}
		return false;
	}

	public function release( int $post_id ): void {
		global $wpdb;
		if ( ! isset( $this->held[ $post_id ] ) ) {
			return;
		}
		// Deletes the lock only while it is still ours (a stale-lock takeover may have given it to another request).
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->options} WHERE option_name = %s AND option_value = %s", self::name( $post_id ), $this->held[ $post_id ] ) );
		unset( $this->held[ $post_id ] );
	}

	private static function name( int $post_id ): string {
		return self::OPTION_PREFIX . $post_id;
	}
}
