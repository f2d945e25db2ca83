<?php
/**
 * Fetches one analytics or link-health report from the bridge; the paged ones (orphans, broken links) get the
 * site's post id and, for whoever may edit it, the edit link of the post each item is about.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Analytics;

use Interlinker\Bridge\Project_Api;
use Interlinker\Rest\Suggestion_View;
use WP_Error;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Analytics_Report {

	/** The reports that are lists of items, each about one post. */
	public const PAGED = array( '/orphans', '/broken-links' );

	public function __construct(
		private readonly Project_Api $api,
		private readonly Suggestion_View $view,
	) {}

	/**
	 * @param string $report '' (the groups), '/timeseries', '/orphans', '/broken-links' or '/inbound-links'.
	 */
	public function fetch( string $report, Analytics_Query $query ): Analytics_Answer|WP_Error {
		$answer = $this->api->analytics( $report, $query->to_bridge() );
		if ( is_wp_error( $answer ) ) {
			return $answer;
		}
		if ( ! in_array( $report, self::PAGED, true ) ) {
			return new Analytics_Answer( $answer['data'] );
		}
		$items = is_array( $answer['data'] ) ? $answer['data'] : array();
		return new Analytics_Answer(
			array_map( fn( $item ): array => $this->with_post( $report, is_array( $item ) ? $item : array() ), $items ),
			$answer['total']
		);
	}

	/**
	 * An orphan gets postId and editLink; a broken link sourcePostId and sourceEditLink.
	 *
	 * @param array<string, mixed> $item
	 * @return array<string, mixed>
	 */
	private function with_post( string $report, array $item ): array {
		$orphan                    = '/orphans' === $report;
		$key                       = $orphan ? 'post' : 'sourcePost';
		$post_id                   = $this->view->post_id( (string) ( $orphan ? ( $item['url'] ?? '' ) : ( $item['sourcePageUrl'] ?? '' ) ) );
		$item[ $key . 'Id' ]       = $post_id;
		$item[ $key . 'EditLink' ] = 0 !== $post_id && current_user_can( 'edit_post', $post_id ) ? (string) get_edit_post_link( $post_id, 'raw' ) : '';
		// The names the schemas give them: editLink, and sourceEditLink as a suggestion's.
		$item[ $orphan ? 'editLink' : 'sourceEditLink' ] = $item[ $key . 'EditLink' ];
		unset( $item[ $key . 'EditLink' ] );
		return $item;
	}
}
