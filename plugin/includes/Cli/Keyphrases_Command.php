<?php
/**
 * `wp interlinker keyphrases get|set`: the phrases a post should be linked for, as the block editor's sidebar
 * edits them (the post meta Post_Keyphrases registers, cleaned by its own sanitize callback).
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Cli;

use Interlinker\Access\Capability_Rules;
use Interlinker\Sync\Post_Keyphrases;
use WP_CLI;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Shows and sets the phrases other posts may link a post by.
 *
 * ## EXAMPLES
 *
 *     $ wp interlinker keyphrases set 42 "sourdough starter" "levain"
 *     $ wp interlinker keyphrases get 42
 */
final class Keyphrases_Command {

	/**
	 * Shows the phrases a post is sent to the bridge with.
	 *
	 * Its own list (source: interlinker), then the focus keyphrases of Yoast SEO and Rank Math and what the interlinker_page_keyphrases filter adds (source: other).
	 *
	 * ## OPTIONS
	 *
	 * <post>
	 * : The post's ID.
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
	 * ---
	 *
	 * ## EXAMPLES
	 *
	 *     $ wp interlinker keyphrases get 42
	 *
	 * @param string[]             $args       The post ID.
	 * @param array<string, mixed> $assoc_args The options.
	 */
	public function get( array $args, array $assoc_args ): void {
		$post = Command_Output::post( $args[0] );
		Command_Output::or_exit( Capability_Rules::require_capability( 'edit_post', $post->ID ) );
		$own  = array_map( 'mb_strtolower', self::own( $post->ID ) );
		$rows = array();
		foreach ( Post_Keyphrases::of( $post ) as $phrase ) {
			$rows[] = array(
				'phrase' => $phrase,
				'source' => in_array( mb_strtolower( $phrase ), $own, true ) ? 'interlinker' : 'other',
			);
		}
		Command_Output::rows( $assoc_args, $rows, array( 'phrase', 'source' ) );
	}

	/**
	 * Replaces a post's own list of phrases; the post is then synced again.
	 *
	 * At most 10 phrases of up to 6 words and 100 characters each; others are left out with a warning. Give no phrase to empty the list. Needs the right to edit the post.
	 *
	 * ## OPTIONS
	 *
	 * <post>
	 * : The post's ID.
	 *
	 * [<phrase>...]
	 * : The phrases, each quoted when it has spaces.
	 *
	 * ## EXAMPLES
	 *
	 *     $ wp interlinker keyphrases set 42 "sourdough starter" "levain"
	 *
	 *     # Empty the list.
	 *     $ wp interlinker keyphrases set 42
	 *
	 * @param string[]             $args       The post ID, then the phrases.
	 * @param array<string, mixed> $assoc_args None.
	 */
	public function set( array $args, array $assoc_args ): void {
		$post = Command_Output::post( (string) array_shift( $args ) );
		Command_Output::or_exit( Capability_Rules::require_capability( 'edit_post', $post->ID ) );
		// The meta's sanitize callback keeps the list within the bridge's limits; the save queues the post's sync.
		update_post_meta( $post->ID, Post_Keyphrases::META_KEY, $args );
		$kept = self::own( $post->ID );
		$same = static fn( string $phrase ): string => mb_strtolower( trim( (string) preg_replace( '/\s+/u', ' ', $phrase ) ) );
		$lost = array_filter( $args, static fn( string $phrase ): bool => ! in_array( $same( $phrase ), array_map( $same, $kept ), true ) );
		if ( array() !== $lost ) {
			/* translators: %s: the phrases left out. */
			WP_CLI::warning( Command_Output::plain( sprintf( __( 'Left out (a duplicate, over 6 words or 100 characters, or past the 10th phrase): %s', 'interlinker' ), implode( ', ', $lost ) ) ) );
		}
		WP_CLI::success(
			array() === $kept
				/* translators: %d: post ID. */
				? sprintf( __( 'Post %d has no phrases of its own now.', 'interlinker' ), $post->ID )
				/* translators: 1: post ID, 2: the phrases. */
				: Command_Output::plain( sprintf( __( 'Post %1$d is linked for: %2$s.', 'interlinker' ), $post->ID, implode( ', ', $kept ) ) )
		);
	}

	/**
	 * @return string[]
	 */
	private static function own( int $post_id ): array {
		$own = get_post_meta( $post_id, Post_Keyphrases::META_KEY, true );
		return is_array( $own ) ? array_values( array_map( 'strval', $own ) ) : array();
	}
}
