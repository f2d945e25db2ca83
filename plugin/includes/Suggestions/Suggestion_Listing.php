<?php
/**
 * Lists suggestions for the current user: for one post, generates for it first when asked (or finds the URL the
 * bridge knows it by), asks the bridge for one page, and leaves out the suggestions the user may not read.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Suggestions;

use Interlinker\Bridge\Project_Api;
use Interlinker\Content\Site_Content;
use Interlinker\Rest\Suggestion_View;
use WP_Error;
use WP_Post;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Suggestion_Listing {

	public function __construct(
		private readonly Project_Api $api,
		private readonly Site_Content $content,
		private readonly Suggestion_Generator $generator,
		private readonly Suggestion_View $view,
	) {}

	public function list( Suggestion_List_Query $query ): Suggestion_List_Page|WP_Error {
		$bridge_query = $query->to_bridge();
		if ( $query->post_id > 0 ) {
			$source = $this->source_url( $query->post_id, $query->generate );
			if ( is_wp_error( $source ) ) {
				return $source;
			}
			$bridge_query['sourcePageUrl'] = $source;
		}
		$page = $this->api->list_suggestions( $bridge_query );
		if ( is_wp_error( $page ) ) {
			return $page;
		}
		$readable = $this->view->present_readable( $page['items'] );
		return new Suggestion_List_Page( $readable, $page['total'], count( $page['items'] ) - count( $readable ) );
	}

	/**
	 * The URL the post's suggestions are stored under, after generating for it when asked.
	 */
	private function source_url( int $post_id, bool $generate ): string|WP_Error {
		$post = get_post( $post_id );
		if ( ! $post instanceof WP_Post ) {
			return new WP_Error( 'interlinker_post_not_found', __( 'No such post.', 'interlinker' ), array( 'status' => 404 ) );
		}
		return $generate ? $this->generator->generate( $post ) : $this->content->url_for_post( $post );
	}
}
