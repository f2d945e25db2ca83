<?php
/**
 * Finds this site's project on the bridge (by the home URL), creating it on the first sync.
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

final class Project_Resolver {

	public function __construct(
		private readonly Bridge_Client $client,
		private readonly Settings $settings,
	) {}

	/**
	 * The project id; with $create, a project for the home URL is made when the bridge has none.
	 */
	public function project_id( bool $create ): string|WP_Error {
		$project = $this->settings->project();
		if ( null !== $project ) {
			return $project['id'];
		}
		$found = $this->find_by_domain( Settings::site_domain() );
		if ( is_wp_error( $found ) || null !== $found ) {
			if ( is_string( $found ) ) {
				$this->settings->remember_project( $found );
			}
			return $found;
		}
		if ( ! $create ) {
			return new WP_Error(
				'interlinker_not_synced',
				__( 'This site has no Interlinker project yet: run a full sync first (Interlinker → Settings → Sync all content).', 'interlinker' ),
				array( 'status' => 409 )
			);
		}
		$created = $this->client->request(
			'POST',
			'/api/projects',
			array(
				'name'         => mb_substr( wp_strip_all_tags( (string) get_bloginfo( 'name' ) ), 0, 200 ) ?: Settings::site_domain(),
				'domain'       => Settings::site_domain(),
				'preferredSdk' => 'wordpress',
			) + $this->settings->project_fields()
		);
		if ( is_wp_error( $created ) ) {
			return $created;
		}
		$id = sanitize_text_field( (string) ( $created->data['id'] ?? '' ) );
		if ( '' === $id ) {
			return new WP_Error( 'interlinker_bridge_error', __( 'The bridge created a project but returned no id.', 'interlinker' ), array( 'status' => 502 ) );
		}
		$this->settings->remember_project( $id );
		return $id;
	}

	/**
	 * Drops the remembered project when the bridge no longer has it; true when it was dropped.
	 */
	public function forget_if_gone( string $project_id ): bool {
		$answer = $this->client->get( '/api/projects/' . rawurlencode( $project_id ) );
		if ( is_wp_error( $answer ) && 'interlinker_not_found' === $answer->get_error_code() ) {
			$this->settings->forget_project();
			return true;
		}
		return false;
	}

	private function find_by_domain( string $domain ): string|WP_Error|null {
		$wanted = self::comparable( $domain );
		for ( $offset = 0; ; $offset += 100 ) {
			$page = $this->client->get(
				'/api/projects',
				array(
					'limit'  => 100,
					'offset' => $offset,
				)
			);
			if ( is_wp_error( $page ) ) {
				return $page;
			}
			$items = is_array( $page->data ) ? $page->data : array();
			foreach ( $items as $item ) {
				if ( is_array( $item ) && self::comparable( (string) ( $item['domain'] ?? '' ) ) === $wanted ) {
					return sanitize_text_field( (string) $item['id'] );
				}
			}
			if ( count( $items ) < 100 || $offset + 100 >= $page->total() ) {
				return null;
			}
		}
	}

	private static function comparable( string $url ): string {
		return strtolower( untrailingslashit( $url ) );
	}
}
