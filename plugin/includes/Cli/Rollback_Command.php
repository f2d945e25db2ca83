<?php
/**
 * `wp interlinker rollback`: takes an implementation's links back out of its posts, as the Implementations screen's
 * "Undo" does.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Cli;

use Interlinker\Access\Capability_Rules;
use Interlinker\Access\Contributor_Budget;
use Interlinker\Implement\Rollback_Post_Result;
use Interlinker\Implement\Rollback_Service;
use WP_CLI;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Rollback_Command {

	public function __construct(
		private readonly Rollback_Service $rollbacks,
		private readonly Contributor_Budget $budget,
	) {}

	/**
	 * Takes the links an implementation inserted back out of its posts.
	 *
	 * Only the inserted links go: whatever else changed in the posts since stays. The bridge records the rollback with the reason, and the suggestions become rejected. Needs the right to edit each post concerned.
	 *
	 * ## OPTIONS
	 *
	 * <implementation>
	 * : The implementation's ID (wp interlinker export implementations lists them).
	 *
	 * --reason=<reason>
	 * : Why, as the bridge keeps it with the rollback.
	 *
	 * [--yes]
	 * : Roll back without asking.
	 *
	 * [--format=<format>]
	 * : How to show what happened in each post.
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
	 *     $ wp interlinker rollback 3c9e0d2a --reason="Links to the old pricing page" --yes
	 *
	 * @param string[]             $args       The implementation ID.
	 * @param array<string, mixed> $assoc_args The options.
	 */
	public function __invoke( array $args, array $assoc_args ): void {
		$id     = $args[0];
		$reason = trim( sanitize_textarea_field( (string) $assoc_args['reason'] ) );
		if ( '' === $reason ) {
			WP_CLI::error( __( '--reason needs some text: the bridge keeps it with the rollback.', 'interlinker' ) );
		}
		Command_Output::or_exit( Capability_Rules::require_capability( 'edit_posts' ) );
		Command_Output::or_exit( Capability_Rules::require_edit_owning_posts( $this->rollbacks->post_ids( $id ) ) );
		/* translators: %s: the implementation's ID. */
		WP_CLI::confirm( sprintf( __( 'Take the links of implementation %s out of its posts?', 'interlinker' ), Command_Output::plain( $id ) ), $assoc_args );
		// Two calls on the user's hourly budget: reading the implementation, then recording its rollback.
		Command_Output::or_exit( $this->budget->charge( 2 ) );
		$answer = Command_Output::or_exit( $this->rollbacks->rollback( $id, $reason ) );
		Command_Output::rows(
			$assoc_args,
			array_map(
				static fn( Rollback_Post_Result $result ): array => array(
					'post'    => $result->post_id,
					'outcome' => $result->outcome,
					'removed' => implode( ',', $result->removed_suggestion_ids ),
					'missing' => implode( ',', $result->missing_suggestion_ids ),
					'reason'  => $result->reason ?? '',
				),
				$answer->results
			),
			array( 'post', 'outcome', 'removed', 'missing', 'reason' )
		);
		$failed = array_filter( $answer->results, static fn( Rollback_Post_Result $result ): bool => Rollback_Post_Result::SAVE_FAILED === $result->outcome );
		if ( array() !== $failed ) {
			/* translators: 1: the implementation's ID, 2: posts that could not be saved. */
			WP_CLI::error( sprintf( __( 'Implementation %1$s: %2$d posts could not be saved; their links are still in.', 'interlinker' ), $answer->implementation->id, count( $failed ) ) );
		}
		if ( 'table' !== ( $assoc_args['format'] ?? 'table' ) ) {
			return;
		}
		/* translators: 1: the implementation's ID, 2: its status on the bridge. */
		WP_CLI::success( sprintf( __( 'Implementation %1$s rolled back (%2$s).', 'interlinker' ), $answer->implementation->id, $answer->implementation->status ) );
	}
}
