<?php
/**
 * Reads the settings as GET /settings shows them (Settings_Answer).
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

	public function current(): Settings_Answer {
		return new Settings_Answer(
			$this->settings->bridge_url(),
			$this->settings->bridge_url_from_constant(),
			'' !== $this->settings->api_key(),
			$this->settings->api_key_from_constant(),
			$this->settings->problem(),
			$this->settings->project()['id'] ?? null,
			$this->settings->post_types(),
			self::available_post_types(),
			$this->settings->excluded_categories(),
			$this->settings->excluded_paths(),
			$this->settings->max_links_per_post(),
			$this->settings->min_relevance_percent(),
			$this->settings->suggestions_per_page(),
			$this->settings->ignored_words(),
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
