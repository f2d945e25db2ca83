<?php
/**
 * What a rollback did to one post: restored exactly, links taken out around later edits, nothing left to take
 * out, or not saved (the record stays, and the next sync tries again).
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Implement;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Rollback_Post_Result {

	public const SAVE_FAILED = 'save_failed';
	public const OUTCOMES    = array( Link_Undo::EXACT, Link_Undo::UNWRAPPED, Link_Undo::NOTHING, self::SAVE_FAILED );

	/**
	 * @param string[] $removed_suggestion_ids Suggestions whose links were taken out.
	 * @param string[] $missing_suggestion_ids Suggestions whose links were no longer in the post.
	 */
	private function __construct(
		public readonly int $post_id,
		public readonly string $outcome,
		public readonly array $removed_suggestion_ids,
		public readonly array $missing_suggestion_ids,
		public readonly ?string $reason,
	) {}

	/**
	 * @param array{outcome: string, removed: string[], missing: string[]} $change As Link_Undo::compute() worked it out.
	 */
	public static function reverted( int $post_id, array $change ): self {
		return new self( $post_id, $change['outcome'], $change['removed'], $change['missing'], null );
	}

	public static function save_failed( int $post_id, string $reason ): self {
		return new self( $post_id, self::SAVE_FAILED, array(), array(), $reason );
	}

	/**
	 * @return array{postId: int, outcome: string, removedSuggestionIds: string[], missingSuggestionIds: string[], reason?: string} As the `interlinker-rollback-answer` schema describes it.
	 */
	public function to_rest(): array {
		$rest = array(
			'postId'               => $this->post_id,
			'outcome'              => $this->outcome,
			'removedSuggestionIds' => $this->removed_suggestion_ids,
			'missingSuggestionIds' => $this->missing_suggestion_ids,
		);
		if ( null !== $this->reason ) {
			$rest['reason'] = $this->reason;
		}
		return $rest;
	}
}
