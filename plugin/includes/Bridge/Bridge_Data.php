<?php
/**
 * Sanitises what the bridge sends before the plugin uses or returns it: known shapes keep their types,
 * strings become plain text, URLs become safe URLs.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Bridge;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Bridge_Data {

	public const SUGGESTION_STATUSES     = array( 'pending', 'approved', 'rejected', 'implemented' );
	public const IMPLEMENTATION_STATUSES = array( 'pending', 'completed', 'failed', 'rolled_back' );

	/**
	 * @return array<string, mixed>
	 */
	public static function suggestion( mixed $raw ): array {
		$raw = is_array( $raw ) ? $raw : array();
		return array(
			'id'             => self::text( $raw['id'] ?? '' ),
			'sourcePageUrl'  => self::url( $raw['sourcePageUrl'] ?? '' ),
			'targetPageUrl'  => self::url( $raw['targetPageUrl'] ?? '' ),
			'anchorText'     => self::plain( $raw['anchorText'] ?? '' ),
			'context'        => self::plain( $raw['context'] ?? '' ),
			'relevanceScore' => max( 0.0, min( 1.0, (float) ( $raw['relevanceScore'] ?? 0 ) ) ),
			'status'         => self::one_of( $raw['status'] ?? '', self::SUGGESTION_STATUSES, 'pending' ),
			'sourcePageId'   => self::nullable_text( $raw['sourcePageId'] ?? null ),
			'targetPageId'   => self::nullable_text( $raw['targetPageId'] ?? null ),
			'createdAt'      => self::nullable_text( $raw['createdAt'] ?? null ),
			'updatedAt'      => self::nullable_text( $raw['updatedAt'] ?? null ),
		);
	}

	/**
	 * @return array<string, mixed>
	 */
	public static function implementation( mixed $raw ): array {
		$raw     = is_array( $raw ) ? $raw : array();
		$summary = is_array( $raw['summary'] ?? null ) ? $raw['summary'] : null;
		$results = array();
		foreach ( is_array( $raw['results'] ?? null ) ? $raw['results'] : array() as $result ) {
			if ( is_array( $result ) ) {
				$results[] = array(
					'suggestionId' => self::text( $result['suggestionId'] ?? '' ),
					'succeeded'    => (bool) ( $result['succeeded'] ?? false ),
					'error'        => self::nullable_text( $result['error'] ?? null ),
				);
			}
		}
		return array(
			'id'             => self::text( $raw['id'] ?? '' ),
			'suggestionIds'  => array_map( array( self::class, 'text' ), is_array( $raw['suggestionIds'] ?? null ) ? $raw['suggestionIds'] : array() ),
			'platform'       => self::text( $raw['platform'] ?? '' ),
			'status'         => self::one_of( $raw['status'] ?? '', self::IMPLEMENTATION_STATUSES, 'pending' ),
			'createdAt'      => self::nullable_text( $raw['createdAt'] ?? null ),
			'implementedAt'  => self::nullable_text( $raw['implementedAt'] ?? null ),
			'summary'        => null === $summary ? null : array(
				'succeeded' => (int) ( $summary['succeeded'] ?? 0 ),
				'failed'    => (int) ( $summary['failed'] ?? 0 ),
			),
			'rolledBackAt'   => self::nullable_text( $raw['rolledBackAt'] ?? null ),
			'rollbackReason' => self::nullable_text( $raw['rollbackReason'] ?? null ),
			'results'        => $results,
		);
	}

	/**
	 * Any other answer (analytics, reports): strings become plain text, keys ending in "url" safe URLs.
	 */
	public static function generic( mixed $raw, string $key = '' ): mixed {
		if ( is_array( $raw ) ) {
			$clean = array();
			foreach ( $raw as $child_key => $value ) {
				$clean[ is_int( $child_key ) ? $child_key : self::text( $child_key ) ] = self::generic( $value, (string) $child_key );
			}
			return $clean;
		}
		if ( is_string( $raw ) ) {
			return str_ends_with( strtolower( $key ), 'url' ) ? self::url( $raw ) : self::text( $raw );
		}
		return is_int( $raw ) || is_float( $raw ) || is_bool( $raw ) || null === $raw ? $raw : null;
	}

	public static function text( mixed $value ): string {
		return is_scalar( $value ) ? sanitize_text_field( (string) $value ) : '';
	}

	/**
	 * Page text that is compared with post content character for character: valid UTF-8 without control
	 * characters, but not run through tag stripping (an anchor may read "a < b"). Escape it where it is shown.
	 */
	public static function plain( mixed $value ): string {
		if ( ! is_scalar( $value ) ) {
			return '';
		}
		return (string) preg_replace( '/[\x00-\x08\x0B\x0C\x0E-\x1F\x7F]/', '', wp_check_invalid_utf8( (string) $value ) );
	}

	private static function nullable_text( mixed $value ): ?string {
		return null === $value ? null : self::text( $value );
	}

	private static function url( mixed $value ): string {
		return is_string( $value ) ? esc_url_raw( $value, array( 'http', 'https' ) ) : '';
	}

	/**
	 * @param string[] $allowed
	 */
	private static function one_of( mixed $value, array $allowed, string $fallback ): string {
		return is_string( $value ) && in_array( $value, $allowed, true ) ? $value : $fallback;
	}
}
