<?php
/**
 * What /implement did with one suggestion: its link inserted into a post, or why not.
 *
 * @package Interlinker
 */

declare( strict_types = 1 );

namespace Interlinker\Implement;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class Link_Result {

	private function __construct(
		public readonly string $suggestion_id,
		public readonly bool $succeeded,
		public readonly ?int $post_id,
		public readonly ?string $code,
		public readonly ?string $reason,
	) {}

	public static function inserted( string $suggestion_id, int $post_id ): self {
		return new self( $suggestion_id, true, $post_id, null, null );
	}

	/**
	 * @param int|null $post_id The post it was meant for, when that is worth saying (the post moved or is open).
	 */
	public static function failed( string $suggestion_id, string $code, string $reason, ?int $post_id = null ): self {
		return new self( $suggestion_id, false, $post_id, $code, $reason );
	}

	/**
	 * @return array{suggestionId: string, succeeded: bool, code?: string, reason?: string, postId?: int} As the `interlinker-implement-answer` schema describes it.
	 */
	public function to_rest(): array {
		$rest = array(
			'suggestionId' => $this->suggestion_id,
			'succeeded'    => $this->succeeded,
		);
		if ( null !== $this->code ) {
			$rest['code'] = $this->code;
		}
		if ( null !== $this->reason ) {
			$rest['reason'] = $this->reason;
		}
		if ( null !== $this->post_id ) {
			$rest['postId'] = $this->post_id;
		}
		return $rest;
	}
}
