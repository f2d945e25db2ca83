<?php
/**
 * The settings as GET /settings shows them: the saved values, where wp-config.php decides them, whether the key is
 * set (never the key), and the post types the site could choose from.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Settings;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Settings_View {

	public function __construct( private readonly Settings $settings ) {}

	/**
	 * @return array<string, mixed> As the `interlinker-settings` schema describes it.
	 */
	public function current(): array {
		$project = $this->settings->project();
		return array(
			'bridgeUrl'             => $this->settings->bridge_url(),
			'bridgeUrlFromConstant' => $this->settings->bridge_url_from_constant(),
			'apiKeySet'             => '' !== $this->settings->api_key(),
			'apiKeyFromConstant'    => $this->settings->api_key_from_constant(),
			'configurationError'    => $this->settings->problem(),
			'projectId'             => $project['id'] ?? null,
			'postTypes'             => $this->settings->post_types(),
			'availablePostTypes'    => self::available_post_types(),
			'excludedCategories'    => $this->settings->excluded_categories(),
			'excludedPaths'         => $this->settings->excluded_paths(),
			'maxLinksPerPost'       => $this->settings->max_links_per_post(),
		);
	}

	/**
	 * The public post types but attachments, which get no suggestions.
	 *
	 * @return array<int, array{slug: string, label: string}>
	 */
	private static function available_post_types(): array {
		$types = array();
		foreach ( get_post_types( array( 'public' => true ), 'objects' ) as $type ) {
			if ( 'attachment' !== $type->name ) {
				$types[] = array(
					'slug'  => $type->name,
					'label' => $type->labels->singular_name,
				);
			}
		}
		return $types;
	}
}
