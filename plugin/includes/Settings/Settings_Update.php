<?php
/**
 * Saves a settings change and applies it: refuses what wp-config.php decides or a host the site does not allow,
 * then tells the bridge the new excluded paths and queues the posts whose exclusion the change turned.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Settings;

use Interlinker\Sync\Exclusion_Resync;
use Interlinker\Sync\Project_Exclusions;
use WP_Error;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Settings_Update {

	public function __construct(
		private readonly Settings $settings,
		private readonly Project_Exclusions $exclusions,
		private readonly Exclusion_Resync $resync,
	) {}

	/**
	 * @return string[]|WP_Error What was saved but not applied (or is risky), for the user to read.
	 */
	public function apply( Settings_Changes $changes ): array|WP_Error {
		$refusal = $this->refusal( $changes );
		if ( null !== $refusal ) {
			return $refusal;
		}
		$before = $this->resync->snapshot();
		$this->settings->update( $changes );
		$warnings = array();
		$insecure = $this->settings->bridge_address()->warning();
		if ( null !== $insecure ) {
			$warnings[] = $insecure;
		}
		if ( ! $this->settings->is_configured() ) {
			return $warnings;
		}
		if ( $this->settings->excluded_paths() !== $before['excludedPaths'] ) {
			// The bridge applies excluded paths to suggestions: tell it now, or on the next sync when it cannot be told.
			$pushed = $this->exclusions->push();
			if ( is_wp_error( $pushed ) ) {
				/* translators: %s: the reason the bridge could not be told. */
				$warnings[] = sprintf( __( 'Saved. The bridge gets the new excluded paths with the next sync: %s', 'interlinker' ), $pushed->get_error_message() );
			}
		}
		// Posts the bridge has go again, marked excluded or not, once this response is sent.
		if ( ! $this->resync->queue_changed( $before ) ) {
			$warnings[] = __( 'Saved. Many posts change with these exclusions: run a full sync so that the bridge knows which of them to suggest.', 'interlinker' );
		}
		return $warnings;
	}

	private function refusal( Settings_Changes $changes ): ?WP_Error {
		if ( null !== $changes->bridge_url && $this->settings->bridge_url_from_constant() ) {
			return new WP_Error( 'interlinker_setting_from_constant', __( 'The bridge URL comes from INTERLINKER_BRIDGE_URL in wp-config.php; change it there.', 'interlinker' ), array( 'status' => 409 ) );
		}
		if ( null !== $changes->api_key && $this->settings->api_key_from_constant() ) {
			return new WP_Error( 'interlinker_setting_from_constant', __( 'The API key comes from INTERLINKER_API_KEY in wp-config.php; change it there.', 'interlinker' ), array( 'status' => 409 ) );
		}
		if ( null !== $changes->bridge_url ) {
			$refusal = ( new Bridge_Address( esc_url_raw( $changes->bridge_url, array( 'http', 'https' ) ) ) )->refusal();
			if ( null !== $refusal ) {
				return new WP_Error( 'interlinker_bridge_host_not_allowed', $refusal, array( 'status' => 400 ) );
			}
		}
		return null;
	}
}
