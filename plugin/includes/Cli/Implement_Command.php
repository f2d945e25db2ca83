<?php
/**
 * `wp interlinker implement`: inserts the links of approved suggestions into their posts, as the Suggestions
 * screen's "Insert links" does (the same plan, permission rule and implementation).
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Cli;

use Interlinker\Access\Capability_Rules;
use Interlinker\Implement\Link_Result;
use Interlinker\Implement\Permitted_Implementation;
use WP_CLI;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Implement_Command {

	/** The most suggestions one implementation takes (the REST route's limit). */
	private const MAX_SUGGESTIONS = 100;

	public function __construct( private readonly Permitted_Implementation $implementation ) {}

	/**
	 * Inserts the links of approved suggestions into their source posts.
	 *
	 * Each link goes where the suggestion's sentence is, marked so that a rollback finds it. A link whose sentence is no longer in the post is not inserted; the others still are. Shows one row per suggestion: whether its link went in, the post, and why not. Needs the right to edit each source post.
	 *
	 * ## OPTIONS
	 *
	 * <id>...
	 * : The approved suggestions' IDs (at most 100).
	 *
	 * [--yes]
	 * : Insert without asking.
	 *
	 * [--format=<format>]
	 * : How to show the results (fields: implementation, suggestion, inserted, post, reason).
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
	 *     $ wp interlinker implement 9f2c1a 77b0e4 --yes
	 *
	 *     # Every approved suggestion of post 42.
	 *     $ wp interlinker implement $(wp interlinker suggestions list --post=42 --status=approved --format=ids) --yes
	 *
	 * @param string[]             $args       The suggestion IDs.
	 * @param array<string, mixed> $assoc_args The options.
	 */
	public function __invoke( array $args, array $assoc_args ): void {
		$ids = array_values( array_unique( $args ) );
		if ( count( $ids ) > self::MAX_SUGGESTIONS ) {
			/* translators: %d: the most suggestions one implementation takes. */
			WP_CLI::error( sprintf( __( 'One implementation takes at most %d suggestions.', 'interlinker' ), self::MAX_SUGGESTIONS ) );
		}
		Command_Output::or_exit( Capability_Rules::require_capability( 'edit_posts' ) );
		/* translators: %d: number of suggestions. */
		WP_CLI::confirm( sprintf( _n( 'Insert the link of %d suggestion into its post?', 'Insert the links of %d suggestions into their posts?', count( $ids ), 'interlinker' ), count( $ids ) ), $assoc_args );
		$answer = Command_Output::or_exit( $this->implementation->implement( $ids, array( Capability_Rules::class, 'require_implement' ) ) );
		Command_Output::rows(
			$assoc_args,
			array_map(
				static fn( Link_Result $result ): array => array(
					'implementation' => $answer->implementation->id,
					'suggestion'     => $result->suggestion_id,
					'inserted'       => $result->succeeded ? 'yes' : 'no',
					'post'           => $result->post_id ?? '',
					'reason'         => $result->reason ?? '',
				),
				$answer->results
			),
			array( 'implementation', 'suggestion', 'inserted', 'post', 'reason' )
		);
		// Machine-read formats stay parseable: the summary is the table's, and a failure still exits with 1.
		$summarize = 'table' === ( $assoc_args['format'] ?? 'table' );
		$inserted  = count( array_filter( $answer->results, static fn( Link_Result $result ): bool => $result->succeeded ) );
		/* translators: 1: the implementation's ID, 2: links inserted, 3: suggestions asked for. */
		$summary = sprintf( __( 'Implementation %1$s: %2$d of %3$d links inserted.', 'interlinker' ), $answer->implementation->id, $inserted, count( $answer->results ) );
		if ( 0 === $inserted ) {
			WP_CLI::error( $summary );
		}
		if ( $inserted < count( $answer->results ) ) {
			WP_CLI::warning( $summary );
		} elseif ( $summarize ) {
			WP_CLI::success( $summary );
		}
	}
}
