<?php
/**
 * A settings change as POST /settings takes it: each field the request set, null for one it leaves alone. The route
 * validated the body against `interlinker-settings-changes`; Settings::update() cleans the values before storing.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Settings;

use Interlinker\Rest\Rest_Schemas;
use WP_REST_Request;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Settings_Changes {

	/**
	 * @param string[]|null $post_types
	 * @param int[]|null    $excluded_categories
	 * @param string[]|null $excluded_paths
	 * @param string[]|null $ignored_words
	 */
	public function __construct(
		public readonly ?string $bridge_url = null,
		public readonly ?string $api_key = null,
		public readonly ?array $post_types = null,
		public readonly ?array $excluded_categories = null,
		public readonly ?array $excluded_paths = null,
		public readonly ?int $max_links_per_post = null,
		public readonly bool $min_relevance_score_set = false,
		public readonly ?int $min_relevance_score = null,
		public readonly ?int $suggestions_per_page = null,
		public readonly ?array $ignored_words = null,
	) {}

	/**
	 * Whether the change concerns the connection (address or key), which is tested before it is saved.
	 */
	public function changes_connection(): bool {
		return null !== $this->bridge_url || null !== $this->api_key;
	}

	/**
	 * The properties of the POST /settings body schema that the request set.
	 */
	public static function from_request( WP_REST_Request $request ): self {
		$body = array();
		foreach ( array_keys( Rest_Schemas::settings_changes()['properties'] ) as $field ) {
			if ( $request->has_param( $field ) ) {
				$body[ $field ] = $request->get_param( $field );
			}
		}
		return new self(
			isset( $body['bridgeUrl'] ) ? (string) $body['bridgeUrl'] : null,
			isset( $body['apiKey'] ) ? (string) $body['apiKey'] : null,
			isset( $body['postTypes'] ) ? array_map( 'strval', (array) $body['postTypes'] ) : null,
			isset( $body['excludedCategories'] ) ? array_map( 'intval', (array) $body['excludedCategories'] ) : null,
			isset( $body['excludedPaths'] ) ? array_map( 'strval', (array) $body['excludedPaths'] ) : null,
			isset( $body['maxLinksPerPost'] ) ? (int) $body['maxLinksPerPost'] : null,
			// null is a value here: "automatic", the bridge's calibrated score.
			array_key_exists( 'minRelevanceScore', $body ),
			isset( $body['minRelevanceScore'] ) ? (int) $body['minRelevanceScore'] : null,
			isset( $body['suggestionsPerPage'] ) ? (int) $body['suggestionsPerPage'] : null,
			isset( $body['ignoredWords'] ) ? array_map( 'strval', (array) $body['ignoredWords'] ) : null,
		);
	}
}
