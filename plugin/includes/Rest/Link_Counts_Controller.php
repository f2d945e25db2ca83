<?php
/**
 * GET /link-counts: the links-per-post report (inbound, outbound internal and outbound external links of each post
 * the user may read), GET and POST /link-counts/progress: how far the full count is (POST counts the next batch),
 * and GET /exports/link-counts: the report as a CSV file. All need edit_posts; none calls the bridge.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Rest;

use Interlinker\Export\Link_Counts_Csv;
use Interlinker\Links\Link_Count_Query;
use Interlinker\Links\Link_Count_Report;
use Interlinker\Links\Link_Count_Row;
use Interlinker\Links\Link_Count_Run;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Link_Counts_Controller extends Rest_Controller {

	public function __construct(
		private readonly Link_Count_Report $report,
		private readonly Link_Count_Run $run,
		private readonly Link_Counts_Csv $csv,
	) {
		parent::__construct();
		$this->rest_base = 'link-counts';
	}

	public function register_routes(): void {
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base,
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( $this, 'get_items' ),
					'permission_callback' => array( $this, 'edit_posts_permission' ),
					'args'                => Rest_Schemas::link_count_args() + Rest_Schemas::page_args(),
				),
				'schema' => array( Rest_Schemas::class, 'link_count' ),
			)
		);
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base . '/progress',
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => fn(): WP_REST_Response => new WP_REST_Response( $this->run->progress() ),
					'permission_callback' => array( $this, 'edit_posts_permission' ),
				),
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => array( $this, 'count_batch' ),
					'permission_callback' => array( $this, 'edit_posts_permission' ),
				),
				'schema' => array( Rest_Schemas::class, 'link_count_progress' ),
			)
		);
		register_rest_route(
			$this->namespace,
			'/exports/' . $this->rest_base,
			array(
				'methods'             => WP_REST_Server::READABLE,
				'callback'            => array( $this, 'download' ),
				'permission_callback' => array( $this, 'edit_posts_permission' ),
				'args'                => Rest_Schemas::link_count_args(),
			)
		);
	}

	/**
	 * @param WP_REST_Request $request The request.
	 */
	public function get_items( $request ): WP_REST_Response|WP_Error {
		$query = self::query( $request );
		if ( is_wp_error( $query ) ) {
			return $query;
		}
		$page = $this->report->page( $query );
		return self::paged_response( array_map( static fn( Link_Count_Row $row ): array => $row->to_rest(), $page['items'] ), $page['total'], $query->per_page );
	}

	/**
	 * Counts the next batch of posts (bounded), and answers how far the count is.
	 */
	public function count_batch(): WP_REST_Response {
		$this->run->run_batch();
		return new WP_REST_Response( $this->run->progress() );
	}

	/**
	 * @param WP_REST_Request $request The request.
	 */
	public function download( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		$query = self::query( $request );
		if ( is_wp_error( $query ) ) {
			return $query;
		}
		// Link health's orphan pages download under the name they always had.
		return Csv_Response::download( $this->csv->document( $query ), 'orphans' === $query->filter ? 'orphans' : 'link-counts' );
	}

	private static function query( WP_REST_Request $request ): Link_Count_Query|WP_Error {
		$links_to   = (int) $request->get_param( 'links_to' );
		$links_from = (int) $request->get_param( 'links_from' );
		// Which posts link to a post says something about it: only about a post the user may read.
		foreach ( array( $links_to, $links_from ) as $post_id ) {
			if ( $post_id > 0 && ( null === get_post( $post_id ) || ! current_user_can( 'read_post', $post_id ) ) ) {
				return new WP_Error( 'interlinker_post_not_found', __( 'There is no such post, or you may not read it.', 'interlinker' ), array( 'status' => 404 ) );
			}
		}
		return new Link_Count_Query(
			trim( (string) $request->get_param( 'search' ) ),
			(string) ( $request->get_param( 'orderby' ) ?? 'inbound' ),
			(string) ( $request->get_param( 'order' ) ?? 'asc' ),
			(string) ( $request->get_param( 'filter' ) ?? 'all' ),
			$links_to,
			$links_from,
			max( 1, (int) $request->get_param( 'page' ) ),
			max( 1, (int) ( $request->get_param( 'per_page' ) ?? 20 ) )
		);
	}
}
