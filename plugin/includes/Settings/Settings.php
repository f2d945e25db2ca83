<?php
/**
 * The plugin's settings, kept on the server only. wp-config.php constants win over stored values.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Settings;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Reads and writes the options; never hands the API key to anything that renders.
 */
final class Settings {

	public const OPTION_SETTINGS = 'interlinker_settings';
	public const OPTION_API_KEY  = 'interlinker_api_key';
	public const OPTION_PROJECT  = 'interlinker_project';
	public const OPTION_SETUP    = 'interlinker_setup';

	public const DEFAULT_MAX_LINKS = 3;
	public const MAX_LINKS_CEILING = 50;

	public const DEFAULT_SUGGESTIONS_PER_PAGE = 10;
	public const SUGGESTIONS_PER_PAGE_CEILING = 50;
	public const IGNORED_WORDS_MAX            = 200;
	public const IGNORED_WORD_MAX_LENGTH      = 60;

	/**
	 * Every option the plugin owns (uninstall.php removes these).
	 *
	 * @return string[]
	 */
	public static function option_names(): array {
		return array( self::OPTION_SETTINGS, self::OPTION_API_KEY, self::OPTION_PROJECT, \Interlinker\Sync\Sync_Queue::OPTION, \Interlinker\Sync\Project_Settings_Push::OPTION_OUTDATED, self::OPTION_SETUP, \Interlinker\Sync\Last_Sync_Errors::OPTION );
	}

	/**
	 * Who may read and change the settings. On a network they decide where every site's key and content go, and
	 * a site's administrator has no access to wp-config.php: only network administrators.
	 */
	public static function capability(): string {
		return is_multisite() ? 'manage_network_options' : 'manage_options';
	}

	public function bridge_url(): string {
		if ( defined( 'INTERLINKER_BRIDGE_URL' ) && is_string( constant( 'INTERLINKER_BRIDGE_URL' ) ) ) {
			return untrailingslashit( (string) constant( 'INTERLINKER_BRIDGE_URL' ) );
		}
		return untrailingslashit( (string) ( $this->stored()['bridgeUrl'] ?? '' ) );
	}

	public function bridge_url_from_constant(): bool {
		return defined( 'INTERLINKER_BRIDGE_URL' );
	}

	/**
	 * The API key, for the bridge client's Authorization header only. A key from wp-config.php goes only to the
	 * address from wp-config.php: whoever can change the stored URL (a site administrator on a network) must not
	 * be able to send the host's key elsewhere.
	 */
	public function api_key(): string {
		if ( defined( 'INTERLINKER_API_KEY' ) && is_string( constant( 'INTERLINKER_API_KEY' ) ) ) {
			return $this->bridge_url_from_constant() ? (string) constant( 'INTERLINKER_API_KEY' ) : '';
		}
		return $this->stored_api_key() ?? '';
	}

	/**
	 * Whether a key is stored that this site can no longer open: the salts in wp-config.php changed since it was saved.
	 */
	public function api_key_unreadable(): bool {
		return ! $this->api_key_from_constant() && null === $this->stored_api_key();
	}

	/**
	 * The stored key; '' when none is stored; null when it cannot be opened. A key stored in clear text by an older
	 * version is encrypted on this first read.
	 */
	private function stored_api_key(): ?string {
		$stored = get_option( self::OPTION_API_KEY, '' );
		$stored = is_string( $stored ) ? $stored : '';
		if ( '' === $stored ) {
			return '';
		}
		if ( ! Stored_Key::is_sealed( $stored ) ) {
			$this->store_api_key( $stored );
			return $stored;
		}
		return Stored_Key::open( $stored );
	}

	public function bridge_address(): Bridge_Address {
		return new Bridge_Address( $this->bridge_url() );
	}

	/**
	 * Why the key may not be sent to the bridge URL as configured, or null when it may.
	 */
	public function problem(): ?string {
		if ( $this->api_key_from_constant() && ! $this->bridge_url_from_constant() ) {
			return __( 'The API key comes from INTERLINKER_API_KEY in wp-config.php, so the bridge URL must come from there too: define INTERLINKER_BRIDGE_URL next to it. The key is not sent to an address set in the settings.', 'interlinker' );
		}
		if ( $this->api_key_unreadable() ) {
			return __( 'The stored API key cannot be read: the site\'s security keys changed. Enter the key again.', 'interlinker' );
		}
		return $this->bridge_address()->refusal();
	}

	public function api_key_from_constant(): bool {
		return defined( 'INTERLINKER_API_KEY' );
	}

	public function is_configured(): bool {
		return null === $this->setup_needed();
	}

	/**
	 * What an administrator has to configure before anything is sent to the bridge, and where; null when nothing.
	 */
	public function setup_needed(): ?string {
		$problem = $this->problem();
		if ( null !== $problem ) {
			return $problem;
		}
		$missing = match ( true ) {
			'' === $this->bridge_url() && '' === $this->api_key() => __( 'No bridge URL and no API key are set.', 'interlinker' ),
			'' === $this->bridge_url() => __( 'No bridge URL is set.', 'interlinker' ),
			'' === $this->api_key() => __( 'No API key is set.', 'interlinker' ),
			default => null,
		};
		if ( null === $missing ) {
			return null;
		}
		/* translators: %s: what is missing, e.g. "No API key is set." */
		return sprintf( __( '%s Enter the bridge address and API key under Interlinker → Settings, or define INTERLINKER_BRIDGE_URL and INTERLINKER_API_KEY in wp-config.php.', 'interlinker' ), $missing );
	}

	/**
	 * Post types whose published posts take part (sources and targets).
	 *
	 * @return string[]
	 */
	public function post_types(): array {
		$stored = $this->stored()['postTypes'] ?? null;
		$types  = is_array( $stored ) ? $stored : array( 'post', 'page' );
		return array_values( array_filter( $types, 'post_type_exists' ) );
	}

	/**
	 * Term ids of categories whose posts are left out.
	 *
	 * @return int[]
	 */
	public function excluded_categories(): array {
		return array_map( 'intval', (array) ( $this->stored()['excludedCategories'] ?? array() ) );
	}

	/**
	 * Path prefixes (as in "/shop/") whose pages are left out.
	 *
	 * @return string[]
	 */
	public function excluded_paths(): array {
		return array_values( array_map( 'strval', (array) ( $this->stored()['excludedPaths'] ?? array() ) ) );
	}

	public function max_links_per_post(): int {
		return (int) ( $this->stored()['maxLinksPerPost'] ?? self::DEFAULT_MAX_LINKS );
	}

	/**
	 * The "Minimum score" setting as a percentage, or null for automatic (the score calibrated for this site).
	 */
	public function min_relevance_percent(): ?int {
		$stored = $this->stored()['minRelevanceScore'] ?? null;
		return is_numeric( $stored ) ? max( 0, min( 100, (int) $stored ) ) : null;
	}

	/**
	 * The lowest relevanceScore (0–1) wanted from the bridge, or null for its calibrated default: the setting, unless
	 * the filter `interlinker_min_relevance_score` decides otherwise.
	 */
	public function min_relevance_score(): ?float {
		$percent = $this->min_relevance_percent();
		$score   = apply_filters( 'interlinker_min_relevance_score', null === $percent ? null : $percent / 100 );
		return is_numeric( $score ) ? max( 0.0, min( 1.0, (float) $score ) ) : null;
	}

	public function suggestions_per_page(): int {
		return (int) ( $this->stored()['suggestionsPerPage'] ?? self::DEFAULT_SUGGESTIONS_PER_PAGE );
	}

	/**
	 * Words never proposed as (part of) link text.
	 *
	 * @return string[]
	 */
	public function ignored_words(): array {
		return array_values( array_map( 'strval', (array) ( $this->stored()['ignoredWords'] ?? array() ) ) );
	}

	/**
	 * The bridge project's fields that follow these settings (sent on creation and whenever one of them changes).
	 *
	 * @return array{excludePaths: string[], minRelevanceScore: float|null, suggestionsPerPage: int, ignoredWords: string[]}
	 */
	public function project_fields(): array {
		return array(
			'excludePaths'       => $this->excluded_paths(),
			'minRelevanceScore'  => $this->min_relevance_score(),
			'suggestionsPerPage' => $this->suggestions_per_page(),
			'ignoredWords'       => $this->ignored_words(),
		);
	}

	/**
	 * Saves the writable fields present in $changes (already validated by the REST schema) and sanitises them again.
	 *
	 * @param Settings_Changes $changes The fields to change; null ones stay as they are.
	 */
	public function update( Settings_Changes $changes ): void {
		$stored      = $this->stored();
		$url_changed = false;
		if ( null !== $changes->bridge_url ) {
			$url                 = untrailingslashit( esc_url_raw( $changes->bridge_url, array( 'http', 'https' ) ) );
			$url_changed         = $url !== (string) ( $stored['bridgeUrl'] ?? '' );
			$stored['bridgeUrl'] = $url;
		}
		if ( null !== $changes->post_types ) {
			$stored['postTypes'] = array_values( array_unique( array_filter( array_map( 'sanitize_key', $changes->post_types ), 'post_type_exists' ) ) );
		}
		if ( null !== $changes->excluded_categories ) {
			$stored['excludedCategories'] = array_values( array_unique( array_filter( array_map( 'absint', $changes->excluded_categories ) ) ) );
		}
		if ( null !== $changes->excluded_paths ) {
			$stored['excludedPaths'] = self::normalise_paths( $changes->excluded_paths );
		}
		if ( null !== $changes->max_links_per_post ) {
			$stored['maxLinksPerPost'] = max( 0, min( self::MAX_LINKS_CEILING, $changes->max_links_per_post ) );
		}
		if ( $changes->min_relevance_score_set ) {
			$stored['minRelevanceScore'] = null === $changes->min_relevance_score ? null : max( 0, min( 100, $changes->min_relevance_score ) );
		}
		if ( null !== $changes->suggestions_per_page ) {
			$stored['suggestionsPerPage'] = max( 1, min( self::SUGGESTIONS_PER_PAGE_CEILING, $changes->suggestions_per_page ) );
		}
		if ( null !== $changes->ignored_words ) {
			$stored['ignoredWords'] = self::normalise_words( $changes->ignored_words );
		}
		update_option( self::OPTION_SETTINGS, $stored, false );

		if ( null !== $changes->api_key ) {
			$this->store_api_key( $changes->api_key );
		} elseif ( $url_changed ) {
			// The key follows the address: a new address needs its key entered with it, so that changing the URL
			// alone never sends the stored key to another server.
			delete_option( self::OPTION_API_KEY );
		}
	}

	/**
	 * Stores the key encrypted (Stored_Key): options.php and a database dump show only ciphertext.
	 */
	public function store_api_key( string $key ): void {
		$key = sanitize_text_field( $key );
		if ( '' === $key ) {
			delete_option( self::OPTION_API_KEY );
			return;
		}
		update_option( self::OPTION_API_KEY, Stored_Key::seal( $key ), false );
	}

	/**
	 * The project on the bridge for this site, or null before the first sync.
	 *
	 * @return array{id: string, domain: string, bridgeUrl: string}|null
	 */
	public function project(): ?array {
		$project = get_option( self::OPTION_PROJECT );
		if ( ! is_array( $project ) || empty( $project['id'] ) ) {
			return null;
		}
		// A project belongs to one bridge and one site address; after either changes it must be found again.
		if ( ( $project['bridgeUrl'] ?? '' ) !== $this->bridge_url() || ( $project['domain'] ?? '' ) !== self::site_domain() ) {
			return null;
		}
		return array(
			'id'        => (string) $project['id'],
			'domain'    => (string) $project['domain'],
			'bridgeUrl' => (string) $project['bridgeUrl'],
		);
	}

	public function remember_project( string $project_id ): void {
		update_option(
			self::OPTION_PROJECT,
			array(
				'id'        => $project_id,
				'domain'    => self::site_domain(),
				'bridgeUrl' => $this->bridge_url(),
			),
			false
		);
	}

	public function forget_project(): void {
		delete_option( self::OPTION_PROJECT );
	}

	/**
	 * The site's home URL as the bridge project's domain.
	 */
	public static function site_domain(): string {
		return trailingslashit( home_url( '/' ) );
	}

	/**
	 * Turns "shop", "/shop" or "/shop/" into "/shop/"; drops empties and duplicates.
	 *
	 * @param array<mixed> $paths Raw path prefixes.
	 * @return string[]
	 */
	public static function normalise_paths( array $paths ): array {
		$normalised = array();
		foreach ( $paths as $path ) {
			$path = trim( sanitize_text_field( (string) $path ) );
			$path = (string) wp_parse_url( $path, PHP_URL_PATH );
			$path = trim( $path, '/' );
			if ( '' !== $path ) {
				$normalised[] = '/' . $path . '/';
			}
		}
		return array_values( array_unique( $normalised ) );
	}

	/**
	 * Trims each word, drops empties and case-insensitive repeats, and keeps the first IGNORED_WORDS_MAX.
	 *
	 * @param array<mixed> $words Raw words.
	 * @return string[]
	 */
	public static function normalise_words( array $words ): array {
		$kept = array();
		foreach ( $words as $word ) {
			$word = trim( sanitize_text_field( (string) $word ) );
			if ( '' !== $word && mb_strlen( $word ) <= self::IGNORED_WORD_MAX_LENGTH ) {
				$kept[ mb_strtolower( $word ) ] ??= $word;
			}
		}
		return array_slice( array_values( $kept ), 0, self::IGNORED_WORDS_MAX );
	}

	/**
	 * @return array<string, mixed>
	 */
	private function stored(): array {
		$stored = get_option( self::OPTION_SETTINGS, array() );
		return is_array( $stored ) ? $stored : array();
	}
}
