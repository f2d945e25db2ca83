<?php
/**
 * GET /analytics and its link-health reports, from the bridge, with post ids and edit links added.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Rest;

use Interlinker\Access\Read_Cache;
use Interlinker\Analytics\Analytics_Query;
use Interlinker\Analytics\Analytics_Report;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Analytics_Controller extends Rest_Controller {

	public function __construct(
		private readonly Analytics_Report $reports,
		private readonly Read_Cache $reads,
	) {
		parent::__construct();
		$this->rest_base = 'analytics';
	}

	public function register_routes(): void {
		// Each report: its args and the Rest_Schemas method of its answer (of one item, for the lists).
		$routes = array(
			''               => array( Rest_Schemas::date_range_args(), 'analytics_summary' ),
			'/timeseries'    => array( Rest_Schemas::date_range_args(), 'timeseries_point' ),
			'/orphans'       => array( Rest_Schemas::page_args(), 'orphan_page' ),
			'/broken-links'  => array( Rest_Schemas::page_args(), 'broken_link' ),
			'/inbound-links' => array( array(), 'inbound_links' ),
		);
		foreach ( $routes as $report => list( $args, $schema ) ) {
			register_rest_route(
				$this->namespace,
				'/' . $this->rest_base . $report,
				array(
					array(
						'methods'             => WP_REST_Server::READABLE,
						'callback'            => fn( WP_REST_Request $request ) => $this->reads->answer( $request, fn() => $this->report( $report, $request ) ),
						'permission_callback' => array( $this, 'edit_posts_permission' ),
						'args'                => $args,
					),
					'schema' => array( Rest_Schemas::class, $schema ),
				)
			);
		}
	}

	private function report( string $report, WP_REST_Request $request ): WP_REST_Response|WP_Error {
		$per_page = (int) $request->get_param( 'per_page' );
		$answer   = $this->reports->fetch(
			$report,
			new Analytics_Query( self::date( $request, 'startDate' ), self::date( $request, 'endDate' ), (int) $request->get_param( 'page' ), $per_page )
		);
		if ( is_wp_error( $answer ) ) {
			return $answer;
		}
		return $answer->is_paged() ? self::paged_response( $answer->data, (int) $answer->total, $per_page ) : new WP_REST_Response( $answer->data );
	}

	private static function date( WP_REST_Request $request, string $name ): ?string {
		return $request->get_param( $name ) ? sanitize_text_field( (string) $request->get_param( $name ) ) : null;
	}
}
