<?php
/**
 * Saves a settings change and applies it: refuses what wp-config.php decides, a host the site does not allow or a
 * key the bridge refuses, then tells the bridge project its new settings and queues the posts whose exclusion the
 * change turned.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Settings;

use Interlinker\Sync\Exclusion_Resync;
use Interlinker\Sync\Project_Settings_Push;
use WP_Error;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Settings_Update {

	public function __construct(
		private readonly Settings $settings,
		private readonly Project_Settings_Push $exclusions,
		private readonly Exclusion_Resync $resync,
		private readonly Connection_Check $connection,
	) {}

	/**
	 * @return string[]|WP_Error What was saved but not applied (or is risky), for the user to read.
	 */
	public function apply( Settings_Changes $changes ): array|WP_Error {
		$refusal = $this->refusal( $changes );
		if ( null !== $refusal ) {
			return $refusal;
		}
		$warnings = array();
		$untested = $this->untested_connection( $changes );
		if ( is_wp_error( $untested ) ) {
			return $untested;
		}
		$before = $this->resync->snapshot();
		$fields = $this->settings->project_fields();
		$this->settings->update( $changes );
		if ( null !== $untested ) {
			$warnings[] = $untested;
		} elseif ( $changes->changes_connection() ) {
			Setup_State::connection_verified( $this->settings );
		}
		$insecure = $this->settings->bridge_address()->warning();
		if ( null !== $insecure ) {
			$warnings[] = $insecure;
		}
		if ( ! $this->settings->is_configured() ) {
			return $warnings;
		}
		if ( $this->settings->project_fields() !== $fields ) {
			// The bridge applies these to suggestions: tell it now, or on the next sync when it cannot be told.
			$pushed = $this->exclusions->push();
			if ( is_wp_error( $pushed ) ) {
				/* translators: %s: the reason the bridge could not be told. */
				$warnings[] = sprintf( __( 'Saved. The bridge gets the new settings with the next sync: %s', 'interlinker' ), $pushed->get_error_message() );
			}
		}
		// Posts the bridge has go again, marked excluded or not, once this response is sent.
		if ( ! $this->resync->queue_changed( $before ) ) {
			$warnings[] = __( 'Saved. Many posts change with these exclusions: run a full sync so that the bridge knows which of them to suggest.', 'interlinker' );
		}
		return $warnings;
	}

	/**
	 * A new address or key is tried on the bridge before it is stored: a key the bridge refuses (or an address that
	 * is no bridge) is not saved. When nothing answers, the change is saved with a warning, so that a bridge not
	 * started yet can be set up; its key is then tested by "Test connection".
	 *
	 * @return WP_Error|string|null The refusal, the warning, or null when the bridge took the key.
	 */
	private function untested_connection( Settings_Changes $changes ): WP_Error|string|null {
		if ( ! $changes->changes_connection() ) {
			return null;
		}
		$url = null === $changes->bridge_url ? $this->settings->bridge_url() : untrailingslashit( esc_url_raw( $changes->bridge_url, array( 'http', 'https' ) ) );
		$key = $changes->api_key ?? ( null === $changes->bridge_url || $url === $this->settings->bridge_url() ? $this->settings->api_key() : '' );
		if ( '' === $url || '' === $key ) {
			return null;
		}
		$refusal = $this->connection->refusal( $url, $key );
		if ( null === $refusal ) {
			return null;
		}
		if ( 'interlinker_bridge_unreachable' === $refusal->get_error_code() ) {
			/* translators: %s: why the bridge could not be reached. */
			return sprintf( __( 'Saved, but the key could not be checked: %s', 'interlinker' ), $refusal->get_error_message() );
		}
		$data = (array) $refusal->get_error_data();
		return new WP_Error(
			$refusal->get_error_code(),
			/* translators: %s: what the bridge answered. */
			sprintf( __( 'Not saved: %s', 'interlinker' ), 'interlinker_bridge_unauthorized' === $refusal->get_error_code() ? __( 'the bridge at this address refused the API key (unknown or revoked). Check that the key belongs to this bridge: it is printed by `npm start` on the machine that runs the bridge, or given by the bridge host\'s administrator.', 'interlinker' ) : $refusal->get_error_message() ),
			array( 'status' => 'interlinker_bridge_unauthorized' === $refusal->get_error_code() ? 422 : (int) ( $data['status'] ?? 400 ) ) + $data
		);
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
