<?php
/**
 * GET /exports/suggestions, /exports/implementations, /exports/broken-links and /exports/orphans: CSV downloads of
 * what the matching list route shows, with the same filters and the same permission (edit_posts).
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Rest;

use Interlinker\Bridge\Implementation;
use Interlinker\Export\Csv_Document;
use Interlinker\Export\Csv_Exports;
use Interlinker\Suggestions\Suggestion_List_Query;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Exports_Controller extends Rest_Controller {

	public function __construct( private readonly Csv_Exports $exports ) {
		parent::__construct();
		$this->rest_base = 'exports';
	}

	public function register_routes(): void {
		$routes = array(
			'suggestions'     => Suggestions_Controller::filter_args(),
			'implementations' => array(
				'status' => array(
					'description' => __( 'Only implementations with this status.', 'interlinker' ),
					'type'        => 'string',
					'enum'        => Implementation::STATUSES,
				),
			),
			'broken-links'    => array(),
			'orphans'         => array(),
		);
		foreach ( $routes as $what => $args ) {
			register_rest_route(
				$this->namespace,
				'/' . $this->rest_base . '/' . $what,
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => fn( WP_REST_Request $request ): WP_REST_Response|WP_Error => $this->download( $what, $request ),
					'permission_callback' => array( $this, 'edit_posts_permission' ),
					'args'                => $args,
				)
			);
		}
	}

	private function download( string $what, WP_REST_Request $request ): WP_REST_Response|WP_Error {
		$document = $this->document( $what, $request );
		return is_wp_error( $document ) ? $document : Csv_Response::download( $document, $what );
	}

	private function document( string $what, WP_REST_Request $request ): Csv_Document|WP_Error {
		switch ( $what ) {
			case 'suggestions':
				return $this->exports->suggestions(
					new Suggestion_List_Query(
						1,
						1,
						(string) $request->get_param( 'orderby' ),
						(string) $request->get_param( 'order' ),
						array_map( 'strval', (array) $request->get_param( 'status' ) ),
						trim( (string) $request->get_param( 'search' ) ),
						(int) $request->get_param( 'post_id' )
					)
				);
			case 'implementations':
				return $this->exports->implementations( (string) $request->get_param( 'status' ) );
			case 'broken-links':
				return $this->exports->broken_links();
			default:
				return $this->exports->orphans();
		}
	}
}
