<?php
/**
 * The bridge endpoints of this site's project, with their answers sanitised.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Bridge;

use WP_Error;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Project_Api {

	/** Generation reads the whole index: give it longer than ordinary calls. */
	private const GENERATE_TIMEOUT = 30;

	public function __construct(
		private readonly Bridge_Client $client,
		private readonly Project_Resolver $projects,
	) {}

	public function project_id( bool $create = false ): string|WP_Error {
		return $this->projects->project_id( $create );
	}

	/**
	 * Batch sync: the bridge updates a stored URL in place, so repeating the call is harmless.
	 *
	 * @param array<int, array<string, mixed>> $pages 1–500 pages.
	 */
	public function sync_pages( array $pages ): Bridge_Response|WP_Error {
		$project_id = $this->project_id( true );
		if ( is_wp_error( $project_id ) ) {
			return $project_id;
		}
		$answer = $this->client->request( 'POST', $this->path( $project_id, '/pages/batch' ), $pages, array(), true );
		if ( is_wp_error( $answer ) && 'interlinker_not_found' === $answer->get_error_code() && $this->projects->forget_if_gone( $project_id ) ) {
			// The project was deleted on the bridge: make a new one and send the batch there.
			return $this->sync_pages( $pages );
		}
		return $answer;
	}

	/**
	 * @param array<string, mixed> $fields Project fields to change (name, includePaths, excludePaths).
	 */
	public function update_project( array $fields ): Bridge_Response|WP_Error {
		return $this->call( 'PATCH', '', $fields );
	}

	/**
	 * @param array<string, scalar> $query status, sourcePageUrl, targetPageUrl, implementationId, ids, limit, offset.
	 * @return array{items: Suggestion[], total: int}|WP_Error
	 */
	public function list_suggestions( array $query ): array|WP_Error {
		$answer = $this->call( 'GET', '/suggestions', null, $query );
		if ( is_wp_error( $answer ) ) {
			return $answer;
		}
		return array(
			'items' => Suggestion::list_from_bridge( $answer->data ),
			'total' => $answer->total(),
		);
	}

	/**
	 * Generating again updates pending suggestions in place (contract §4), so it may be retried.
	 *
	 * @param float|null $min_score The lowest relevanceScore wanted; null for the bridge's calibrated default.
	 * @return Suggestion[]|WP_Error
	 */
	public function generate_suggestions( string $source_url, int $limit, ?float $min_score = null ): array|WP_Error {
		$body = array(
			'sourcePageUrl' => $source_url,
			'limit'         => $limit,
		);
		if ( null !== $min_score ) {
			$body['minRelevanceScore'] = $min_score;
		}
		$answer = $this->call(
			'POST',
			'/suggestions',
			$body,
			array(),
			true,
			self::GENERATE_TIMEOUT
		);
		return is_wp_error( $answer ) ? $answer : Suggestion::list_from_bridge( $answer->data );
	}

	/**
	 * Inbound generation: suggestions whose target is $target_url, each from another source page, most relevant
	 * first. Like forward generation, it updates pending suggestions in place, so it may be retried.
	 *
	 * @param int        $limit     1–50.
	 * @param float|null $min_score The lowest relevanceScore wanted; null for the bridge's calibrated default.
	 * @return Suggestion[]|WP_Error
	 */
	public function generate_inbound_suggestions( string $target_url, int $limit, ?float $min_score = null ): array|WP_Error {
		$body = array(
			'targetUrl' => $target_url,
			'limit'     => $limit,
		);
		if ( null !== $min_score ) {
			$body['minRelevanceScore'] = $min_score;
		}
		$answer = $this->call( 'POST', '/suggestions/inbound', $body, array(), true, self::GENERATE_TIMEOUT );
		return is_wp_error( $answer ) ? $answer : Suggestion::list_from_bridge( $answer->data );
	}

	/**
	 * The suggestions with these ids, in one call (the bridge's `ids` filter); ids of no suggestion are left out.
	 * null from a bridge from before that filter, which answers a page of all suggestions instead.
	 *
	 * @param string[] $ids 1–100 ids.
	 * @return array<string, Suggestion>|WP_Error|null Id → suggestion.
	 */
	public function suggestions_by_id( array $ids ): array|WP_Error|null {
		$page = $this->list_suggestions(
			array(
				'ids'   => implode( ',', $ids ),
				'limit' => 100,
			)
		);
		if ( is_wp_error( $page ) ) {
			return $page;
		}
		$found = array();
		foreach ( $page['items'] as $suggestion ) {
			if ( ! in_array( $suggestion->id, $ids, true ) ) {
				return null;
			}
			$found[ $suggestion->id ] = $suggestion;
		}
		return $found;
	}

	public function get_suggestion( string $id ): Suggestion|WP_Error {
		return $this->one( 'GET', '/suggestions/' . rawurlencode( $id ), null, array( Suggestion::class, 'from_bridge' ) );
	}

	public function update_suggestion( string $id, string $status ): Suggestion|WP_Error {
		return $this->one( 'PATCH', '/suggestions/' . rawurlencode( $id ), array( 'status' => $status ), array( Suggestion::class, 'from_bridge' ) );
	}

	public function delete_suggestion( string $id ): bool|WP_Error {
		$answer = $this->call( 'DELETE', '/suggestions/' . rawurlencode( $id ) );
		return is_wp_error( $answer ) ? $answer : true;
	}

	/**
	 * Sent with an Idempotency-Key, so it is retried like a read: the bridge answers a repeat with the
	 * implementation the first attempt created (for 24 hours) instead of creating a second one. The same key and
	 * the same ids, in the same order, later find the implementation whose answer was lost.
	 *
	 * @param string[] $suggestion_ids  Approved suggestions.
	 * @param string   $idempotency_key 16–255 visible ASCII characters, one per implement request.
	 */
	public function create_implementation( array $suggestion_ids, string $idempotency_key ): Implementation|WP_Error {
		$answer = $this->call(
			'POST',
			'/implementations',
			array(
				'suggestionIds' => array_values( $suggestion_ids ),
				'platform'      => 'wordpress',
			),
			array(),
			true,
			null,
			array( 'Idempotency-Key' => $idempotency_key )
		);
		return is_wp_error( $answer ) ? $answer : self::shaped( Implementation::from_bridge( $answer->data ) );
	}

	/**
	 * Reports what the site did. Retried; a 409 after a retry means an earlier attempt got through, which the
	 * implementation's status tells.
	 *
	 * @param array<int, array{suggestionId: string, succeeded: bool, error?: string}> $results One per suggestion.
	 */
	public function report_results( string $implementation_id, array $results ): Implementation|WP_Error {
		$answer = $this->one( 'POST', '/implementations/' . rawurlencode( $implementation_id ) . '/results', array( 'results' => $results ), array( Implementation::class, 'from_bridge' ), true );
		if ( is_wp_error( $answer ) && 'interlinker_conflict' === $answer->get_error_code() ) {
			$current = $this->get_implementation( $implementation_id );
			if ( ! is_wp_error( $current ) && 'pending' !== $current->status ) {
				return $current;
			}
		}
		return $answer;
	}

	public function get_implementation( string $id ): Implementation|WP_Error {
		return $this->one( 'GET', '/implementations/' . rawurlencode( $id ), null, array( Implementation::class, 'from_bridge' ) );
	}

	/**
	 * @param array<string, scalar> $query status, ids (comma-separated, at most 100), limit, offset.
	 * @return array{items: Implementation[], total: int}|WP_Error
	 */
	public function list_implementations( array $query ): array|WP_Error {
		$answer = $this->call( 'GET', '/implementations', null, $query );
		if ( is_wp_error( $answer ) ) {
			return $answer;
		}
		return array(
			'items' => Implementation::list_from_bridge( $answer->data ),
			'total' => $answer->total(),
		);
	}

	/**
	 * Not retried: a second rollback answers 409.
	 *
	 * @param string[]|null $suggestion_ids Only these links (each applied and not undone yet); null for all of them.
	 */
	public function rollback_implementation( string $id, string $reason, ?array $suggestion_ids = null ): Implementation|WP_Error {
		$body = array( 'reason' => $reason );
		if ( null !== $suggestion_ids ) {
			$body['suggestionIds'] = array_values( $suggestion_ids );
		}
		return $this->one( 'POST', '/implementations/' . rawurlencode( $id ) . '/rollback', $body, array( Implementation::class, 'from_bridge' ) );
	}

	/**
	 * How far the bridge's background generation for this project is.
	 */
	public function generation(): Generation_Progress|WP_Error {
		$answer = $this->call( 'GET', '/generation' );
		if ( is_wp_error( $answer ) ) {
			return $answer;
		}
		return Generation_Progress::from_bridge( $answer->data ) ?? new WP_Error( 'interlinker_bad_answer', __( 'The bridge answered with something that is not what was asked for.', 'interlinker' ), array( 'status' => 502 ) );
	}

	/**
	 * Analytics and link-health reports: '' (the groups), '/timeseries', '/orphans', '/broken-links', '/inbound-links'.
	 *
	 * @param array<string, scalar> $query Dates or pagination.
	 * @return array{data: mixed, total: int}|WP_Error
	 */
	public function analytics( string $report, array $query ): array|WP_Error {
		$answer = $this->call( 'GET', '/analytics' . $report, null, $query );
		if ( is_wp_error( $answer ) ) {
			return $answer;
		}
		return array(
			'data'  => Bridge_Data::generic( $answer->data ),
			'total' => $answer->total(),
		);
	}

	/**
	 * @param array<string, mixed>|null $body
	 * @param array<string, scalar>     $query
	 * @param array<string, string>     $headers
	 */
	private function call( string $method, string $sub_path, ?array $body = null, array $query = array(), ?bool $idempotent = null, ?int $timeout = null, array $headers = array() ): Bridge_Response|WP_Error {
		$project_id = $this->project_id();
		if ( is_wp_error( $project_id ) ) {
			return $project_id;
		}
		$answer = $this->client->request( $method, $this->path( $project_id, $sub_path ), $body, $query, $idempotent, $timeout, $headers );
		if ( is_wp_error( $answer ) && 'interlinker_not_found' === $answer->get_error_code() && $this->projects->forget_if_gone( $project_id ) ) {
			// Not the suggestion or implementation asked for: the project itself is not in the key's account.
			return self::project_gone();
		}
		return $answer;
	}

	private static function project_gone(): WP_Error {
		return new WP_Error(
			'interlinker_not_synced',
			__( 'This site\'s project is not in the bridge account of the current API key (the key belongs to another account, or the project was deleted). Run "Sync all content" under Interlinker → Settings to create it in this account.', 'interlinker' ),
			array( 'status' => 409 )
		);
	}

	/**
	 * @param array<string, mixed>|null $body
	 * @param callable                  $from_bridge Builds the value object from the answer's data (null: not one).
	 */
	private function one( string $method, string $sub_path, ?array $body, callable $from_bridge, ?bool $idempotent = null ): Suggestion|Implementation|WP_Error {
		$answer = $this->call( $method, $sub_path, $body, array(), $idempotent );
		return is_wp_error( $answer ) ? $answer : self::shaped( $from_bridge( $answer->data ) );
	}

	/**
	 * The value object, or the error for an answer that does not hold one.
	 *
	 * @template T of Suggestion|Implementation
	 * @param T|null $value
	 * @return T|WP_Error
	 */
	private static function shaped( Suggestion|Implementation|null $value ): Suggestion|Implementation|WP_Error {
		return $value ?? new WP_Error( 'interlinker_bad_answer', __( 'The bridge answered with something that is not what was asked for.', 'interlinker' ), array( 'status' => 502 ) );
	}

	private function path( string $project_id, string $sub_path ): string {
		return '/api/projects/' . rawurlencode( $project_id ) . $sub_path;
	}
}
