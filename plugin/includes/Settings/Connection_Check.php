<?php
/**
 * "Test connection": says exactly which part is wrong (no URL, unreachable, not a bridge, key refused…).
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Settings;

use Interlinker\Bridge\Bridge_Client;
use Interlinker\Bridge\Bridge_Data;
use Interlinker\Bridge\Project_Resolver;
use WP_Error;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Connection_Check {

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
		$health = wp_remote_get(
			$this->settings->bridge_url() . '/healthz',
			array(
				'timeout'     => 5,
				'redirection' => 0,
			)
		);
		if ( is_wp_error( $health ) ) {
			return new WP_Error(
				'interlinker_bridge_unreachable',
				/* translators: 1: bridge URL, 2: the transport error. */
				sprintf( __( 'Nothing answers at %1$s (%2$s). Check that the bridge is running and that this server can reach it.', 'interlinker' ), $this->settings->bridge_url(), $health->get_error_message() ),
				array( 'status' => 503 )
			);
		}
		$status = (int) wp_remote_retrieve_response_code( $health );
		if ( $status >= 300 && $status < 400 ) {
			return Bridge_Client::redirect_error( $status, (string) wp_remote_retrieve_header( $health, 'location' ) );
		}
		$body    = json_decode( (string) wp_remote_retrieve_body( $health ), true );
		$version = is_array( $body ) ? ( $body['data']['version'] ?? $body['version'] ?? null ) : null;
		if ( 200 !== wp_remote_retrieve_response_code( $health ) || ! is_string( $version ) ) {
			return new WP_Error(
				'interlinker_not_a_bridge',
				/* translators: %s: bridge URL. */
				sprintf( __( 'Something answers at %s, but it is not a working Interlinker bridge (GET /healthz did not answer as the bridge does).', 'interlinker' ), $this->settings->bridge_url() ),
				array( 'status' => 502 )
			);
		}
		$answer = $this->client->get( '/api/projects', array( 'limit' => 1 ) );
		if ( is_wp_error( $answer ) ) {
			return $answer;
		}
		$project_id = $this->projects->project_id( false );
		$warning    = $this->settings->bridge_address()->warning();
		return new Connection_Result(
			null === $warning ? array() : array( $warning ),
			is_wp_error( $project_id )
				? __( 'Connected. The first sync will create this site\'s project.', 'interlinker' )
				: __( 'Connected to the bridge and to this site\'s project.', 'interlinker' ),
			Bridge_Data::text( $version ),
			is_wp_error( $project_id ) ? null : $project_id,
			$answer->rate_limit,
		);
	}
}
