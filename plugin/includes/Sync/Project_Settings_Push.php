<?php
/**
 * Keeps the bridge project's settings equal to the plugin's: `excludePaths` (the bridge then neither proposes pages
 * under them as targets nor generates for them, while they stay live pages for link health), and what background
 * generation uses — `minRelevanceScore`, `suggestionsPerPage` and `ignoredWords`. Sent when a setting is saved; when
 * the bridge could not be told then, the next sync sends them.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Sync;

use Interlinker\Bridge\Project_Api;
use Interlinker\Settings\Settings;
use WP_Error;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Project_Settings_Push {

	/** Set while the bridge project's settings may differ from the plugin's. */
	public const OPTION_OUTDATED = 'interlinker_exclusions_outdated';

	public function __construct(
		private readonly Project_Api $api,
		private readonly Settings $settings,
	) {}

	/**
	 * Sends the settings to the project. Before the first sync there is no project: creating it sends them.
	 */
	public function push(): bool|WP_Error {
		$project_id = $this->api->project_id();
		if ( is_wp_error( $project_id ) ) {
			if ( 'interlinker_not_synced' === $project_id->get_error_code() ) {
				delete_option( self::OPTION_OUTDATED );
				return true;
			}
			update_option( self::OPTION_OUTDATED, 1, false );
			return $project_id;
		}
		$updated = $this->api->update_project( $this->settings->project_fields() );
		if ( is_wp_error( $updated ) ) {
			update_option( self::OPTION_OUTDATED, 1, false );
			return $updated;
		}
		delete_option( self::OPTION_OUTDATED );
		return true;
	}

	public function push_if_outdated(): bool|WP_Error {
		return get_option( self::OPTION_OUTDATED ) ? $this->push() : true;
	}

	/**
	 * The lowest relevanceScore asked for when generating on request, the same the project is told for background
	 * generation; null for the bridge's calibrated default.
	 */
	public function min_relevance_score(): ?float {
		return $this->settings->min_relevance_score();
	}
}
