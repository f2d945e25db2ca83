<?php
/**
 * "Find links to this post": asks the bridge which other pages should link to a post (inbound generation) and
 * presents the suggestions the current user may read. The suggestions are ordinary ones: approved, rejected,
 * implemented and rolled back through the same routes as the others, by whoever may edit their source posts.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Suggestions;

use Interlinker\Content\Site_Content;
use Interlinker\Rest\Suggestion_View;
use WP_Error;
use WP_Post;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Inbound_Finder {

	public function __construct(
		private readonly Suggestion_Generator $generator,
		private readonly Site_Content $content,
		private readonly Suggestion_View $view,
	) {}

	public function find( Inbound_Request $request ): Inbound_Suggestions|WP_Error {
		$post = get_post( $request->post_id );
		if ( ! $post instanceof WP_Post ) {
			return new WP_Error( 'interlinker_post_not_found', __( 'No such post.', 'interlinker' ), array( 'status' => 404 ) );
		}
		$generated = $this->generator->generate_inbound( $post, $request->limit );
		if ( is_wp_error( $generated ) ) {
			return $generated;
		}
		$readable = $this->view->present_readable( $generated );
		return new Inbound_Suggestions( $post->ID, $this->content->url_for_post( $post ), $readable, count( $generated ) - count( $readable ) );
	}
}
