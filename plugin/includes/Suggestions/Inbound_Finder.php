<?php
/**
 * "Find links to this post": asks the bridge which other pages should link to a post (inbound generation), adds the
 * approved suggestions to it still waiting to be implemented (the bridge never proposes a settled pair again, so an
 * approval made in an earlier look would otherwise drop out of the list), and presents those the current user may
 * read. The suggestions are ordinary ones: approved, rejected, implemented and rolled back through the same routes
 * as the others, by whoever may edit their source posts.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Suggestions;

use Interlinker\Bridge\Project_Api;
use Interlinker\Bridge\Suggestion;
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
		private readonly Project_Api $api,
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
		$url      = $this->content->url_for_post( $post );
		$approved = $this->api->list_suggestions(
			array(
				'targetPageUrl' => $url,
				'status'        => 'approved',
				'orderBy'       => 'relevanceScore',
				'order'         => 'desc',
				'limit'         => Inbound_Request::MAX_LIMIT,
			)
		);
		if ( is_wp_error( $approved ) ) {
			return $approved;
		}
		$all      = self::by_relevance( array_merge( $generated, $approved['items'] ) );
		$readable = $this->view->present_readable( $all );
		return new Inbound_Suggestions( $post->ID, $url, $readable, count( $all ) - count( $readable ) );
	}

	/**
	 * One of each suggestion (generation and the list never share one, as generation skips approved pairs; the ids
	 * make sure), most relevant first.
	 *
	 * @param Suggestion[] $suggestions
	 * @return Suggestion[]
	 */
	private static function by_relevance( array $suggestions ): array {
		$unique = array();
		foreach ( $suggestions as $suggestion ) {
			$unique[ $suggestion->id ] ??= $suggestion;
		}
		$unique = array_values( $unique );
		usort( $unique, static fn( Suggestion $a, Suggestion $b ): int => $b->relevance_score <=> $a->relevance_score );
		return $unique;
	}
}
