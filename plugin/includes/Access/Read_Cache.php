<?php
/**
 * Answers of the read routes that call the bridge (lists, details, analytics, generate), kept for a short time
 * per user and counted against the user's hourly budget when they do reach the bridge, for users who cannot
 * edit others' posts (contributors, authors). Editors and administrators read through as before.
 *
 * A user's own change through the plugin's routes starts their cache afresh, so they never see their own
 * change undone.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Access;

use WP_Error;
use WP_REST_Request;
use WP_REST_Response;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Read_Cache {

	public const TRANSIENT_PREFIX = 'interlinker_read_';
	public const META_GENERATION  = 'interlinker_read_generation';
	/** Option: counts the times a post became or stopped being public, which no cached answer may outlive. */
	public const OPTION_VISIBILITY = 'interlinker_read_visibility';

	/** Seconds an answer is kept by default (filter `interlinker_read_cache_ttl`). */
	public const DEFAULT_TTL = 30;

	public function __construct( private readonly Contributor_Budget $budget ) {}

	/**
	 * The answer to a read route: cached, throttled, or straight from $produce.
	 *
	 * @param WP_REST_Request                            $request The read request.
	 * @param callable(): (WP_REST_Response|WP_Error)   $produce Calls the bridge.
	 * @param int                                        $calls   How many bridge calls $produce makes.
	 */
	public function answer( WP_REST_Request $request, callable $produce, int $calls = 1 ): WP_REST_Response|WP_Error {
		if ( ! $this->budget->applies() ) {
			return $produce();
		}
		$key    = $this->key( get_current_user_id(), $request );
		$cached = get_transient( $key );
		if ( is_array( $cached ) && array_key_exists( 'data', $cached ) ) {
			$response = new WP_REST_Response( $cached['data'], (int) ( $cached['status'] ?? 200 ) );
			$response->set_headers( (array) ( $cached['headers'] ?? array() ) );
			return $response;
		}
		$allowed = $this->budget->charge( $calls );
		if ( is_wp_error( $allowed ) ) {
			return $allowed;
		}
		$answer = $produce();
		if ( $answer instanceof WP_REST_Response && $answer->get_status() < 300 ) {
			$ttl = max( 0, (int) apply_filters( 'interlinker_read_cache_ttl', self::DEFAULT_TTL ) );
			if ( $ttl > 0 ) {
				set_transient(
					$key,
					array(
						'data'    => $answer->get_data(),
						'status'  => $answer->get_status(),
						'headers' => $answer->get_headers(),
					),
					$ttl
				);
			}
		}
		return $answer;
	}

	/**
	 * After a change made through the plugin's routes: the user's cached answers no longer count.
	 *
	 * @param mixed           $response The route's answer (passed through).
	 * @param array<mixed>    $handler  The route's handler.
	 * @param WP_REST_Request $request  The request.
	 * @return mixed
	 */
	public function forget_after_change( mixed $response, array $handler, WP_REST_Request $request ): mixed {
		if ( 'GET' !== $request->get_method() && str_starts_with( $request->get_route(), '/interlinker/v1/' ) ) {
			$this->forget_current_user();
		}
		return $response;
	}

	/**
	 * The current user's cached answers no longer count: after their change through the plugin's routes, or a
	 * `wp interlinker` command run with --user.
	 */
	public function forget_current_user(): void {
		$user_id = get_current_user_id();
		if ( 0 !== $user_id ) {
			update_user_meta( $user_id, self::META_GENERATION, (int) get_user_meta( $user_id, self::META_GENERATION, true ) + 1 );
		}
	}

	/**
	 * After a post's status changed (transition_post_status): when it became or stopped being public, what every
	 * user may see changed with it, so no cached answer counts any more.
	 *
	 * @param string $new_status The post's status now.
	 * @param string $old_status Its status before.
	 */
	public function forget_after_visibility_change( string $new_status, string $old_status ): void {
		if ( $new_status !== $old_status && ( 'publish' === $new_status || 'publish' === $old_status ) ) {
			update_option( self::OPTION_VISIBILITY, (int) get_option( self::OPTION_VISIBILITY, 0 ) + 1, false );
		}
	}

	private function key( int $user_id, WP_REST_Request $request ): string {
		$params = $request->get_query_params();
		ksort( $params );
		$generation = (int) get_user_meta( $user_id, self::META_GENERATION, true ) . '.' . (int) get_option( self::OPTION_VISIBILITY, 0 );
		return self::TRANSIENT_PREFIX . md5( $user_id . '|' . $generation . '|' . $request->get_route() . '|' . (string) wp_json_encode( $params ) );
	}
}
