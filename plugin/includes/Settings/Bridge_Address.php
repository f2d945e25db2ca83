<?php
/**
 * The rules a bridge address must follow before the API key is sent to it: a host the site allows (filter
 * `interlinker_allowed_bridge_hosts`), and a warning when the key would cross a network in clear text.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Settings;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Bridge_Address {

	public function __construct( public readonly string $url ) {}

	/**
	 * The host, lowercase, without IPv6 brackets; '' when the URL has none.
	 */
	public function host(): string {
		return strtolower( trim( (string) wp_parse_url( $this->url, PHP_URL_HOST ), '[]' ) );
	}

	public function is_loopback(): bool {
		$host = $this->host();
		if ( 'localhost' === $host || str_ends_with( $host, '.localhost' ) || '::1' === $host ) {
			return true;
		}
		return false !== filter_var( $host, FILTER_VALIDATE_IP, FILTER_FLAG_IPV4 ) && str_starts_with( $host, '127.' );
	}

	/**
	 * Whether the site allows this host. The filter returns the allowed hosts; an empty list (the default)
	 * allows any host.
	 */
	public function is_allowed(): bool {
		$allowed = (array) apply_filters( 'interlinker_allowed_bridge_hosts', array() );
		$allowed = array_filter( array_map( static fn( $host ): string => strtolower( trim( (string) $host, " \t\n\r\0\x0B[]" ) ), $allowed ) );
		return ! $allowed || in_array( $this->host(), $allowed, true );
	}

	/**
	 * Why this address may not be used, or null.
	 */
	public function refusal(): ?string {
		if ( '' !== $this->url && ! $this->is_allowed() ) {
			/* translators: %s: a host name. */
			return sprintf( __( 'The bridge host %s is not in the hosts this site allows (filter interlinker_allowed_bridge_hosts).', 'interlinker' ), $this->host() );
		}
		return null;
	}

	/**
	 * A warning when the API key would travel unencrypted to another machine, or null.
	 */
	public function warning(): ?string {
		if ( 'http' === strtolower( (string) wp_parse_url( $this->url, PHP_URL_SCHEME ) ) && ! $this->is_loopback() ) {
			return __( 'The bridge URL uses plain http:// to another machine: the API key and your content travel unencrypted. Use https://.', 'interlinker' );
		}
		return null;
	}
}
