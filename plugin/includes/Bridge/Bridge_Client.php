<?php
/**
 * HTTP client for the Interlinker bridge: envelope, timeouts, retries and WP_Error mapping.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Bridge;

use Interlinker\Settings\Settings;
use WP_Error;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Bridge_Client {

	private const IDEMPOTENT_METHODS = array( 'GET', 'HEAD', 'PUT', 'PATCH', 'DELETE' );

	public function __construct(
		private readonly Settings $settings,
		private readonly Retry_Policy $retry_policy = new Retry_Policy(),
	) {}

	/**
	 * @param array<string, scalar> $query Query parameters.
	 */
	public function get( string $path, array $query = array() ): Bridge_Response|WP_Error {
		return $this->request( 'GET', $path, null, $query );
	}

	/**
	 * Sends one request; idempotent ones are retried with backoff, honouring Retry-After.
	 *
	 * @param string                $method     HTTP method.
	 * @param string                $path       Path below the bridge URL, e.g. "/api/projects".
	 * @param mixed                 $body       Encoded as JSON when not null.
	 * @param array<string, scalar> $query      Query parameters.
	 * @param bool|null             $idempotent Whether repeating the call is harmless; by default, by method.
	 * @param int|null              $timeout    Seconds; by default the `interlinker_bridge_timeout` filter (10).
	 * @param array<string, string> $headers    More request headers (e.g. Idempotency-Key).
	 */
	public function request( string $method, string $path, mixed $body = null, array $query = array(), ?bool $idempotent = null, ?int $timeout = null, array $headers = array() ): Bridge_Response|WP_Error {
		$setup_needed = $this->settings->setup_needed();
		if ( null !== $setup_needed ) {
			return new WP_Error( 'interlinker_not_configured', $setup_needed, array( 'status' => 503 ) );
		}
		$method     = strtoupper( $method );
		$idempotent = $idempotent ?? in_array( $method, self::IDEMPOTENT_METHODS, true );
		if ( $query ) {
			$path = add_query_arg( array_map( 'rawurlencode', array_map( 'strval', $query ) ), $path );
		}
		$args = array(
			'method'      => $method,
			'timeout'     => $timeout ?? (int) apply_filters( 'interlinker_bridge_timeout', 10 ),
			'redirection' => 0,
			'user-agent'  => 'Interlinker/' . INTERLINKER_VERSION . ' WordPress/' . get_bloginfo( 'version' ),
			'headers'     => array(
				'Authorization' => 'Bearer ' . $this->settings->api_key(),
				'Accept'        => 'application/json',
			) + $headers,
		);
		if ( null !== $body ) {
			$args['headers']['Content-Type'] = 'application/json';
			$args['body']                    = (string) wp_json_encode( $body, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES );
		}

		$attempt = 1;
		while ( true ) {
			$result = $this->attempt( $path, $args );
			if ( $result instanceof Bridge_Response ) {
				return $result;
			}
			$data = (array) $result->get_error_data();
			if ( ! $idempotent || empty( $data['retryable'] ) ) {
				return self::without_retry_hint( $result );
			}
			$delay = $this->retry_policy->delay_before( $attempt + 1, $data['retryAfter'] ?? null );
			if ( null === $delay ) {
				return self::without_retry_hint( $result );
			}
			usleep( (int) round( $delay * 1_000_000 ) );
			++$attempt;
		}
	}

	/**
	 * @param string               $path Path and query below the bridge URL.
	 * @param array<string, mixed> $args wp_remote_request() arguments.
	 */
	private function attempt( string $path, array $args ): Bridge_Response|WP_Error {
		$response = Bridge_Transport::send( $this->settings->bridge_url(), $path, $args );
		if ( is_wp_error( $response ) ) {
			return self::transport_error( $response, (int) $args['timeout'] );
		}
		$status = (int) wp_remote_retrieve_response_code( $response );
		if ( $status >= 300 && $status < 400 ) {
			return self::redirect_error( $status, (string) wp_remote_retrieve_header( $response, 'location' ) );
		}
		$rate_limit = Rate_Limit::from_response( $response );
		$decoded    = json_decode( (string) wp_remote_retrieve_body( $response ), true );

		if ( $status >= 200 && $status < 300 && is_array( $decoded ) && array_key_exists( 'data', $decoded ) ) {
			return new Bridge_Response( $status, $decoded['data'], is_array( $decoded['meta'] ?? null ) ? $decoded['meta'] : array(), $rate_limit );
		}
		$retry_after = Retry_Policy::parse_retry_after( (string) wp_remote_retrieve_header( $response, 'retry-after' ) );
		return Bridge_Errors::from_answer( $status, is_array( $decoded ) ? $decoded : null, $rate_limit, $retry_after, $this->retry_policy->is_retryable_status( $status ) );
	}

	private static function transport_error( WP_Error $error, int $timeout ): WP_Error {
		if ( 'interlinker_bridge_timeout' === $error->get_error_code() ) {
			// A slow bridge is not retried: waiting twice as long would only make the editor wait more.
			return new WP_Error(
				'interlinker_bridge_timeout',
				/* translators: %d: seconds waited. */
				sprintf( __( 'The Interlinker bridge is running but did not answer within %d seconds, so WordPress stopped waiting. It is probably busy (a large sync or generation) or short of memory or CPU. Try again in a moment; if it keeps happening, check the bridge\'s load and log.', 'interlinker' ), $timeout ),
				array( 'status' => 504 )
			);
		}
		if ( 'interlinker_bridge_unreachable' !== $error->get_error_code() ) {
			// Not an HTTP answer, or an address refused: said in Bridge_Transport's own words, and not retried.
			return $error;
		}
		return new WP_Error(
			'interlinker_bridge_unreachable',
			__( 'The Interlinker bridge cannot be reached. Check that it is running and that the bridge URL in the settings is right.', 'interlinker' ),
			array(
				'status'    => 503,
				'retryable' => true,
			)
		);
	}

	/**
	 * Redirects are never followed (the API key would go along to wherever they point): the settings must name
	 * the final address.
	 */
	public static function redirect_error( int $status, string $location ): WP_Error {
		return new WP_Error(
			'interlinker_bridge_redirected',
			'' === $location
				/* translators: %d: HTTP status code. */
				? sprintf( __( 'The bridge URL answered with a redirect (HTTP %d). Interlinker never follows redirects, so that the API key goes nowhere else: enter the bridge\'s final address.', 'interlinker' ), $status )
				/* translators: 1: HTTP status code, 2: the address redirected to. */
				: sprintf( __( 'The bridge URL answered with a redirect (HTTP %1$d) to %2$s. Interlinker never follows redirects, so that the API key goes nowhere else: enter the bridge\'s final address.', 'interlinker' ), $status, esc_url_raw( $location ) ),
			array(
				'status'       => 502,
				'bridgeStatus' => $status,
			)
		);
	}

	private static function without_retry_hint( WP_Error $error ): WP_Error {
		$data = (array) $error->get_error_data();
		unset( $data['retryable'] );
		return new WP_Error( (string) $error->get_error_code(), $error->get_error_message(), $data );
	}
}
