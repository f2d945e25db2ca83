<?php
/**
 * Where a full sync stands between two calls: the last post id sent and the counts so far, and whether the content
 * is all sent and only the site-wide link count goes on (`counting`). Opaque to callers (base64url JSON); checked field by field when it comes back.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Sync;

use WP_Error;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Sync_Cursor {

	private const FIELDS = array( 'after', 'total', 'synced', 'failed', 'skipped' );

	public function __construct(
		public readonly int $after = 0,
		public readonly int $total = 0,
		public readonly int $synced = 0,
		public readonly int $failed = 0,
		public readonly int $skipped = 0,
		public readonly bool $counting = false,
	) {}

	public function encode(): string {
		$fields = array(
			'after'   => $this->after,
			'total'   => $this->total,
			'synced'  => $this->synced,
			'failed'  => $this->failed,
			'skipped' => $this->skipped,
		);
		if ( $this->counting ) {
			$fields['counting'] = true;
		}
		$json = (string) wp_json_encode( $fields );
		return rtrim( strtr( base64_encode( $json ), '+/', '-_' ), '=' );
	}

	public static function decode( string $cursor ): self|WP_Error {
		$json   = base64_decode( strtr( $cursor, '-_', '+/' ), true );
		$fields = false === $json ? null : json_decode( $json, true );
		if ( ! is_array( $fields ) ) {
			return self::invalid();
		}
		foreach ( self::FIELDS as $field ) {
			if ( ! is_int( $fields[ $field ] ?? null ) || $fields[ $field ] < 0 ) {
				return self::invalid();
			}
		}
		if ( ! is_bool( $fields['counting'] ?? false ) ) {
			return self::invalid();
		}
		return new self( $fields['after'], $fields['total'], $fields['synced'], $fields['failed'], $fields['skipped'], (bool) ( $fields['counting'] ?? false ) );
	}

	private static function invalid(): WP_Error {
		return new WP_Error( 'interlinker_invalid_cursor', __( 'The sync cursor is not one this site returned; start the sync again without a cursor.', 'interlinker' ), array( 'status' => 400 ) );
	}
}
