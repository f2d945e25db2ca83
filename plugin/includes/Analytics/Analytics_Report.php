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
		$items = array_filter( is_array( $answer['data'] ) ? $answer['data'] : array(), 'is_array' );
		$post  = fn( string $url ): array => $this->post( $url );
		$shape = '/orphans' === $report
			? static fn( array $item ): array => Orphan_Page::from_bridge( $item, $post )->to_rest()
			: static fn( array $item ): array => Broken_Link::from_bridge( $item, $post )->to_rest();
		return new Analytics_Answer( array_values( array_map( $shape, $items ) ), $answer['total'] );
	}

	/**
	 * The site's post at $url (0 when none) and, for whoever may edit it, its edit link.
	 *
	 * @return array{int, string}
	 */
	private function post( string $url ): array {
		$post_id = $this->view->post_id( $url );
		return array( $post_id, 0 !== $post_id && current_user_can( 'edit_post', $post_id ) ? (string) get_edit_post_link( $post_id, 'raw' ) : '' );
	}
}
