<?php
/**
 * Generates suggestions for one post: from it (forward) or to it (inbound). When the bridge's page for the post is
 * missing or out of date, the post's content is sent first (content only: generating never edits a post).
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Suggestions;

use Interlinker\Bridge\Project_Api;
use Interlinker\Bridge\Suggestion;
use Interlinker\Content\Site_Content;
use Interlinker\Sync\Project_Settings_Push;
use Interlinker\Sync\Sync_Service;
use WP_Error;
use WP_Post;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Suggestion_Generator {

	/** Suggestions per generate call by default (filter `interlinker_generate_limit`). */
	private const GENERATE_LIMIT = 10;

	public function __construct(
		private readonly Project_Api $api,
		private readonly Site_Content $content,
		private readonly Sync_Service $content_sync,
		private readonly Project_Settings_Push $exclusions,
	) {}

	/**
	 * Generates for a post; returns the source URL the suggestions are stored under.
	 */
	public function generate( WP_Post $post ): string|WP_Error {
		if ( ! $this->content->is_eligible( $post ) ) {
			return self::not_eligible( $post, __( 'This post gets no suggestions: they are made for published posts of the chosen post types only, without a password, outside excluded categories and paths.', 'interlinker' ) );
		}
		$limit     = (int) apply_filters( 'interlinker_generate_limit', self::GENERATE_LIMIT );
		$min_score = $this->exclusions->min_relevance_score();
		$generated = $this->with_current_page( $post, 'sourcePageUrl', fn( string $url ) => $this->api->generate_suggestions( $url, $limit, $min_score ) );
		return is_wp_error( $generated ) ? $generated : $this->content->url_for_post( $post );
	}

	/**
	 * Inbound generation: suggestions of links from other pages to this post, most relevant first.
	 *
	 * @param int|null $limit 1–50; null for the filter `interlinker_generate_limit` (kept within 1–50).
	 * @return Suggestion[]|WP_Error
	 */
	public function generate_inbound( WP_Post $post, ?int $limit = null ): array|WP_Error {
		if ( ! $this->content->is_eligible( $post ) ) {
			return self::not_eligible( $post, __( 'No links to this post are suggested: links are suggested only to published posts of the chosen post types, without a password, outside excluded categories and paths.', 'interlinker' ) );
		}
		$limit   ??= (int) apply_filters( 'interlinker_generate_limit', self::GENERATE_LIMIT );
		$limit     = max( 1, min( Inbound_Request::MAX_LIMIT, $limit ) );
		$min_score = $this->exclusions->min_relevance_score();
		return $this->with_current_page( $post, 'targetUrl', fn( string $url ) => $this->api->generate_inbound_suggestions( $url, $limit, $min_score ) );
	}

	/**
	 * Asks the bridge about the post's URL; when the bridge's page for the post is missing or out of date, sends
	 * the post and asks again.
	 *
	 * @template T
	 * @param string                    $url_field The request field that names the post's URL, as the bridge reports it in a refusal.
	 * @param callable(string): (T|WP_Error) $ask  The bridge call, given the post's URL.
	 * @return T|WP_Error
	 */
	private function with_current_page( WP_Post $post, string $url_field, callable $ask ): mixed {
		$answer = $ask( $this->content->url_for_post( $post ) );
		if ( is_wp_error( $answer ) && self::bridge_page_outdated( $answer, $url_field ) ) {
			$sent = $this->send_post( $post );
			if ( is_wp_error( $sent ) ) {
				return $sent;
			}
			$answer = $ask( $this->content->url_for_post( $post ) );
		}
		return $answer;
	}

	private static function not_eligible( WP_Post $post, string $message ): WP_Error {
		return new WP_Error(
			'interlinker_post_not_eligible',
			$message,
			array(
				'status' => 400,
				'postId' => $post->ID,
			)
		);
	}

	/**
	 * Sends the post's content (and the project's settings, when the bridge may not have them yet).
	 */
	private function send_post( WP_Post $post ): bool|WP_Error {
		$exclusions = $this->exclusions->push_if_outdated();
		if ( is_wp_error( $exclusions ) ) {
			return $exclusions;
		}
		$sent = $this->content_sync->send_posts( array( $post->ID ) );
		return is_wp_error( $sent ) ? $sent : true;
	}

	/**
	 * Whether the bridge refused because its page for the post is missing or out of date: not synced yet, or
	 * still marked excluded (the bridge then refuses the post's URL, in $url_field).
	 */
	private static function bridge_page_outdated( WP_Error $error, string $url_field ): bool {
		if ( in_array( $error->get_error_code(), array( 'interlinker_not_found', 'interlinker_not_synced' ), true ) ) {
			return true;
		}
		$data = $error->get_error_data();
		return 'interlinker_invalid_request' === $error->get_error_code()
			&& is_array( $data )
			&& in_array( $url_field, array_column( (array) ( $data['details'] ?? array() ), 'field' ), true );
	}
}
