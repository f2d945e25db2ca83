<?php
/**
 * The settings as GET and POST /settings answer them: the saved values, where wp-config.php decides them, whether
 * the key is set (never the key), the post types the site could choose from and, after saving, what to warn about.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Settings;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Settings_Answer {

	/**
	 * @param string[]                                       $post_types
	 * @param array<int, array{slug: string, label: string}> $available_post_types
	 * @param int[]                                          $excluded_categories
	 * @param string[]                                       $excluded_paths
	 * @param int|null                                       $min_relevance_score  A percentage; null for automatic.
	 * @param string[]                                       $ignored_words
	 * @param string[]                                       $warnings             After saving: what was saved but not applied.
	 */
	public function __construct(
		public readonly string $bridge_url,
		public readonly bool $bridge_url_from_constant,
		public readonly bool $api_key_set,
		public readonly bool $api_key_from_constant,
		public readonly ?string $configuration_error,
		public readonly ?string $project_id,
		public readonly array $post_types,
		public readonly array $available_post_types,
		public readonly array $excluded_categories,
		public readonly array $excluded_paths,
		public readonly int $max_links_per_post,
		public readonly ?int $min_relevance_score,
		public readonly int $suggestions_per_page,
		public readonly array $ignored_words,
		public readonly array $warnings = array(),
	) {}

	/**
	 * @param string[] $warnings
	 */
	public function with_warnings( array $warnings ): self {
		return new self( $this->bridge_url, $this->bridge_url_from_constant, $this->api_key_set, $this->api_key_from_constant, $this->configuration_error, $this->project_id, $this->post_types, $this->available_post_types, $this->excluded_categories, $this->excluded_paths, $this->max_links_per_post, $this->min_relevance_score, $this->suggestions_per_page, $this->ignored_words, $warnings );
	}

	/**
	 * @return array{bridgeUrl: string, bridgeUrlFromConstant: bool, apiKeySet: bool, apiKeyFromConstant: bool, configurationError: ?string, projectId: ?string, postTypes: string[], availablePostTypes: array<int, array{slug: string, label: string}>, excludedCategories: int[], excludedPaths: string[], maxLinksPerPost: int, minRelevanceScore: ?int, suggestionsPerPage: int, ignoredWords: string[], warnings?: string[]} As the `interlinker-settings` schema describes it; `warnings` only when there are some.
	 */
	public function to_rest(): array {
		$rest = array(
			'bridgeUrl'             => $this->bridge_url,
			'bridgeUrlFromConstant' => $this->bridge_url_from_constant,
			'apiKeySet'             => $this->api_key_set,
			'apiKeyFromConstant'    => $this->api_key_from_constant,
			'configurationError'    => $this->configuration_error,
			'projectId'             => $this->project_id,
			'postTypes'             => $this->post_types,
			'availablePostTypes'    => $this->available_post_types,
			'excludedCategories'    => $this->excluded_categories,
			'excludedPaths'         => $this->excluded_paths,
			'maxLinksPerPost'       => $this->max_links_per_post,
			'minRelevanceScore'     => $this->min_relevance_score,
			'suggestionsPerPage'    => $this->suggestions_per_page,
			'ignoredWords'          => $this->ignored_words,
		);
		if ( array() !== $this->warnings ) {
			$rest['warnings'] = $this->warnings;
		}
		return $rest;
	}
}
