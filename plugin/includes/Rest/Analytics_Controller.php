<?php
/**
 * GET /analytics and its link-health reports, from the bridge, with post ids and edit links added.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Rest;

use Interlinker\Access\Read_Cache;
use Interlinker\Bridge\Project_Api;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Analytics_Controller extends Rest_Controller {

	public function __construct(
		private readonly Project_Api $api,
		private readonly Suggestion_View $view,
		private readonly Read_Cache $reads,
	) {
		parent::__construct();
		$this->rest_base = 'analytics';
	}

	public function register_routes(): void {
		$dates  = array(
			'startDate' => array(
				'type'      => 'string',
				'maxLength' => 40,
			),
			'endDate'   => array(
				'type'      => 'string',
				'maxLength' => 40,
			),
		);
		$routes = array(
			''               => $dates,
			'/timeseries'    => $dates,
			'/orphans'       => self::pagination_args(),
			'/broken-links'  => self::pagination_args(),
			'/inbound-links' => array(),
		);
		foreach ( $routes as $report => $args ) {
			register_rest_route(
				$this->namespace,
				'/' . $this->rest_base . $report,
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => fn( WP_REST_Request $request ) => $this->reads->answer( $request, fn() => $this->report( $report, $request ) ),
					'permission_callback' => array( $this, 'edit_posts_permission' ),
					'args'                => $args,
				)
			);
		}
	}

	private function report( string $report, WP_REST_Request $request ): WP_REST_Response|WP_Error {
		$query = array();
		foreach ( array( 'startDate', 'endDate' ) as $date ) {
			if ( $request->get_param( $date ) ) {
				$query[ $date ] = sanitize_text_field( (string) $request->get_param( $date ) );
			}
		}
		$per_page = (int) $request->get_param( 'per_page' );
		if ( $per_page > 0 ) {
			$query['limit']  = $per_page;
			$query['offset'] = ( (int) $request->get_param( 'page' ) - 1 ) * $per_page;
		}
		$answer = $this->api->analytics( $report, $query );
		if ( is_wp_error( $answer ) ) {
			return $answer;
		}
		$data = $answer['data'];
		if ( '/orphans' === $report || '/broken-links' === $report ) {
			$data = array_map( fn( $item ) => $this->with_post( $report, is_array( $item ) ? $item : array() ), is_array( $data ) ? $data : array() );
			return self::paged_response( $data, $answer['total'], $per_page );
		}
		return new WP_REST_Response( $data );
	}

	/**
	 * @param array<string, mixed> $item
	 * @return array<string, mixed>
	 */
	private function with_post( string $report, array $item ): array {
		$key                       = '/orphans' === $report ? 'post' : 'sourcePost';
		$post_id                   = $this->view->post_id( (string) ( '/orphans' === $report ? ( $item['url'] ?? '' ) : ( $item['sourcePageUrl'] ?? '' ) ) );
		$item[ $key . 'Id' ]       = $post_id;
		$item[ $key . 'EditLink' ] = 0 !== $post_id && current_user_can( 'edit_post', $post_id ) ? (string) get_edit_post_link( $post_id, 'raw' ) : '';
		if ( '/orphans' === $report ) {
			$item['editLink'] = $item['postEditLink'];
			unset( $item['postEditLink'] );
		}
		return $item;
	}
}
