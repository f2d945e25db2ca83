<?php
/**
 * Replaces the stored API key with a new one from the bridge and revokes the old one.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Settings;

use Interlinker\Bridge\Bridge_Client;
use WP_Error;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Key_Rotation {

	public function __construct(
		private readonly Settings $settings,
		private readonly Bridge_Client $client,
	) {}

	public function rotate(): bool|WP_Error {
		if ( $this->settings->api_key_from_constant() ) {
			return new WP_Error( 'interlinker_key_from_constant', __( 'The API key comes from INTERLINKER_API_KEY in wp-config.php; change it there.', 'interlinker' ), array( 'status' => 409 ) );
		}
		$keys = $this->client->get( '/api/keys' );
		if ( is_wp_error( $keys ) ) {
			return $keys;
		}
		$old_id = null;
		foreach ( is_array( $keys->data ) ? $keys->data : array() as $key ) {
			if ( is_array( $key ) && ! empty( $key['current'] ) ) {
				$old_id = sanitize_text_field( (string) $key['id'] );
			}
		}
		$created = $this->client->request( 'POST', '/api/keys', array( 'name' => 'WordPress ' . wp_parse_url( home_url(), PHP_URL_HOST ) ) );
		if ( is_wp_error( $created ) ) {
			return $created;
		}
		$secret = is_array( $created->data ) ? (string) ( $created->data['key'] ?? '' ) : '';
		if ( '' === $secret ) {
			return new WP_Error( 'interlinker_bridge_error', __( 'The bridge created a key but did not return it.', 'interlinker' ), array( 'status' => 502 ) );
		}
		$this->settings->store_api_key( $secret );
		if ( null !== $old_id ) {
			// Revoked with the new key: the old one must not outlive the rotation.
			$revoked = $this->client->request( 'DELETE', '/api/keys/' . rawurlencode( $old_id ) );
			if ( is_wp_error( $revoked ) ) {
				return $revoked;
			}
		}
		return true;
	}
}
