<?php
/**
 * Sanitises what the bridge sends before the plugin uses or returns it: strings become plain text, URLs safe
 * URLs. Suggestions and implementations are value objects built with these (Suggestion, Implementation).
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Bridge;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Bridge_Data {

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

	public static function nullable_text( mixed $value ): ?string {
		return null === $value ? null : self::text( $value );
	}

	public static function url( mixed $value ): string {
		return is_string( $value ) ? esc_url_raw( $value, array( 'http', 'https' ) ) : '';
	}

	/**
	 * @param string[] $allowed
	 */
	public static function one_of( mixed $value, array $allowed, string $fallback ): string {
		return is_string( $value ) && in_array( $value, $allowed, true ) ? $value : $fallback;
	}
}
