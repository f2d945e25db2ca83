<?php
/**
 * The only way a request reaches the bridge: to the scheme, host and port of the bridge URL and nowhere else. A host
 * name must resolve to public addresses (the connection is pinned to the address checked); a private, loopback or
 * link-local address is reached only when the bridge URL names it itself. Redirects are never followed, and what
 * the transport says on failure is replaced by the plugin's own words, so that the settings screen cannot be used to
 * scan the site's network.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Bridge;

use WP_Error;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Bridge_Transport {

	/**
	 * @param string               $base The bridge URL (scheme, host, optional port and path).
	 * @param string               $path Path and query below it, e.g. "/healthz".
	 * @param array<string, mixed> $args wp_remote_request() arguments; redirects are switched off whatever they say.
	 * @return array<string, mixed>|WP_Error The wp_remote_request() answer, or interlinker_bridge_unreachable (no
	 *                                      connection), interlinker_bridge_timeout, interlinker_not_a_bridge (an
	 *                                      answer that is not HTTP) or interlinker_bridge_address_refused.
	 */
	public static function send( string $base, string $path, array $args ): array|WP_Error {
		$parts  = wp_parse_url( $base );
		$scheme = strtolower( (string) ( $parts['scheme'] ?? '' ) );
		$host   = strtolower( trim( (string) ( $parts['host'] ?? '' ), '[]' ) );
		if ( ! in_array( $scheme, array( 'http', 'https' ), true ) || '' === $host || isset( $parts['user'] ) || isset( $parts['pass'] ) || ! str_starts_with( $path, '/' ) ) {
			return new WP_Error( 'interlinker_bridge_address_refused', __( 'The bridge URL must be an http:// or https:// address with a host name, and nothing before the host.', 'interlinker' ), array( 'status' => 400 ) );
		}
		$port    = (int) ( $parts['port'] ?? ( 'https' === $scheme ? 443 : 80 ) );
		$address = null;

		// Checked last before the transport, so that an answer another plugin gives in pre_http_request still counts.
		$url   = $base . $path;
		$check = static function ( $pre, $args, $requested ) use ( $url, $host, $port, &$address ) {
			if ( false !== $pre || $requested !== $url ) {
				return $pre;
			}
			$address = self::address_to_reach( $host, $port );
			return is_wp_error( $address ) ? $address : false;
		};
		$pin   = static function ( $handle ) use ( $host, $port, &$address ): void {
			if ( is_string( $address ) ) {
				curl_setopt( $handle, CURLOPT_RESOLVE, array( $host . ':' . $port . ':' . ( str_contains( $address, ':' ) ? '[' . $address . ']' : $address ) ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions.curl_curl_setopt -- pins the address checked; WordPress offers no other way.
			}
			curl_setopt( $handle, CURLOPT_FOLLOWLOCATION, false ); // phpcs:ignore WordPress.WP.AlternativeFunctions.curl_curl_setopt
			curl_setopt( $handle, CURLOPT_PROTOCOLS, CURLPROTO_HTTP | CURLPROTO_HTTPS ); // phpcs:ignore WordPress.WP.AlternativeFunctions.curl_curl_setopt
		};
		add_filter( 'pre_http_request', $check, PHP_INT_MAX, 3 );
		add_action( 'http_api_curl', $pin );
		$response = wp_remote_request(
			$url,
			array(
				'redirection'        => 0,
				'reject_unsafe_urls' => false,
			) + $args
		);
		remove_action( 'http_api_curl', $pin );
		remove_filter( 'pre_http_request', $check, PHP_INT_MAX );
		if ( is_wp_error( $response ) && str_starts_with( (string) $response->get_error_code(), 'interlinker_' ) ) {
			return $response;
		}
		if ( is_wp_error( $response ) ) {
			return self::failure( $response, $host, $port, (int) ( $args['timeout'] ?? 5 ) );
		}
		return $response;
	}

	/**
	 * The address the connection is pinned to; null for an address the URL names itself (an IP or localhost).
	 */
	private static function address_to_reach( string $host, int $port ): string|WP_Error|null {
		if ( false !== filter_var( $host, FILTER_VALIDATE_IP ) || 'localhost' === $host || str_ends_with( $host, '.localhost' ) ) {
			// The bridge URL names this address itself (the site and its bridge on one host, or one network).
			return null;
		}
		$addresses = gethostbynamel( $host );
		$addresses = false === $addresses ? array() : $addresses;
		if ( ! $addresses ) {
			$records   = dns_get_record( $host, DNS_AAAA );
			$addresses = array_values( array_filter( array_map( static fn( $record ) => (string) ( $record['ipv6'] ?? '' ), false === $records ? array() : $records ) ) );
		}
		if ( ! $addresses ) {
			return self::unreachable( $host, $port );
		}
		// A host the site's own code or wp-config.php names as its bridge may be on a private network (an agency's
		// internal host name, a container's service name): still pinned to the address checked.
		$trusted = self::named_by_site( $host );
		foreach ( $addresses as $address ) {
			if ( ! $trusted && ! self::is_public( $address ) ) {
				return new WP_Error(
					'interlinker_bridge_address_refused',
					/* translators: 1: a host name, 2: the private address it resolves to. */
					sprintf( __( 'The bridge host %1$s resolves to %2$s, a private, loopback or link-local address. Interlinker connects to such an address only when the bridge URL names it itself (enter the address instead of the host name) or when the site names the host in INTERLINKER_BRIDGE_URL or the filter interlinker_allowed_bridge_hosts.', 'interlinker' ), $host, $address ),
					array( 'status' => 400 )
				);
			}
		}
		return $addresses[0];
	}

	/**
	 * Whether the host is named by the site itself, not typed in a form: INTERLINKER_BRIDGE_URL in wp-config.php or
	 * the filter interlinker_allowed_bridge_hosts.
	 */
	private static function named_by_site( string $host ): bool {
		$host  = strtolower( $host );
		$hosts = array_map( static fn( $named ) => strtolower( (string) $named ), (array) apply_filters( 'interlinker_allowed_bridge_hosts', array() ) );
		if ( defined( 'INTERLINKER_BRIDGE_URL' ) && is_string( constant( 'INTERLINKER_BRIDGE_URL' ) ) ) {
			$hosts[] = strtolower( (string) wp_parse_url( (string) constant( 'INTERLINKER_BRIDGE_URL' ), PHP_URL_HOST ) );
		}
		return in_array( $host, $hosts, true );
	}

	private static function is_public( string $address ): bool {
		return false !== filter_var( $address, FILTER_VALIDATE_IP, FILTER_FLAG_NO_PRIV_RANGE | FILTER_FLAG_NO_RES_RANGE )
			// filter_var lets these through: carrier-grade NAT, IPv6 unique-local and link-local.
			&& ! preg_match( '/^(100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\.|f[cd][0-9a-f]{2}:|fe[89ab][0-9a-f]:)/i', $address );
	}

	/**
	 * The transport's text (curl's "Received HTTP/0.9 when not allowed", "Connection refused"…) is not shown: it
	 * would tell what listens at any port.
	 */
	private static function failure( WP_Error $error, string $host, int $port, int $timeout ): WP_Error {
		$message = strtolower( $error->get_error_message() );
		if ( str_contains( $message, 'curl error 28' ) || ( str_contains( $message, 'timed out' ) && ! str_contains( $message, 'resolving' ) ) ) {
			return new WP_Error( 'interlinker_bridge_timeout', '', array( 'status' => 504, 'timeout' => $timeout ) );
		}
		// Something answered, but not in HTTP: a database or mail port, say. Anything else (refused, reset, an empty
		// reply, a name that does not resolve) is a bridge that cannot be reached.
		if ( ! preg_match( '/http\/0\.9|weird server reply|curl error (1|8):|unsupported protocol|malformed/', $message ) ) {
			return self::unreachable( $host, $port );
		}
		return new WP_Error(
			'interlinker_not_a_bridge',
			/* translators: %s: host:port. */
			sprintf( __( 'Nothing that answers like an Interlinker bridge at this address (%s). Check the address and the port.', 'interlinker' ), self::host_port( $host, $port ) ),
			array( 'status' => 502 )
		);
	}

	private static function unreachable( string $host, int $port ): WP_Error {
		return new WP_Error(
			'interlinker_bridge_unreachable',
			/* translators: %s: host:port. */
			sprintf( __( 'Could not connect to %s. Check that the bridge is running and that this server can reach it.', 'interlinker' ), self::host_port( $host, $port ) ),
			array( 'status' => 503 )
		);
	}

	private static function host_port( string $host, int $port ): string {
		return ( str_contains( $host, ':' ) ? '[' . $host . ']' : $host ) . ':' . $port;
	}
}
