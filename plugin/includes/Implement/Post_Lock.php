<?php
/**
 * A short lock per post, so that two implement or rollback calls never edit the same content at once.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Implement;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Post_Lock {

	/** A lock older than this belongs to a request that died; it may be taken over. */
	private const STALE_AFTER = 60;

	public function acquire( int $post_id ): bool {
		$name = self::name( $post_id );
		// add_option() is atomic on the options table's unique key: only one request can create the row.
		if ( add_option( $name, time(), '', false ) ) {
			return true;
		}
		$since = (int) get_option( $name, 0 );
		if ( $since < time() - self::STALE_AFTER ) {
			delete_option( $name );
			return add_option( $name, time(), '', false );
		}
		return false;
	}

	public function release( int $post_id ): void {
		delete_option( self::name( $post_id ) );
	}

	private static function name( int $post_id ): string {
		return 'interlinker_lock_' . $post_id;
	}
}
