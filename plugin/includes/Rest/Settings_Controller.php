<?php
/**
 * /settings, /settings/test-connection and /settings/rotate-key (manage_options; manage_network_options on a
 * network, where a site's administrator must not redirect the network's bridge traffic). The API key is write-only.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Rest;

use Interlinker\Settings\Connection_Check;
use Interlinker\Settings\Key_Rotation;
use Interlinker\Settings\Settings;
use Interlinker\Settings\Settings_Changes;
use Interlinker\Settings\Settings_Update;
use Interlinker\Settings\Settings_View;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Settings_Controller extends Rest_Controller {

	public function __construct(
		private readonly Connection_Check $connection,
		private readonly Key_Rotation $rotation,
		private readonly Settings_Update $update,
		private readonly Settings_View $view,
	) {
		parent::__construct();
		$this->rest_base = 'settings';
	}

	public function register_routes(): void {
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base,
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( $this, 'get_item' ),
					'permission_callback' => array( $this, 'settings_permission' ),
				),
				array(
					'methods'             => WP_REST_Server::EDITABLE,
					'callback'            => array( $this, 'update_item' ),
					'permission_callback' => array( $this, 'settings_permission' ),
					'args'                => rest_get_endpoint_args_for_schema( Rest_Schemas::settings_changes(), WP_REST_Server::EDITABLE ),
				),
				'schema' => array( $this, 'get_public_item_schema' ),
			)
		);
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base . '/test-connection',
			array(
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => array( $this, 'test_connection' ),
					'permission_callback' => array( $this, 'settings_permission' ),
				),
				'schema' => array( Rest_Schemas::class, 'connection_check' ),
			)
		);
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base . '/rotate-key',
			array(
				'methods'             => WP_REST_Server::CREATABLE,
				'callback'            => array( $this, 'rotate_key' ),
				'permission_callback' => array( $this, 'settings_permission' ),
			)
		);
	}

	/**
	 * Rule: the settings decide where the key and the content go: manage_options, and on a network
	 * manage_network_options (a site's administrator must not redirect the network's bridge traffic).
	 *
	 * @param WP_REST_Request $request The request.
	 */
	public function settings_permission( $request ): bool|WP_Error {
		return self::require_capability( Settings::capability() );
	}

	/**
	 * @param WP_REST_Request $request The request.
	 */
	public function get_item( $request ): WP_REST_Response {
		return new WP_REST_Response( $this->view->current()->to_rest() );
	}

	/**
	 * @param WP_REST_Request $request The request.
	 */
	public function update_item( $request ): WP_REST_Response|WP_Error {
		$warnings = $this->update->apply( Settings_Changes::from_request( $request ) );
		if ( is_wp_error( $warnings ) ) {
			return $warnings;
		}
		return new WP_REST_Response( $this->view->current()->with_warnings( $warnings )->to_rest() );
	}

	/**
	 * @param WP_REST_Request $request The request.
	 */
	public function test_connection( $request ): WP_REST_Response|WP_Error {
		$result = $this->connection->run();
		return is_wp_error( $result ) ? $result : new WP_REST_Response( $result->to_rest() );
	}

	/**
	 * @param WP_REST_Request $request The request.
	 */
	public function rotate_key( $request ): WP_REST_Response|WP_Error {
		$rotated = $this->rotation->rotate();
		return is_wp_error( $rotated ) ? $rotated : new WP_REST_Response( $this->view->current()->to_rest() );
	}

	/**
	 * @return array<string, mixed>
	 */
	public function get_item_schema(): array {
		$this->schema ??= Rest_Schemas::settings();
		return $this->add_additional_fields_schema( $this->schema );
	}
}
