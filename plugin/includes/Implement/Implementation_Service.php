<?php
/**
 * Implements pending or approved suggestions (implementing one approves it): records the implementation on the bridge, inserts the links into the
 * source posts, reports each result back, and undoes its own edits when the report cannot be made. Until the
 * report is made, the implementation is kept among the unreported ones, so that it is settled later whatever
 * happens in between (a failed report, an undo that cannot run, a request that dies).
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Implement;

use Interlinker\Access\Contributor_Budget;
use Interlinker\Bridge\Implementation;
use Interlinker\Bridge\Project_Api;
use Interlinker\Bridge\Suggestion;
use Interlinker\Content\Site_Content;
use Interlinker\Html\Link_Inserter;
use Interlinker\Html\Link_Request;
use Interlinker\Settings\Settings;
use WP_Error;
use WP_Post;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Implementation_Service {

	/** Statuses a suggestion may have to be implemented: a pending one is approved by implementing it. */
	private const IMPLEMENTABLE = array( 'pending', 'approved' );

	public function __construct(
		private readonly Project_Api $api,
		private readonly Site_Content $content,
		private readonly Settings $settings,
		private readonly Link_Inserter $inserter,
		private readonly Post_Content_Writer $writer,
		private readonly Implementation_Records $records,
		private readonly Post_Lock $locks,
		private readonly Unreported_Implementations $unreported,
		private readonly Post_Editing $editing,
		private readonly Contributor_Budget $budget,
	) {}

	/**
	 * Loads the suggestions (one bridge call, charged to the user's hourly budget) and finds their source posts,
	 * before anything is written (and before the caller checks that the user may edit those posts).
	 *
	 * @param string[] $suggestion_ids 1–100 ids.
	 */
	public function plan( array $suggestion_ids ): Implementation_Plan|WP_Error {
		$charged = $this->budget->charge();
		if ( true !== $charged ) {
			return $charged;
		}
		$suggestions = $this->load_suggestions( $suggestion_ids );
		if ( is_wp_error( $suggestions ) ) {
			return $suggestions;
		}
		$sources   = array();
		$snapshots = array();
		foreach ( $suggestions as $id => $suggestion ) {
			$sources[ $id ] = $this->content->post_id_for_url( $suggestion->source_page_url );
			$post           = 0 === $sources[ $id ] || isset( $snapshots[ $sources[ $id ] ] ) ? null : $this->editing->fresh( $sources[ $id ] );
			if ( null !== $post ) {
				$snapshots[ $sources[ $id ] ] = Post_Snapshot::of( $post );
			}
		}
		return new Implementation_Plan( $suggestions, $sources, $snapshots );
	}

	/**
	 * @return Implement_Answer|WP_Error The bridge's implementation, with what happened to each suggestion.
	 */
	public function implement( Implementation_Plan $plan ): Implement_Answer|WP_Error {
		$not_open = array_keys( array_filter( $plan->suggestions, static fn( Suggestion $s ): bool => ! in_array( $s->status, self::IMPLEMENTABLE, true ) ) );
		if ( $not_open ) {
			return new WP_Error(
				'interlinker_conflict',
				/* translators: %s: suggestion ids. */
				sprintf( __( 'Only pending or approved suggestions can be implemented (a rejected one must be moved back to pending first); these are not: %s.', 'interlinker' ), implode( ', ', $not_open ) ),
				array(
					'status'        => 409,
					'suggestionIds' => $not_open,
				)
			);
		}
		$refused = $this->refusal_before_start( $plan );
		if ( null !== $refused ) {
			return $refused;
		}
		// Two calls from here: recording the implementation, then reporting its results.
		$charged = $this->budget->charge( 2 );
		if ( true !== $charged ) {
			return $charged;
		}
		// The intent is recorded before the bridge is asked: should the answer be lost (after the retries the key
		// makes safe), the reconciler asks again with the same key and settles what the bridge created.
		$key = wp_generate_uuid4();
		$this->unreported->open( $key, array_keys( $plan->suggestions ) );
		$implementation = $this->api->create_implementation( array_keys( $plan->suggestions ), $key );
		if ( is_wp_error( $implementation ) && $this->approve_pending_if_refused( $plan, $implementation ) ) {
			$implementation = $this->api->create_implementation( array_keys( $plan->suggestions ), $key );
		}
		if ( is_wp_error( $implementation ) ) {
			if ( self::may_have_created( $implementation ) ) {
				$this->unreported->mark_ended( $key );
			} else {
				$this->unreported->forget( $key );
			}
			return $implementation;
		}
		$implementation_id = $implementation->id;
		$this->unreported->attach( $key, $implementation_id );

		$results = array();
		$changed = array();
		foreach ( $this->group_by_post( $plan ) as $post_id => $suggestions ) {
			$outcome = $this->implement_in_post( $implementation, $plan->snapshot( $post_id ), $post_id, $suggestions );
			$results = array_merge( $results, $outcome['results'] );
			if ( $outcome['changed'] ) {
				$changed[] = $post_id;
			}
		}
		$results = self::in_request_order( $plan, $results );
		$this->unreported->record_results( $key, self::to_rest( $results ) );

		$reported = $this->api->report_results(
			$implementation_id,
			array_map(
				static fn( Link_Result $r ): array => array_filter(
					array(
						'suggestionId' => $r->suggestion_id,
						'succeeded'    => $r->succeeded,
						'error'        => $r->reason,
					),
					static fn( $v ): bool => null !== $v
				),
				$results
			)
		);
		if ( is_wp_error( $reported ) ) {
			// The bridge would not know about these links: take them out again so that nothing is half done. The
			// implementation stays pending on the bridge until the next sync or retry settles it.
			$still_changed = $this->take_out( $implementation_id, $changed );
			$this->unreported->mark_ended( $key );
			$data                     = (array) $reported->get_error_data();
			$data['implementationId'] = $implementation_id;
			$data['contentChanged']   = (bool) $still_changed;
			$data['changedPostIds']   = $still_changed;
			return new WP_Error( $reported->get_error_code(), $reported->get_error_message(), $data );
		}
		$this->unreported->forget( $key );
		$changed_under_us = self::post_ids_failed_with( $results, 'post_changed' );
		if ( ! $changed && $changed_under_us ) {
			// Nothing went in because the post moved during the bridge round trip: say so as an error, with what
			// the bridge recorded (every suggestion failed, so each may be tried again).
			return new WP_Error(
				'interlinker_post_changed',
				__( 'The post was changed by someone else while the links were being prepared; nothing was inserted. Review the suggestions again and retry.', 'interlinker' ),
				array(
					'status'           => 409,
					'implementationId' => $implementation_id,
					'postIds'          => $changed_under_us,
					'results'          => self::to_rest( $results ),
				)
			);
		}
		return new Implement_Answer( $reported, $results );
	}

	/**
	 * A bridge from before implementing pending suggestions itself refuses them (409, nothing created):
	 * approves them one by one, after the permission check, so that the caller can ask once more. A current bridge
	 * approves them in the implementation's own transaction and never gets here, so it costs no extra call.
	 *
	 * @return bool Whether every pending suggestion is approved now (ask again); false leaves the refusal as it is.
	 */
	private function approve_pending_if_refused( Implementation_Plan $plan, WP_Error $refusal ): bool {
		$data    = (array) $refusal->get_error_data();
		$pending = array_keys( array_filter( $plan->suggestions, static fn( Suggestion $s ): bool => 'pending' === $s->status ) );
		// Its message names the suggestions it refused: "… not approved: sug_a, sug_b."
		$message         = $refusal->get_error_message();
		$refused_pending = str_contains( $message, 'not approved' ) && array_filter( $pending, static fn( string $id ): bool => str_contains( $message, $id ) );
		if ( 409 !== (int) ( $data['bridgeStatus'] ?? 0 ) || ! $refused_pending ) {
			return false;
		}
		// Each approval, and the implementation asked for again.
		if ( true !== $this->budget->charge( count( $pending ) + 1 ) ) {
			return false;
		}
		foreach ( $pending as $id ) {
			if ( is_wp_error( $this->api->update_suggestion( $id, 'approved' ) ) ) {
				return false;
			}
		}
		return true;
	}

	/**
	 * @param Link_Result[] $results
	 * @return array<int, array<string, mixed>>
	 */
	private static function to_rest( array $results ): array {
		return array_map( static fn( Link_Result $result ): array => $result->to_rest(), $results );
	}

	/**
	 * Whether the bridge may have created the implementation although the call failed: the answer was lost or
	 * the bridge failed on its side. A refusal (4xx) or a call never sent created nothing.
	 */
	private static function may_have_created( WP_Error $error ): bool {
		$data   = (array) $error->get_error_data();
		$status = (int) ( $data['bridgeStatus'] ?? 0 );
		// A 409 with Retry-After: an attempt with the same key is still running on the bridge.
		$in_progress = 409 === $status && isset( $data['retryAfter'] );
		return $status >= 500 || $in_progress || in_array( $error->get_error_code(), array( 'interlinker_bridge_unreachable', 'interlinker_bridge_timeout' ), true );
	}

	/**
	 * Refuses before the bridge is asked when a post already moved since the plan, or is open in the editor.
	 */
	private function refusal_before_start( Implementation_Plan $plan ): ?WP_Error {
		foreach ( $plan->post_ids() as $post_id ) {
			$snapshot = $plan->snapshot( $post_id );
			$post     = $this->editing->fresh( $post_id );
			if ( null !== $snapshot && null !== $post && ! $snapshot->matches( $post ) ) {
				return self::post_changed_error( array( $post_id ) );
			}
			$editor = $this->editing->locked_by( $post_id );
			if ( null !== $editor ) {
				return Post_Editing::locked_error( $post_id, $editor );
			}
		}
		return null;
	}

	/**
	 * @param int[] $post_ids
	 */
	private static function post_changed_error( array $post_ids ): WP_Error {
		return new WP_Error(
			'interlinker_post_changed',
			__( 'The post was changed by someone else since the suggestions were loaded; nothing was inserted. Review the suggestions again and retry.', 'interlinker' ),
			array(
				'status'  => 409,
				'postIds' => $post_ids,
			)
		);
	}

	/**
	 * @param Link_Result[] $results
	 * @return int[] Posts whose suggestions failed with $code.
	 */
	private static function post_ids_failed_with( array $results, string $code ): array {
		$ids = array();
		foreach ( $results as $result ) {
			if ( $result->code === $code && null !== $result->post_id ) {
				$ids[] = $result->post_id;
			}
		}
		return array_values( array_unique( $ids ) );
	}

	/**
	 * Takes this implementation's links out of the posts it just changed, keeping any edit made meanwhile.
	 *
	 * @param int[] $post_ids
	 * @return int[] Posts whose links could not be taken out (their records stay, so the links stay undoable).
	 */
	private function take_out( string $implementation_id, array $post_ids ): array {
		$still_changed = array();
		foreach ( $post_ids as $post_id ) {
			$record = $this->records->find( $post_id, $implementation_id );
			if ( null === $record ) {
				continue;
			}
			if ( ! $this->locks->acquire( $post_id ) ) {
				$still_changed[] = $post_id;
				continue;
			}
			try {
				// Read inside the lock: an edit saved during the report must be kept.
				$post = $this->editing->fresh( $post_id );
				if ( null === $post ) {
					continue;
				}
				$change = Link_Undo::compute( $post->post_content, $record );
				$saved  = $change['content'] === $post->post_content ? true : $this->writer->save( $post_id, $change['content'] );
				if ( is_wp_error( $saved ) ) {
					$still_changed[] = $post_id;
					continue;
				}
				$this->records->remove( $post_id, $implementation_id, true );
			} finally {
				$this->locks->release( $post_id );
			}
		}
		return $still_changed;
	}

	/**
	 * @param Implementation            $implementation The bridge's implementation.
	 * @param array<string, Suggestion> $suggestions    Suggestions whose source is this post.
	 * @return array{results: Link_Result[], changed: bool}
	 */
	private function implement_in_post( Implementation $implementation, ?Post_Snapshot $snapshot, int $post_id, array $suggestions ): array {
		if ( 0 === $post_id || null === $this->editing->fresh( $post_id ) ) {
			return self::all_failed( $suggestions, 'source_not_found', __( 'No post of this site has the suggestion\'s source URL any more.', 'interlinker' ) );
		}
		if ( ! $this->locks->acquire( $post_id ) ) {
			return self::all_failed( $suggestions, 'post_busy', __( 'Another Interlinker change to this post is in progress; try again in a moment.', 'interlinker' ) );
		}
		try {
			// Read again inside the lock, past this request's cache: the bridge round trip gave others time to save.
			$post = $this->editing->fresh( $post_id );
			if ( null === $post ) {
				return self::all_failed( $suggestions, 'source_not_found', __( 'No post of this site has the suggestion\'s source URL any more.', 'interlinker' ) );
			}
			if ( null !== $snapshot && ! $snapshot->matches( $post ) ) {
				return self::all_failed( $suggestions, 'post_changed', __( 'The post was changed by someone else while the links were being prepared; nothing was inserted into it.', 'interlinker' ), $post_id );
			}
			$editor = $this->editing->locked_by( $post_id );
			if ( null !== $editor ) {
				return self::all_failed( $suggestions, 'post_locked', Post_Editing::locked_reason( $editor ), $post_id );
			}
			if ( ! $this->content->is_eligible( $post ) ) {
				return self::all_failed( $suggestions, 'source_unavailable', __( 'The source post is no longer published, or it is excluded from Interlinker.', 'interlinker' ) );
			}
			$before   = $post->post_content;
			$requests = array();
			$results  = array();
			foreach ( $suggestions as $id => $suggestion ) {
				$request = $this->link_request( $id, $suggestion );
				if ( is_string( $request ) ) {
					$results[] = Link_Result::failed( $id, 'target_unavailable', $request );
				} else {
					$requests[] = $request;
				}
			}
			$limit    = $this->settings->max_links_per_post();
			$room     = max( 0, $limit - self::count_marked_links( $before ) );
			$inserted = $this->inserter->insert( $before, $requests, $room, $limit );
			foreach ( $inserted->failures as $id => $failure ) {
				$results[] = Link_Result::failed( $id, $failure->code, $failure->reason );
			}
			if ( ! $inserted->inserted ) {
				return array(
					'results' => $results,
					'changed' => false,
				);
			}
			$stored = $this->writer->save( $post_id, $inserted->content );
			if ( is_wp_error( $stored ) ) {
				foreach ( $inserted->inserted as $link ) {
					$results[] = Link_Result::failed( $link->suggestion_id, 'save_failed', $stored->get_error_message() );
				}
				return array(
					'results' => $results,
					'changed' => false,
				);
			}
			$this->records->add( $post_id, $implementation->id, $inserted->inserted, $before, $stored, $implementation->created_at );
			foreach ( $inserted->inserted as $link ) {
				$results[] = Link_Result::inserted( $link->suggestion_id, $post_id );
			}
			return array(
				'results' => $results,
				'changed' => true,
			);
		} finally {
			$this->locks->release( $post_id );
		}
	}

	/**
	 * The link to insert for a suggestion, or why its target cannot be linked.
	 */
	private function link_request( string $id, Suggestion $suggestion ): Link_Request|string {
		$target_url = $suggestion->target_page_url;
		$target_id  = $this->content->post_id_for_url( $target_url );
		$urls       = array( $target_url );
		$href       = $target_url;
		$type       = '';
		if ( $target_id > 0 ) {
			$target = get_post( $target_id );
			if ( ! $target instanceof WP_Post || 'publish' !== $target->post_status ) {
				return __( 'The target post is no longer published.', 'interlinker' );
			}
			if ( ! $this->content->is_eligible( $target ) ) {
				return __( 'The target post is excluded from Interlinker (by its category, path, post type or password).', 'interlinker' );
			}
			$href   = (string) get_permalink( $target );
			$type   = $target->post_type;
			$urls[] = $href;
		}
		if ( '' === $href ) {
			return __( 'The suggestion has no usable target URL.', 'interlinker' );
		}
		return new Link_Request( $id, $suggestion->anchor_text, $suggestion->context, $href, $urls, $target_id, $type );
	}

	/**
	 * Fetches the suggestions in one call, whatever their status, so that permission is decided on all of them at
	 * the cost of one call.
	 *
	 * @param string[] $ids 1–100 ids.
	 * @return array<string, Suggestion>|WP_Error In request order; a 404 naming the ids of no suggestion.
	 */
	private function load_suggestions( array $ids ): array|WP_Error {
		$found = $this->api->suggestions_by_id( $ids ) ?? $this->read_one_by_one( $ids );
		if ( is_wp_error( $found ) ) {
			return $found;
		}
		$missing = array_values( array_diff( $ids, array_keys( $found ) ) );
		if ( $missing ) {
			return new WP_Error(
				'interlinker_not_found',
				/* translators: %s: suggestion ids. */
				sprintf( __( 'No such suggestion: %s.', 'interlinker' ), implode( ', ', $missing ) ),
				array(
					'status'        => 404,
					'suggestionIds' => $missing,
				)
			);
		}
		$ordered = array();
		foreach ( $ids as $id ) {
			$ordered[ $id ] = $found[ $id ];
		}
		return $ordered;
	}

	/**
	 * For a bridge from before the `ids` filter: one call per suggestion, each counted on the user's hourly budget,
	 * so that the budget still bounds what a refused request costs.
	 *
	 * @param string[] $ids
	 * @return array<string, Suggestion>|WP_Error
	 */
	private function read_one_by_one( array $ids ): array|WP_Error {
		$found = array();
		foreach ( $ids as $id ) {
			$charged = $this->budget->charge();
			if ( true !== $charged ) {
				return $charged;
			}
			$suggestion = $this->api->get_suggestion( $id );
			if ( is_wp_error( $suggestion ) ) {
				return $suggestion;
			}
			$found[ $id ] = $suggestion;
		}
		return $found;
	}

	/**
	 * @return array<int, array<string, Suggestion>> Post id → its suggestions (0 for no post).
	 */
	private function group_by_post( Implementation_Plan $plan ): array {
		$groups = array();
		foreach ( $plan->suggestions as $id => $suggestion ) {
			$groups[ $plan->source_posts[ $id ] ][ $id ] = $suggestion;
		}
		return $groups;
	}

	private static function count_marked_links( string $content ): int {
		$count   = 0;
		$scanner = new \WP_HTML_Tag_Processor( $content );
		while ( $scanner->next_tag( array( 'tag_name' => 'A' ) ) ) {
			if ( null !== $scanner->get_attribute( Link_Inserter::MARKER ) ) {
				++$count;
			}
		}
		return $count;
	}

	/**
	 * @param array<string, Suggestion> $suggestions
	 * @return array{results: Link_Result[], changed: false}
	 */
	private static function all_failed( array $suggestions, string $code, string $reason, ?int $post_id = null ): array {
		return array(
			'results' => array_map( static fn( string $id ): Link_Result => Link_Result::failed( $id, $code, $reason, $post_id ), array_keys( $suggestions ) ),
			'changed' => false,
		);
	}

	/**
	 * @param Link_Result[] $results
	 * @return Link_Result[]
	 */
	private static function in_request_order( Implementation_Plan $plan, array $results ): array {
		$by_id = array();
		foreach ( $results as $result ) {
			$by_id[ $result->suggestion_id ] = $result;
		}
		return array_values( array_filter( array_map( static fn( string $id ): ?Link_Result => $by_id[ $id ] ?? null, array_keys( $plan->suggestions ) ) ) );
	}
}
