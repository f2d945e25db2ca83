<?php
/**
 * GET /generation (how far the bridge's background generation of suggestions is) and GET /setup (how far the
 * first run is, for the setup checklist). Both for editors (edit_posts).
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Rest;

use Interlinker\Access\Contributor_Budget;
use Interlinker\Access\Read_Cache;
use Interlinker\Bridge\Project_Api;
use Interlinker\Settings\Settings;
use Interlinker\Settings\Setup_State;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Generation_Controller extends Rest_Controller {

	public function __construct(
		private readonly Project_Api $api,
		private readonly Settings $settings,
		private readonly Setup_State $setup,
		private readonly Read_Cache $reads,
		Contributor_Budget $budget,
	) {
		parent::__construct();
		$this->budget    = $budget;
		$this->rest_base = 'generation';
	}

	public function register_routes(): void {
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base,
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => fn( WP_REST_Request $request ) => $this->reads->answer( $request, fn() => $this->get_item( $request ) ),
					'permission_callback' => array( $this, 'edit_posts_permission' ),
					'args'                => array(),
				),
				'schema' => array( $this, 'get_public_item_schema' ),
			)
		);
		register_rest_route(
			$this->namespace,
			'/setup',
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( $this, 'get_setup' ),
					'permission_callback' => array( $this, 'edit_posts_permission' ),
					'args'                => array(),
				),
				'schema' => array( Rest_Schemas::class, 'setup' ),
			)
		);
	}

	/**
	 * @param WP_REST_Request $request The request.
	 */
	public function get_item( $request ): WP_REST_Response|WP_Error {
		$progress = $this->api->generation();
		if ( is_wp_error( $progress ) ) {
			return $progress;
		}
		if ( $progress->suggestions_created > 0 || $progress->generated_pages > 0 ) {
			$this->first_suggestions_seen();
		}
		return new WP_REST_Response( $progress->to_rest() );
	}

	/**
	 * The checklist's steps. Until the first suggestions were seen, the bridge is asked whether this site's project
	 * has synced pages and suggestions (a site set up before the checklist existed has both), when the user's hourly
	 * budget allows; else the steps as the site knows them.
	 *
	 * @param WP_REST_Request $request The request.
	 */
	public function get_setup( $request ): WP_REST_Response {
		$steps = $this->setup->steps();
		if ( $steps['connectionTested'] && ! $steps['complete'] && true === $this->charge_bridge_calls() ) {
			$summary = $this->api->analytics( '', array() );
			if ( ! is_wp_error( $summary ) && is_array( $summary['data'] ) ) {
				if ( (int) ( $summary['data']['suggestions']['total'] ?? 0 ) > 0 ) {
					$this->first_suggestions_seen();
				} elseif ( (int) ( $summary['data']['pages']['synced'] ?? 0 ) > 0 && ! $steps['contentSynced'] ) {
					$this->setup->content_synced();
				}
				$steps = $this->setup->steps();
			}
		}
		return new WP_REST_Response( $steps );
	}

	private function first_suggestions_seen(): void {
		$project_id = $this->settings->project()['id'] ?? null;
		if ( null !== $project_id ) {
			Setup_State::suggestions_made( $project_id );
		}
	}

	/**
	 * @return array<string, mixed>
	 */
	public function get_item_schema(): array {
		$this->schema ??= Rest_Schemas::generation();
		return $this->add_additional_fields_schema( $this->schema );
	}
}
