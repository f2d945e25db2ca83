<?php
/**
 * The API key as it is kept in the database: encrypted with libsodium (secretbox) under a key derived from the site's
 * salts in wp-config.php, so that a database dump alone does not reveal it. Stored as "ilk-enc:v1:" followed by
 * base64(nonce || ciphertext).
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Settings;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Stored_Key {

	public const PREFIX = 'ilk-enc:v1:';

	/** Separates this key from any other use of the same salts. */
	private const CONTEXT = 'interlinker/api-key/v1';

	public static function seal( string $key ): string {
		$nonce  = random_bytes( SODIUM_CRYPTO_SECRETBOX_NONCEBYTES );
		$secret = self::secret();
		$sealed = self::PREFIX . base64_encode( $nonce . sodium_crypto_secretbox( $key, $nonce, $secret ) ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- binary ciphertext in a text option.
		sodium_memzero( $secret );
		return $sealed;
	}

	public static function is_sealed( string $stored ): bool {
		return str_starts_with( $stored, self::PREFIX );
	}

	/**
	 * The key, or null when it cannot be opened (the salts changed since it was sealed, or the value was altered).
	 */
	public static function open( string $stored ): ?string {
		$raw = base64_decode( substr( $stored, strlen( self::PREFIX ) ), true ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_decode -- see seal().
		if ( false === $raw || strlen( $raw ) < SODIUM_CRYPTO_SECRETBOX_NONCEBYTES + SODIUM_CRYPTO_SECRETBOX_MACBYTES ) {
			return null;
		}
		$secret = self::secret();
		$key    = sodium_crypto_secretbox_open( substr( $raw, SODIUM_CRYPTO_SECRETBOX_NONCEBYTES ), substr( $raw, 0, SODIUM_CRYPTO_SECRETBOX_NONCEBYTES ), $secret );
		sodium_memzero( $secret );
		return false === $key ? null : $key;
	}

	/**
	 * 32 bytes derived (HKDF-SHA256) from the auth and secure-auth keys and salts: those of wp-config.php, or the
	 * ones WordPress generated into the database when wp-config.php defines none.
	 */
	private static function secret(): string {
		return hash_hkdf( 'sha256', wp_salt( 'auth' ) . wp_salt( 'secure_auth' ), SODIUM_CRYPTO_SECRETBOX_KEYBYTES, self::CONTEXT );
	}
}
