<?php
/**
 * `wp interlinker suggestions list|generate|approve|reject`: the Suggestions screen's list and review, through the
 * same services as the REST routes.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Cli;

use Interlinker\Access\Capability_Rules;
use Interlinker\Access\Contributor_Budget;
use Interlinker\Bridge\Suggestion;
use Interlinker\Suggestions\Presented_Suggestion;
use Interlinker\Suggestions\Suggestion_List_Query;
use Interlinker\Suggestions\Suggestion_Listing;
use Interlinker\Suggestions\Suggestion_Status_Change;
use WP_CLI;
use WP_CLI\Utils;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Lists, generates, approves and rejects internal-link suggestions.
 *
 * ## EXAMPLES
 *
 *     $ wp interlinker suggestions generate 42
 *     $ wp interlinker suggestions list --post=42 --status=pending
 *     $ wp interlinker suggestions approve 9f2c1a 77b0e4
 */
final class Suggestions_Command {

	/** Suggestions asked of the bridge per call while listing (the REST list's largest page). */
	private const PAGE_SIZE = 100;

	private const FIELDS = array( 'id', 'status', 'score', 'source_post', 'target_post', 'anchor_text' );

	public function __construct(
		private readonly Suggestion_Listing $listing,
		private readonly Contributor_Budget $budget,
		private readonly Suggestion_Status_Change $status_change,
	) {}

	/**
	 * Lists suggestions, newest first.
	 *
	 * Fields: id, status, score, source_post, source_title, source_url, target_post, target_title, target_url, anchor_text, context, created_at. Suggestions about posts the user may not read are left out, as in wp-admin.
	 *
	 * ## OPTIONS
	 *
	 * [--post=<id>]
	 * : Only suggestions of links from this post.
	 *
	 * [--status=<statuses>]
	 * : Only suggestions with these statuses, comma-separated: pending, approved, rejected, implemented.
	 *
	 * [--fields=<fields>]
	 * : The fields to show, comma-separated.
	 *
	 * [--format=<format>]
	 * : How to show them.
	 * ---
	 * default: table
	 * options:
	 *   - table
	 *   - csv
	 *   - json
	 *   - yaml
	 *   - count
	 *   - ids
	 * ---
	 *
	 * ## EXAMPLES
	 *
	 *     $ wp interlinker suggestions list --status=pending
	 *     $ wp interlinker suggestions list --post=42 --format=json
	 *     $ wp interlinker suggestions list --status=approved --format=ids
	 *
	 * @subcommand list
	 *
	 * @param string[]             $args       None.
	 * @param array<string, mixed> $assoc_args The options.
	 */
	public function list_( array $args, array $assoc_args ): void {
		Command_Output::or_exit( Capability_Rules::require_capability( 'edit_posts' ) );
		$post_id  = isset( $assoc_args['post'] ) ? Command_Output::post( (string) $assoc_args['post'] )->ID : 0;
		$statuses = self::statuses( (string) ( $assoc_args['status'] ?? '' ) );
		$rows     = array();
		for ( $page = 1; ; $page++ ) {
			Command_Output::or_exit( $this->budget->charge() );
			$answer = Command_Output::or_exit( $this->listing->list( new Suggestion_List_Query( $page, self::PAGE_SIZE, 'createdAt', 'desc', $statuses, '', $post_id ) ) );
			array_push( $rows, ...array_map( array( self::class, 'row' ), $answer->items ) );
			if ( $page * self::PAGE_SIZE >= $answer->matched || array() === $answer->items && 0 === $answer->left_out ) {
				break;
			}
		}
		self::show( $assoc_args, $rows );
	}

	/**
	 * Generates suggestions of links from a post, then lists that post's suggestions.
	 *
	 * The post is sent to the bridge first when the bridge does not have it as it is now. Only published posts of the chosen post types get suggestions.
	 *
	 * ## OPTIONS
	 *
	 * <post>
	 * : The post's ID.
	 *
	 * [--fields=<fields>]
	 * : The fields to show, comma-separated.
	 *
	 * [--format=<format>]
	 * : How to show them.
	 * ---
	 * default: table
	 * options:
	 *   - table
	 *   - csv
	 *   - json
	 *   - yaml
	 *   - count
	 *   - ids
	 * ---
	 *
	 * ## EXAMPLES
	 *
	 *     $ wp interlinker suggestions generate 42
	 *
	 * @param string[]             $args       The post ID.
	 * @param array<string, mixed> $assoc_args The options.
	 */
	public function generate( array $args, array $assoc_args ): void {
		$post = Command_Output::post( $args[0] );
		Command_Output::or_exit( Capability_Rules::require_capability( 'edit_post', $post->ID ) );
		// Generating, then listing: two calls on the user's hourly budget, as GET /suggestions?generate=1 counts them.
		Command_Output::or_exit( $this->budget->charge( 2 ) );
		$answer = Command_Output::or_exit( $this->listing->list( new Suggestion_List_Query( 1, self::PAGE_SIZE, 'relevanceScore', 'desc', array(), '', $post->ID, true ) ) );
		self::show( $assoc_args, array_map( array( self::class, 'row' ), $answer->items ) );
		if ( 'table' === ( $assoc_args['format'] ?? 'table' ) ) {
			/* translators: 1: number of suggestions, 2: post ID. */
			WP_CLI::success( sprintf( _n( '%1$d suggestion for post %2$d.', '%1$d suggestions for post %2$d.', $answer->matched, 'interlinker' ), $answer->matched, $post->ID ) );
		}
	}

	/**
	 * Approves suggestions: their links can then be inserted (wp interlinker implement).
	 *
	 * Needs the right to edit each suggestion's source post.
	 *
	 * ## OPTIONS
	 *
	 * <id>...
	 * : The suggestions' IDs.
	 *
	 * ## EXAMPLES
	 *
	 *     $ wp interlinker suggestions approve 9f2c1a 77b0e4
	 *
	 * @param string[]             $args       The suggestion IDs.
	 * @param array<string, mixed> $assoc_args None.
	 */
	public function approve( array $args, array $assoc_args ): void {
		$this->review( $args, 'approved', 'approve' );
	}

	/**
	 * Rejects suggestions: they leave the review list.
	 *
	 * Needs the right to edit each suggestion's source post.
	 *
	 * ## OPTIONS
	 *
	 * <id>...
	 * : The suggestions' IDs.
	 *
	 * ## EXAMPLES
	 *
	 *     $ wp interlinker suggestions reject 9f2c1a
	 *
	 * @param string[]             $args       The suggestion IDs.
	 * @param array<string, mixed> $assoc_args None.
	 */
	public function reject( array $args, array $assoc_args ): void {
		$this->review( $args, 'rejected', 'reject' );
	}

	/**
	 * One change per suggestion, as PATCH /suggestions/{id} makes it; a single ID's error ends the command, several
	 * are each reported and counted.
	 *
	 * @param string[] $ids
	 */
	private function review( array $ids, string $status, string $verb ): void {
		Command_Output::or_exit( Capability_Rules::require_capability( 'edit_posts' ) );
		$done = 0;
		foreach ( $ids as $id ) {
			$changed = $this->status_change->change( $id, $status );
			if ( 1 === count( $ids ) ) {
				Command_Output::or_exit( $changed );
			}
			if ( is_wp_error( $changed ) ) {
				WP_CLI::warning( Command_Output::plain( $id . ': ' . $changed->get_error_message() ) );
				continue;
			}
			++$done;
		}
		Utils\report_batch_operation_results( 'suggestion', $verb, count( $ids ), $done, count( $ids ) - $done );
	}

	/**
	 * @return string[]
	 */
	private static function statuses( string $list ): array {
		$statuses = array_values( array_filter( array_map( 'trim', explode( ',', $list ) ), 'strlen' ) );
		foreach ( $statuses as $status ) {
			if ( ! in_array( $status, Suggestion::STATUSES, true ) ) {
				/* translators: 1: what was given, 2: the statuses there are. */
				WP_CLI::error( sprintf( __( 'No such status: %1$s. Use %2$s.', 'interlinker' ), Command_Output::plain( $status ), implode( ', ', Suggestion::STATUSES ) ) );
			}
		}
		return $statuses;
	}

	/**
	 * @return array<string, mixed>
	 */
	private static function row( Presented_Suggestion $one ): array {
		return array(
			'id'           => $one->suggestion->id,
			'status'       => $one->suggestion->status,
			'score'        => round( $one->suggestion->relevance_score, 3 ),
			'source_post'  => $one->source_post_id,
			'source_title' => $one->source_title,
			'source_url'   => $one->suggestion->source_page_url,
			'target_post'  => $one->target_post_id,
			'target_title' => $one->target_title,
			'target_url'   => $one->suggestion->target_page_url,
			'anchor_text'  => $one->suggestion->anchor_text,
			'context'      => $one->suggestion->context,
			'created_at'   => $one->suggestion->created_at,
		);
	}

	/**
	 * @param array<string, mixed>             $assoc_args
	 * @param array<int, array<string, mixed>> $rows
	 */
	private static function show( array $assoc_args, array $rows ): void {
		// `ids` lists the suggestions' IDs, which are not numbers: WP-CLI's ids format expects the `ID` field.
		if ( 'ids' === ( $assoc_args['format'] ?? '' ) ) {
			WP_CLI::line( implode( ' ', array_column( $rows, 'id' ) ) );
			return;
		}
		Command_Output::rows( $assoc_args, $rows, self::FIELDS );
	}
}
