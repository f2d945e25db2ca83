<?php
/**
 * Keeps excluded posts out of a source's open suggestions. The bridge filters targets by the project's
 * excludePaths when it generates, but it knows nothing of categories, post types or passwords, and it keeps
 * the pending suggestions it made before an exclusion. After each generation the source's pending suggestions
 * to excluded targets are deleted (not rejected: they may come back once the post takes part again).
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Content;

use Interlinker\Bridge\Project_Api;
use WP_Error;
use WP_Post;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Excluded_Targets {

	public function __construct(
		private readonly Project_Api $api,
		private readonly Site_Content $content,
	) {}

	/**
	 * @return string[]|WP_Error Ids of the suggestions deleted.
	 */
	public function drop_for_source( string $source_url ): array|WP_Error {
		$pending = $this->api->list_suggestions(
			array(
				'sourcePageUrl' => $source_url,
				'status'        => 'pending',
				'limit'         => 100,
			)
		);
		if ( is_wp_error( $pending ) ) {
			return $pending;
		}
		$deleted = array();
		foreach ( $pending['items'] as $suggestion ) {
			if ( ! $this->is_excluded( (string) $suggestion['targetPageUrl'] ) ) {
				continue;
			}
			$answer = $this->api->delete_suggestion( (string) $suggestion['id'] );
			if ( is_wp_error( $answer ) && 'interlinker_not_found' !== $answer->get_error_code() ) {
				return $answer;
			}
			$deleted[] = (string) $suggestion['id'];
		}
		return $deleted;
	}

	private function is_excluded( string $target_url ): bool {
		if ( $this->content->is_excluded_path( $target_url ) ) {
			return true;
		}
		$post_id = $this->content->post_id_for_url( $target_url );
		$post    = $post_id > 0 ? get_post( $post_id ) : null;
		return $post instanceof WP_Post && ! $this->content->is_eligible( $post );
	}
}
