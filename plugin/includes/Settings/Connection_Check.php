<?php
/**
 * "Test connection", and the test "Save connection" makes before it stores an address and key: says exactly which
 * part is wrong (no URL, unreachable, not a bridge, key refused, this site's project not in the key's account…).
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Settings;

use Interlinker\Bridge\Bridge_Client;
use Interlinker\Bridge\Bridge_Data;
use Interlinker\Bridge\Bridge_Errors;
use Interlinker\Bridge\Bridge_Transport;
use Interlinker\Bridge\Project_Resolver;
use Interlinker\Bridge\Rate_Limit;
use WP_Error;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Connection_Check {

	/** Seconds each of the test's two requests may take. */
	private const TIMEOUT = 5;

	public function __construct(
		private readonly Settings $settings,
		private readonly Bridge_Client $client,
		private readonly Project_Resolver $projects,
	) {}

	public function run(): Connection_Result|WP_Error {
		if ( '' === $this->settings->bridge_url() ) {
			return new WP_Error( 'interlinker_not_configured', __( 'No bridge URL is set.', 'interlinker' ), array( 'status' => 400 ) );
		}
		$problem = $this->settings->problem();
		if ( null !== $problem ) {
			return new WP_Error( 'interlinker_not_configured', $problem, array( 'status' => 400 ) );
		}
		if ( '' === $this->settings->api_key() ) {
			return new WP_Error( 'interlinker_not_configured', __( 'No API key is set.', 'interlinker' ), array( 'status' => 400 ) );
		}
		$probe = $this->probe( $this->settings->bridge_url(), $this->settings->api_key() );
		if ( is_wp_error( $probe ) ) {
			return $probe;
		}
		Setup_State::connection_verified( $this->settings );
		$warning  = $this->settings->bridge_address()->warning();
		$warnings = null === $warning ? array() : array( $warning );

		// A remembered project may belong to another account than the key's (the key was switched): ask for it.
		$remembered = $this->settings->project();
		$missing    = null !== $remembered && $this->projects->forget_if_gone( $remembered['id'] );
		$project_id = $this->projects->project_id( false );
		if ( is_wp_error( $project_id ) && 'interlinker_not_synced' !== $project_id->get_error_code() ) {
			return $project_id;
		}
		if ( is_wp_error( $project_id ) ) {
			$message = $missing
				/* translators: %s: the project id this site used until now. */
				? sprintf( __( 'Connected, but this site\'s project (%s) is not in the account of this API key: it belongs to another account or was deleted. Run "Sync all content" to create this site\'s project in this account.', 'interlinker' ), $remembered['id'] )
				: __( 'Connected. This account has no project for this site yet: "Sync all content" creates it.', 'interlinker' );
			return new Connection_Result( $warnings, $message, $probe['version'], null, $missing ? 'missing' : 'none', $probe['rateLimit'] );
		}
		return new Connection_Result(
			$warnings,
			__( 'Connected to the bridge and to this site\'s project.', 'interlinker' ),
			$probe['version'],
			$project_id,
			'found',
			$probe['rateLimit']
		);
	}

	/**
	 * Before an address and key are stored: null when the bridge at $url takes $key, or why it does not.
	 */
	public function refusal( string $url, string $key ): ?WP_Error {
		$probe = $this->probe( $url, $key );
		return is_wp_error( $probe ) ? $probe : null;
	}

	/**
	 * GET /healthz without the key (nothing but a bridge gets it), then an authenticated GET /api/projects.
	 *
	 * @return array{version: string, rateLimit: ?Rate_Limit}|WP_Error
	 */
	private function probe( string $url, string $key ): array|WP_Error {
		$health = Bridge_Transport::send( $url, '/healthz', array( 'timeout' => self::TIMEOUT ) );
		if ( is_wp_error( $health ) ) {
			return self::in_own_words( $health, $url );
		}
		$status = (int) wp_remote_retrieve_response_code( $health );
		if ( $status >= 300 && $status < 400 ) {
			return Bridge_Client::redirect_error( $status, (string) wp_remote_retrieve_header( $health, 'location' ) );
		}
		$body    = json_decode( (string) wp_remote_retrieve_body( $health ), true );
		$version = is_array( $body ) ? ( $body['data']['version'] ?? $body['version'] ?? null ) : null;
		if ( 200 !== $status || ! is_string( $version ) ) {
			return new WP_Error(
				'interlinker_not_a_bridge',
				/* translators: %s: host:port. */
				sprintf( __( 'Nothing that answers like an Interlinker bridge at this address (%s): GET /healthz did not answer as the bridge does. Check the address and the port.', 'interlinker' ), self::host_port( $url ) ),
				array( 'status' => 502 )
			);
		}
		$answer = Bridge_Transport::send(
			$url,
			'/api/projects?limit=1',
			array(
				'method'     => 'GET',
				'timeout'    => self::TIMEOUT,
				'user-agent' => 'Interlinker/' . INTERLINKER_VERSION . ' WordPress/' . get_bloginfo( 'version' ),
				'headers'    => array(
					'Authorization' => 'Bearer ' . $key,
					'Accept'        => 'application/json',
				),
			)
		);
		if ( is_wp_error( $answer ) ) {
			return self::in_own_words( $answer, $url );
		}
		$status = (int) wp_remote_retrieve_response_code( $answer );
		if ( $status >= 300 && $status < 400 ) {
			return Bridge_Client::redirect_error( $status, (string) wp_remote_retrieve_header( $answer, 'location' ) );
		}
		$rate_limit = Rate_Limit::from_response( $answer );
		if ( $status < 200 || $status >= 300 ) {
			$decoded = json_decode( (string) wp_remote_retrieve_body( $answer ), true );
			return Bridge_Errors::from_answer( $status, is_array( $decoded ) ? $decoded : null, $rate_limit, null, false );
		}
		return array(
			'version'   => Bridge_Data::text( $version ),
			'rateLimit' => $rate_limit,
		);
	}

	/**
	 * A timeout is said with the address and the seconds waited; the other failures already are in the plugin's words.
	 */
	private static function in_own_words( WP_Error $error, string $url ): WP_Error {
		if ( 'interlinker_bridge_timeout' !== $error->get_error_code() ) {
			return $error;
		}
		return new WP_Error(
			'interlinker_bridge_unreachable',
			/* translators: 1: host:port, 2: seconds. */
			sprintf( __( '%1$s did not answer within %2$d seconds. Check that the bridge is running and not overloaded.', 'interlinker' ), self::host_port( $url ), self::TIMEOUT ),
			array( 'status' => 503 )
		);
	}

	private static function host_port( string $url ): string {
		$parts = wp_parse_url( $url );
		$host  = (string) ( $parts['host'] ?? '' );
		$port  = (int) ( $parts['port'] ?? ( 'https' === strtolower( (string) ( $parts['scheme'] ?? '' ) ) ? 443 : 80 ) );
		return $host . ':' . $port;
	}
}
