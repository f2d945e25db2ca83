<?php
/**
 * How far the first run is, for the setup checklist on every Interlinker screen: the address and key set, the
 * connection tested, the content synced, the first suggestions made. What was seen is kept in an option, tied to
 * the address and key (tested) or to the project (synced, suggestions), so a switch to another bridge or account
 * starts those steps again.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Settings;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Setup_State {

	public function __construct( private readonly Settings $settings ) {}

	public static function connection_verified( Settings $settings ): void {
		self::remember( 'verified', self::fingerprint( $settings ) );
	}

	/**
	 * After a full sync ran to its end: the content of this site's project is on the bridge.
	 */
	public function content_synced(): void {
		$project_id = $this->settings->project()['id'] ?? null;
		if ( null !== $project_id ) {
			self::remember( 'syncedProject', $project_id );
		}
	}

	public static function suggestions_made( string $project_id ): void {
		self::remember( 'syncedProject', $project_id );
		self::remember( 'completeProject', $project_id );
	}

	/**
	 * @return array{connectionSet: bool, connectionTested: bool, contentSynced: bool, suggestionsMade: bool, complete: bool}
	 */
	public function steps(): array {
		$stored     = self::stored();
		$project_id = $this->settings->project()['id'] ?? null;
		$set        = $this->settings->is_configured();
		$complete   = $set && null !== $project_id && ( $stored['completeProject'] ?? null ) === $project_id;
		$synced     = $complete || ( $set && null !== $project_id && ( $stored['syncedProject'] ?? null ) === $project_id );
		// A remembered project was reached with this address and key: the connection works.
		$tested = $synced || null !== $project_id || ( $set && ( $stored['verified'] ?? null ) === self::fingerprint( $this->settings ) );
		return array(
			'connectionSet'    => $set,
			'connectionTested' => $set && $tested,
			'contentSynced'    => $synced,
			'suggestionsMade'  => $complete,
			'complete'         => $complete,
		);
	}

	private static function fingerprint( Settings $settings ): string {
		return wp_hash( $settings->bridge_url() . '|' . $settings->api_key() );
	}

	private static function remember( string $field, string $value ): void {
		$stored = self::stored();
		if ( ( $stored[ $field ] ?? null ) !== $value ) {
			$stored[ $field ] = $value;
			update_option( Settings::OPTION_SETUP, $stored, false );
		}
	}

	/**
	 * @return array<string, string>
	 */
	private static function stored(): array {
		$stored = get_option( Settings::OPTION_SETUP, array() );
		return is_array( $stored ) ? $stored : array();
	}
}
